// Cuts the model's streamed text into sentences, so speech can start with the first one.

const ABBREVIATIONS = new Set(["mr", "mrs", "ms", "dr", "st", "jr", "sr", "vs", "etc", "e.g", "i.e", "no", "approx", "min", "max", "a.m", "p.m"]);
/** A first sentence longer than this is cut at a comma, so speech does not wait for a long sentence's end. */
const LONG_FIRST_CLAUSE = 120;

export class SentenceSplitter {
  private buffer = "";
  private emitted = 0;

  push(text: string): string[] {
    this.buffer += text;
    const sentences: string[] = [];
    for (let cut = this.nextCut(); cut > 0; cut = this.nextCut()) {
      const sentence = this.buffer.slice(0, cut).trim();
      this.buffer = this.buffer.slice(cut);
      if (sentence) {
        sentences.push(sentence);
        this.emitted++;
      }
    }
    return sentences;
  }

  /** The rest, at the end of the text. */
  flush(): string | null {
    const rest = this.buffer.trim();
    this.buffer = "";
    if (!rest) return null;
    this.emitted++;
    return rest;
  }

  private nextCut(): number {
    const pattern = /([.!?…;:]+)["')\]]*\s+|\n+/g;
    for (let match = pattern.exec(this.buffer); match; match = pattern.exec(this.buffer)) {
      const end = match.index + match[0].length;
      if (match[0].startsWith("\n")) return end;
      const before = this.buffer.slice(0, match.index);
      const lastWord = before.split(/\s+/).at(-1)?.toLowerCase() ?? "";
      if (match[1] === "." && (ABBREVIATIONS.has(lastWord) || /^[a-z]$/i.test(lastWord))) continue;
      if (before.trim().length < 2) continue;
      return end;
    }
    if (this.emitted === 0 && this.buffer.length > LONG_FIRST_CLAUSE) {
      const comma = this.buffer.lastIndexOf(", ", LONG_FIRST_CLAUSE);
      if (comma > 20) return comma + 2;
    }
    return -1;
  }
}
