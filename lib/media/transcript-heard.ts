import type { TranscriptEntry } from "@/lib/schemas/call-values";

const normalize = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The transcript with an interrupted agent response cut down to what the caller heard: the
 * response's agent entries from `from` on keep the whole entries that were heard, the one cut off
 * keeps its heard words (marked `interrupted`), later ones go. Words heard that the conversation
 * never stored (the model was cut off mid-stream) are added as an interrupted entry at `at`.
 */
export function keepHeardText(transcript: TranscriptEntry[], from: number, heard: string, at: string): TranscriptEntry[] {
  const before = transcript.slice(0, from);
  const after = transcript.slice(from);
  let rest = normalize(heard);
  const kept: TranscriptEntry[] = [];
  let marked = false;
  for (const entry of after) {
    if (entry.role !== "agent") {
      kept.push(entry);
      continue;
    }
    const content = normalize(entry.content);
    if (rest && rest.startsWith(content)) {
      kept.push(entry);
      rest = rest.slice(content.length).trim();
    } else if (rest) {
      kept.push({ ...entry, content: rest, interrupted: true });
      rest = "";
      marked = true;
    }
  }
  if (rest) {
    kept.push({ role: "agent", content: rest, start_time: at, interrupted: true });
    marked = true;
  }
  if (!marked) {
    const last = kept.findLastIndex((entry) => entry.role === "agent");
    if (last >= 0) kept[last] = { ...kept[last], interrupted: true };
  }
  return [...before, ...kept];
}
