import { describe, expect, it } from "vitest";
import {
  checkPdfFile,
  describeSummary,
  findCreatedSource,
  formatBytes,
  isProcessing,
  startsWithPdfSignature,
  summarizeSources,
} from "@/components/knowledge-bases/source-files";
import type { KnowledgeBase, KnowledgeBaseSource } from "@/lib/voice-api/knowledge-bases";
import { makePdf } from "../helpers/pdf";

const source = (id: string, overrides: Partial<KnowledgeBaseSource> = {}): KnowledgeBaseSource => ({
  id,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  type: "file",
  file_name: `${id}.pdf`,
  file_url: null,
  title: `${id}.pdf`,
  byte_size: 100,
  status: "ready",
  failure_reason: null,
  ...overrides,
});

const knowledgeBase = (sources: KnowledgeBaseSource[]): KnowledgeBase => ({
  id: "kb",
  name: "FAQ",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  status: "ready",
  organization_id: "org",
  sources,
});

describe("the browser's PDF check", () => {
  it("accepts a real PDF whatever its name, and refuses a renamed text file by its content", async () => {
    expect(await checkPdfFile(new File([makePdf([["Hello"]]) as Uint8Array<ArrayBuffer>], "notes.txt"))).toEqual({ ok: true });
    const renamed = await checkPdfFile(new File(["just some text"], "menu.pdf", { type: "application/pdf" }));
    expect(renamed.ok).toBe(false);
    expect(!renamed.ok && renamed.reason).toMatch(/does not start with %PDF-/);
  });

  it("refuses an empty file and a file shorter than the signature", async () => {
    expect(await checkPdfFile(new File([], "empty.pdf"))).toEqual({ ok: false, reason: "The file is empty" });
    expect((await checkPdfFile(new File(["%PDF"], "short.pdf"))).ok).toBe(false);
    expect(startsWithPdfSignature(new TextEncoder().encode("%PDF-1.7"))).toBe(true);
    expect(startsWithPdfSignature(new TextEncoder().encode(" %PDF-1.7"))).toBe(false);
  });
});

describe("source summaries", () => {
  it("counts statuses and says so in words", () => {
    const summary = summarizeSources([source("a"), source("b", { status: "processing" }), source("c", { status: "failed" })]);
    expect(summary).toEqual({ total: 3, ready: 1, processing: 1, failed: 1 });
    expect(describeSummary(summary)).toBe("3 sources · 1 processing · 1 failed");
    expect(describeSummary(summarizeSources([source("a")]))).toBe("1 source");
    expect(describeSummary(summarizeSources([]))).toBe("No sources yet");
  });

  it("keeps polling only while a source is processing", () => {
    expect(isProcessing([knowledgeBase([source("a")]), knowledgeBase([source("b", { status: "processing" })])])).toBe(true);
    expect(isProcessing([knowledgeBase([source("a"), source("c", { status: "failed" })])])).toBe(false);
  });

  it("formats sizes", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(25 * 1024 * 1024)).toBe("25 MB");
    expect(formatBytes(null)).toBe("—");
  });
});

describe("finding the source an upload created", () => {
  it("prefers the new source with the file's name, skipping known and claimed ones", () => {
    const after = knowledgeBase([source("old"), source("other", { file_name: "b.pdf" }), source("mine", { file_name: "a.pdf" })]);
    expect(findCreatedSource(after, new Set(["old"]), "a.pdf")?.id).toBe("mine");
    expect(findCreatedSource(after, new Set(["old", "other"]), "renamed by the server.pdf")?.id).toBe("mine");
    expect(findCreatedSource(after, new Set(["old"]), "renamed by the server.pdf")).toBeNull();
  });
});
