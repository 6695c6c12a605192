/**
 * Splits text into retrieval chunks of about `targetSize` characters (never more than `maxSize`),
 * cut at paragraph, line or sentence boundaries (words only for a sentence longer than a chunk),
 * each starting with the last sentence or words of the previous one (up to `overlap` characters)
 * so that a passage cut in two still matches a search.
 */
export type ChunkOptions = { targetSize?: number; maxSize?: number; overlap?: number };

type Piece = { text: string; separator: string };

/** Drops characters Postgres text cannot hold or search gains nothing from; keeps paragraph structure. */
export function normalizeText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, "\n")
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, " ")
      .replace(/[ \t\u00a0]+/g, " ")
      .replace(/ *\n */g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

const SENTENCE_END = /(?<=[.!?…]["'”’)\]]*)\s+/u;

function splitLong(text: string, maxSize: number): string[] {
  if (text.length <= maxSize) return [text];
  const sentences = text.split(SENTENCE_END).filter(Boolean);
  const out: string[] = [];
  for (const sentence of sentences) {
    if (sentence.length <= maxSize) {
      out.push(sentence);
      continue;
    }
    let current = "";
    for (const word of sentence.split(/\s+/)) {
      for (let i = 0; i < word.length; i += maxSize) {
        const part = word.slice(i, i + maxSize);
        if (current && current.length + 1 + part.length > maxSize) {
          out.push(current);
          current = part;
        } else {
          current = current ? `${current} ${part}` : part;
        }
      }
    }
    if (current) out.push(current);
  }
  return out;
}

function pieces(text: string, maxSize: number): Piece[] {
  const out: Piece[] = [];
  text.split("\n\n").forEach((paragraph, p) => {
    paragraph.split("\n").forEach((line, l) => {
      splitLong(line, maxSize).forEach((part, s) => {
        if (!part.trim()) return;
        out.push({ text: part, separator: s > 0 ? " " : l > 0 ? "\n" : p > 0 ? "\n\n" : "" });
      });
    });
  });
  return out;
}

function join(parts: Piece[]): string {
  return parts.map((part, index) => (index === 0 ? part.text : part.separator + part.text)).join("");
}

export function chunkText(text: string, options: ChunkOptions = {}): string[] {
  const targetSize = options.targetSize ?? 1000;
  const maxSize = Math.max(options.maxSize ?? 1200, targetSize);
  const overlap = Math.min(options.overlap ?? 150, Math.floor(targetSize / 2));
  const chunks: string[] = [];
  let current: Piece[] = [];
  let fresh = 0;

  const lengthWith = (next: Piece) => join([...current, next]).length;
  const flush = () => {
    if (fresh === 0) return;
    chunks.push(join(current));
    // Carry the tail: whole trailing pieces that fit in `overlap`, else none.
    const carry: Piece[] = [];
    let size = 0;
    for (let i = current.length - 1; i > 0; i--) {
      size += current[i].text.length + 1;
      if (size > overlap) break;
      carry.unshift(current[i]);
    }
    current = carry;
    fresh = 0;
  };

  for (const piece of pieces(normalizeText(text), maxSize)) {
    if (current.length && lengthWith(piece) > maxSize) {
      flush();
      if (current.length && lengthWith(piece) > maxSize) current = [];
    }
    current.push(piece);
    fresh++;
    if (join(current).length >= targetSize) flush();
  }
  flush();
  return chunks;
}

/**
 * chunkText for long texts without holding the thread: the text is cut at paragraph breaks into
 * slices of about `sliceSize` characters, each chunked on its own turn of the event loop (a slice
 * boundary is always a paragraph break, so at most one shorter chunk per slice).
 */
export async function chunkTextYielding(text: string, options: ChunkOptions & { sliceSize?: number } = {}): Promise<string[]> {
  const sliceSize = options.sliceSize ?? 64_000;
  const normalized = normalizeText(text);
  const chunks: string[] = [];
  for (let start = 0; start < normalized.length; ) {
    const cut = normalized.length - start <= sliceSize ? -1 : normalized.indexOf("\n\n", start + sliceSize);
    const end = cut === -1 ? normalized.length : cut;
    chunks.push(...chunkText(normalized.slice(start, end), options));
    start = end + 2;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return chunks;
}

export type PageChunk = { content: string; page: number | null; isContents: boolean };

/**
 * Chunks of a paged document: each page chunked on its own, so every chunk knows its page (from 1).
 * `pages` null: a text without pages (one run of chunks, page null).
 */
export async function chunkPagesYielding(pages: readonly string[] | null, text: string, options: ChunkOptions = {}): Promise<PageChunk[]> {
  const chunks: PageChunk[] = [];
  const texts = pages ?? [text];
  for (let index = 0; index < texts.length; index++) {
    for (const content of await chunkTextYielding(texts[index], options)) {
      chunks.push({ content, page: pages ? index + 1 : null, isContents: looksLikeContents(content) });
    }
  }
  return chunks;
}

// "Introduction ........ 3", "2.1 Opening hours   14", "Chapter 4 - Billing 27".
const CONTENTS_LINE = /(\.{3,}|…|\s{2,}|\s-\s|\t)\s*\d{1,4}\s*$|^\s*(\d+(\.\d+)*|[IVX]+\.?)\s+\S.*\s\d{1,4}\s*$/;

/**
 * A table of contents (or an index) rather than prose: most of its lines end in a page number. Such
 * chunks name every topic and would outrank the pages that explain them, so search ranks them lower.
 */
export function looksLikeContents(content: string): boolean {
  const lines = content.split("\n").map((line) => line.trim()).filter(Boolean);
  if (/^(table of )?contents\b/i.test(lines[0] ?? "") && lines.length >= 3) return true;
  if (lines.length < 4) return false;
  return lines.filter((line) => CONTENTS_LINE.test(line)).length / lines.length >= 0.6;
}
