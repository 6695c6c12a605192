import { monitorEventLoopDelay } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgeBaseChunks } from "@/lib/db/schema";
import { DEFAULT_INGESTION_LIMITS, ingestKnowledgeBaseSource } from "@/lib/services/knowledge-bases/knowledge-base-ingestion";
import { client, poll, type KnowledgeBaseView } from "../helpers/knowledge-base-requests";
import { makeSharedStreamPdf } from "../helpers/pdf";
import { createTestApi, type TestApi } from "../helpers/test-api";

/**
 * PDFs built to take a server down: thousands of pages drawing one shared content stream, so 3 MB of
 * file unfold into a hundred million characters. Extraction is bounded (pages, characters, chunks,
 * time, memory) and runs in a worker thread: the source fails with a reason, and the thread that
 * answers requests stays free the whole time.
 */
let api: TestApi;
let apiKey: string;
let kb: ReturnType<typeof client>;

beforeAll(async () => {
  api = await createTestApi({ workers: true });
  ({ apiKey } = await api.createOrganization());
  kb = client(api, () => apiKey);
});
afterAll(async () => api?.close());

/** Uploads one PDF and waits until its source is no longer processing, watching the event loop meanwhile. */
async function ingest(pdf: Uint8Array, name: string) {
  const base = await kb.create(name);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const apiLatencies: number[] = [];
  const started = Date.now();
  loop.enable();
  const upload = await kb.upload(base.id, [["file_sources.0.items", pdf, `${name}.pdf`]]);
  expect(upload.status).toBe(200);
  const done = await poll(
    async () => {
      const asked = Date.now();
      const res = await kb.send("GET", `/v1/knowledge-bases/${base.id}`);
      apiLatencies.push(Date.now() - asked);
      return res.body.data as unknown as KnowledgeBaseView;
    },
    (view) => view.sources[0].status !== "processing",
    60_000,
  );
  loop.disable();
  clearInterval(sampler);
  return {
    source: done.sources[0],
    seconds: (Date.now() - started) / 1000,
    maxLoopDelayMs: loop.max / 1e6,
    maxApiMs: Math.max(...apiLatencies),
    rssGrowthMb: (rssPeak - rssBefore) / 2 ** 20,
  };
}

describe("hostile PDFs", () => {
  it("fails the probe's 3 MB PDF of 20,000 pages at once, naming the page limit", async () => {
    const bomb = makeSharedStreamPdf(20_000, 80);
    expect(bomb.byteLength).toBeLessThan(3.5 * 2 ** 20);
    const result = await ingest(bomb, "bomb");
    expect(result.source.status).toBe("failed");
    expect(result.source.failure_reason).toMatch(/20000 pages; at most 2000/);
    expect(result.seconds).toBeLessThan(20);
    expect(result.maxApiMs).toBeLessThan(1000);
    expect(await api.db.select().from(knowledgeBaseChunks).where(eq(knowledgeBaseChunks.sourceId, result.source.id))).toHaveLength(0);
  });

  it("stops at the character limit within the page limit, while the API keeps answering", async () => {
    // 1,900 pages × 80 lines ≈ 9.5 million characters: past the 2 million that one source may hold.
    const result = await ingest(makeSharedStreamPdf(1_900, 80), "long");
    expect(result.source.status).toBe("failed");
    expect(result.source.failure_reason).toMatch(/more than 2000000 characters/);
    // The upload itself (multipart parsing, the blob written) takes a few hundred ms; extraction adds nothing.
    expect(result.maxLoopDelayMs, `event loop held ${result.maxLoopDelayMs} ms`).toBeLessThan(1000);
    expect(result.maxApiMs).toBeLessThan(1000);
    expect(result.rssGrowthMb, `memory grew ${result.rssGrowthMb} MB`).toBeLessThan(DEFAULT_INGESTION_LIMITS.memoryMb);
  });

  it("indexes a long PDF within the limits without holding the thread that answers requests", async () => {
    // 400 pages × 80 lines ≈ 1.3 million characters, about 1,400 chunks.
    const result = await ingest(makeSharedStreamPdf(400, 80), "manual");
    expect(result.source.status).toBe("ready");
    const chunks = await api.db.select({ id: knowledgeBaseChunks.id }).from(knowledgeBaseChunks).where(eq(knowledgeBaseChunks.sourceId, result.source.id));
    expect(chunks.length).toBeGreaterThan(1_000);
    // On the embedded database the chunk index is written on this thread too (about a second here).
    expect(result.maxApiMs).toBeLessThan(3000);
    console.log(`long PDF: ${result.seconds.toFixed(1)} s, event loop held at most ${result.maxLoopDelayMs.toFixed(0)} ms, API at most ${result.maxApiMs} ms`);
  });
});

describe("every bound fails the source with its reason", () => {
  async function sourceFor(pdf: Uint8Array) {
    const base = await kb.create("bounds");
    // Uploaded without a worker picking it up first: the test runs the ingestion itself with tight limits.
    await api.boss.offWork("knowledge-base-ingest-source").catch(() => undefined);
    const upload = await kb.upload(base.id, [["file_sources.0.items", pdf, "bounds.pdf"]]);
    return (upload.body.data as unknown as KnowledgeBaseView).sources[0].id;
  }
  const status = async (sourceId: string) => {
    const { knowledgeBaseSources } = await import("@/lib/db/schema");
    const [row] = await api.db.select().from(knowledgeBaseSources).where(eq(knowledgeBaseSources.id, sourceId));
    return row;
  };

  it.each([
    ["time", { timeoutMs: 50 }, /took longer than 0.05 s/],
    ["memory", { memoryMb: 8 }, /needed more than 8 MB of memory/],
    ["chunks", { maxChunks: 100 }, /chunks; at most 100 are indexed/],
    ["pages", { maxPages: 50 }, /300 pages; at most 50/],
  ] as const)("%s", async (_bound, limits, reason) => {
    const sourceId = await sourceFor(makeSharedStreamPdf(300, 60));
    await ingestKnowledgeBaseSource(api.db, api.storage, sourceId, { lastAttempt: false, limits: { ...DEFAULT_INGESTION_LIMITS, ...limits } });
    const row = await status(sourceId);
    expect(row.status).toBe("failed");
    expect(row.failureReason).toMatch(reason);
  });
});
