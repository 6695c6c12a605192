import type { KnowledgeBase, KnowledgeBaseSource } from "@/lib/voice-api/knowledge-bases";

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-", as the API checks it

/** Whether the bytes start like a PDF; names and declared types say nothing. */
export function startsWithPdfSignature(bytes: Uint8Array): boolean {
  return bytes.byteLength >= PDF_SIGNATURE.length && PDF_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

export type FileCheck = { ok: true } | { ok: false; reason: string };

/** Reads a file's first bytes in the browser and refuses what the API would refuse as "not a PDF". */
export async function checkPdfFile(file: Blob): Promise<FileCheck> {
  if (file.size === 0) return { ok: false, reason: "The file is empty" };
  const head = new Uint8Array(await file.slice(0, PDF_SIGNATURE.length).arrayBuffer());
  if (startsWithPdfSignature(head)) return { ok: true };
  return { ok: false, reason: "Not a PDF: its content does not start with %PDF- (only PDF files are supported, whatever the file's name)" };
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return "—";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

export type SourceSummary = { total: number; ready: number; processing: number; failed: number };

export function summarizeSources(sources: readonly Pick<KnowledgeBaseSource, "status">[]): SourceSummary {
  const summary = { total: sources.length, ready: 0, processing: 0, failed: 0 };
  for (const source of sources) summary[source.status] += 1;
  return summary;
}

/** "3 sources · 1 processing · 1 failed", or "No sources yet". */
export function describeSummary(summary: SourceSummary): string {
  if (summary.total === 0) return "No sources yet";
  const parts = [`${summary.total} source${summary.total === 1 ? "" : "s"}`];
  if (summary.processing) parts.push(`${summary.processing} processing`);
  if (summary.failed) parts.push(`${summary.failed} failed`);
  return parts.join(" · ");
}

/** Whether the page should keep polling: some source is still being extracted and indexed. */
export function isProcessing(knowledgeBases: readonly Pick<KnowledgeBase, "sources">[]): boolean {
  return knowledgeBases.some((kb) => kb.sources.some((source) => source.status === "processing"));
}

/** The name people know a source by. */
export function sourceLabel(source: Pick<KnowledgeBaseSource, "title" | "file_name" | "type">): string {
  return source.title ?? source.file_name ?? (source.type === "file" ? "Untitled PDF" : "Untitled text");
}

/**
 * The source an upload of one file created: in the answer and not among `knownIds` (the sources seen
 * before, and those other uploads claimed). The API may clean the name up, so a name match is
 * preferred but a single new file source is taken too.
 */
export function findCreatedSource(after: KnowledgeBase, knownIds: ReadonlySet<string>, fileName: string): KnowledgeBaseSource | null {
  const fresh = after.sources.filter((source) => source.type === "file" && !knownIds.has(source.id));
  return fresh.findLast((source) => source.file_name === fileName) ?? (fresh.length === 1 ? fresh[0] : null);
}
