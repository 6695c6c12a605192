import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blobs, knowledgeBaseChunks, knowledgeBaseSources } from "@/lib/db/schema";
import { serveSignedFile } from "@/lib/storage/serve-signed-file";
import {
  client,
  expectError,
  poll,
  type KnowledgeBaseView,
  type SourceView,
} from "../helpers/knowledge-base-requests";
import { makePdf, wrap } from "../helpers/pdf";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let orgA: { organizationId: string; apiKey: string };
let orgB: { organizationId: string; apiKey: string };
let kb: ReturnType<typeof client>;

const MISSING_ID = "7d9f2c4e-1a3b-4c5d-8e9f-0a1b2c3d4e5f";

const HOURS = wrap(
  "Bella's Bistro opening hours. We are open Tuesday to Sunday from noon until ten in the evening. " +
    "On Mondays the kitchen is closed for deliveries and cleaning. Reservations for groups larger than eight guests " +
    "need a deposit of twenty dollars per person.",
);
const WINE = wrap(
  "Our wine list. The house red is a Montepulciano from Abruzzo, served by the glass or the carafe. " +
    "The sommelier recommends the Barolo with the braised beef. Corkage for bottles you bring is fifteen dollars.",
);
// Long enough to be several chunks, so ranking has to choose among chunks too.
const PARKING = wrap(
  Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} about the neighbourhood, its streets, its shops and the old harbour walk.`).join(" ") +
    " Parking is free in the garage on Harbor Road after six in the evening.",
);

beforeAll(async () => {
  api = await createTestApi({ workers: true });
  orgA = await api.createOrganization("Org A");
  orgB = await api.createOrganization("Org B");
  kb = client(api, () => orgA.apiKey);
});
afterAll(async () => api?.close());

const getBase = async (id: string, key = orgA.apiKey) => (await kb.send("GET", `/v1/knowledge-bases/${id}`, undefined, key)).body.data as unknown as KnowledgeBaseView;
const settled = (base: KnowledgeBaseView) => base.sources.every((source) => source.status !== "processing");

async function tableCounts(knowledgeBaseId: string) {
  const [sources] = await api.db.select({ n: count() }).from(knowledgeBaseSources).where(eq(knowledgeBaseSources.knowledgeBaseId, knowledgeBaseId));
  const [chunks] = await api.db.select({ n: count() }).from(knowledgeBaseChunks).where(eq(knowledgeBaseChunks.knowledgeBaseId, knowledgeBaseId));
  const [stored] = await api.db.select({ n: count() }).from(blobs).where(eq(blobs.organizationId, orgA.organizationId));
  return { sources: sources.n, chunks: chunks.n, blobs: stored.n };
}

describe("knowledge bases", () => {
  it("are created, listed (page mode by default), fetched, renamed and validated", async () => {
    const created = await kb.create("  Restaurant FAQ ");
    expect(created).toMatchObject({ name: "Restaurant FAQ", status: "ready", organization_id: orgA.organizationId, sources: [] });
    const second = await kb.create("Second");

    const list = await kb.send("GET", "/v1/knowledge-bases?limit=1");
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ current_page: 1, total_items: 2, total_pages: 2, next_cursor: null });
    expect(list.body.data.map((base: Record<string, unknown>) => base.id)).toEqual([second.id]);
    const cursorPage = await kb.send("GET", "/v1/knowledge-bases?use_cursor=true&limit=1");
    expect(cursorPage.body.next_cursor).toEqual(expect.any(String));
    const next = await kb.send("GET", `/v1/knowledge-bases?use_cursor=true&limit=1&cursor=${encodeURIComponent(cursorPage.body.next_cursor as string)}`);
    expect(next.body.data.map((base: Record<string, unknown>) => base.id)).toEqual([created.id]);

    expect(await getBase(created.id)).toMatchObject({ id: created.id, name: "Restaurant FAQ" });
    const renamed = await kb.send("PATCH", `/v1/knowledge-bases/${created.id}`, { name: "Bistro FAQ" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: created.id, name: "Bistro FAQ" });

    expectError(await kb.send("POST", "/v1/knowledge-bases", { name: "   " }), 400, "generic_error", "name");
    expectError(await kb.send("POST", "/v1/knowledge-bases", { name: "x", color: "red" }), 400, "generic_error", "color");
    expectError(await kb.send("PATCH", `/v1/knowledge-bases/${created.id}`, {}), 400, "generic_error", "name");
    expectError(await kb.send("GET", `/v1/knowledge-bases/${MISSING_ID}`), 404, "not_found");
    expectError(await kb.send("GET", "/v1/knowledge-bases/not-a-uuid"), 404, "not_found");
    expectError(await kb.send("GET", "/v1/knowledge-bases?limit=0"), 400, "generic_error", "limit");
  });

  it("take PDFs and texts (spec part names), index the files in the background and find them by search", async () => {
    const base = await kb.create("Bistro");
    const res = await kb.upload(base.id, [
      ["file_sources.0.items", makePdf([HOURS]), "opening-hours.pdf", "application/pdf"],
      ["file_sources.1.items", makePdf([WINE]), "wine list.pdf", "application/pdf"],
      ["text_sources", JSON.stringify([{ title: "Allergies", content: "All desserts can be made without nuts on request." }])],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Sources added");
    const added = res.body.data as unknown as KnowledgeBaseView;
    expect(added.id).toBe(base.id);
    expect(added.sources.map((source) => [source.type, source.file_name, source.title])).toEqual([
      ["file", "opening-hours.pdf", "opening-hours.pdf"],
      ["file", "wine list.pdf", "wine list.pdf"],
      ["text", null, "Allergies"],
    ]);
    // Files wait for the ingestion job; texts are indexed during the request.
    expect(added.sources.map((source) => source.status)).toEqual(["processing", "processing", "ready"]);
    expect(added.status).toBe("processing");
    expect(added.sources[0].byte_size).toBe(makePdf([HOURS]).byteLength);
    expect(added.sources[2].file_url).toBeNull();

    const ready = await poll(() => getBase(base.id), settled);
    expect(ready.status).toBe("ready");
    expect(ready.sources.map((source) => source.status)).toEqual(["ready", "ready", "ready"]);

    const search = await kb.send("POST", `/v1/knowledge-bases/${base.id}/search`, { query: "when are you open on sunday" });
    expect(search.status).toBe(200);
    const results = search.body.data as unknown as { source_id: string; source_title: string; content: string; rank: number }[];
    expect(results[0]).toMatchObject({ source_id: ready.sources[0].id, source_title: "opening-hours.pdf", source_type: "file", file_name: "opening-hours.pdf" });
    expect(results[0].content).toContain("open Tuesday to Sunday");
    expect(results[0].rank).toBeGreaterThan(0);
    expect(results[0].rank).toBeLessThan(1);

    const wine = (await kb.send("POST", `/v1/knowledge-bases/${base.id}/search`, { query: "Barolo beef", limit: 1 })).body.data as unknown as {
      source_id: string;
    }[];
    expect(wine.map((result) => result.source_id)).toEqual([ready.sources[1].id]);
    const text = (await kb.send("POST", `/v1/knowledge-bases/${base.id}/search`, { query: "nut allergy dessert" })).body.data as unknown as {
      source_id: string;
      source_title: string;
    }[];
    expect(text[0]).toMatchObject({ source_id: ready.sources[2].id, source_title: "Allergies" });
    expect((await kb.send("POST", `/v1/knowledge-bases/${base.id}/search`, { query: "helicopter" })).body.data).toEqual([]);
  });

  it("accept plain repeated file_sources parts, chunk long PDFs and rank the chunk that matches first", async () => {
    const base = await kb.create("Neighbourhood");
    const res = await kb.upload(base.id, [
      ["file_sources", makePdf([PARKING.slice(0, 8), PARKING.slice(8)]), "area.pdf"],
      ["file_sources", makePdf([HOURS]), "hours.pdf"],
    ]);
    expect(res.status).toBe(200);
    const ready = await poll(() => getBase(base.id), settled);
    expect(ready.sources.map((source) => [source.file_name, source.status])).toEqual([
      ["area.pdf", "ready"],
      ["hours.pdf", "ready"],
    ]);
    const chunks = await api.db
      .select({ position: knowledgeBaseChunks.position, content: knowledgeBaseChunks.content })
      .from(knowledgeBaseChunks)
      .where(eq(knowledgeBaseChunks.sourceId, ready.sources[0].id));
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.content.length).toBeLessThanOrEqual(1200);

    const results = (await kb.send("POST", `/v1/knowledge-bases/${base.id}/search`, { query: "free parking garage" })).body.data as unknown as {
      source_id: string;
      content: string;
      position: number;
    }[];
    expect(results[0].source_id).toBe(ready.sources[0].id);
    expect(results[0].content).toContain("Parking is free in the garage");
  });

  it("give each result its PDF page and an excerpt with the matched words marked, and rank contents pages below prose", async () => {
    const base = await kb.create("Handbook");
    const contents = ["Table of contents", "1 Welcome ........ 2", "2 Opening hours ........ 3", "3 Parking and arrival ........ 3", "4 Refunds ........ 4"];
    const refunds = wrap(
      "Guests who cancel more than two days ahead get a full refund. " +
        "Later cancellations are refunded as a voucher for a later visit; the voucher is valid for one year. " +
        "To ask for a refund, write to the front desk with your booking number.",
    );
    await kb.upload(base.id, [["file_sources.0.items", makePdf([contents, HOURS, PARKING.slice(-3), refunds]), "handbook.pdf"]]);
    await poll(() => getBase(base.id), settled);
    type Result = { page: number | null; content: string; excerpt: string; highlights: { start: number; end: number }[]; rank: number };
    const results = (await kb.send("POST", `/v1/knowledge-bases/${base.id}/search`, { query: "refunds" })).body.data as unknown as Result[];
    // The refunds page first, the contents page (which names "Refunds" too) after it.
    expect(results.map((result) => result.page)).toEqual([4, 1]);
    expect(results[0].rank).toBeGreaterThan(results[1].rank);
    const [best] = results;
    expect(best.content).toContain("full refund");
    const marked = best.highlights.map(({ start, end }) => best.excerpt.slice(start, end).toLowerCase());
    expect(marked.length).toBeGreaterThan(0);
    for (const word of marked) expect(word).toMatch(/^refund/);
    expect(best.excerpt.length).toBeLessThan(best.content.length + 5);

    const text = (await kb.send("POST", `/v1/knowledge-bases/${base.id}/search`, { query: "garage" })).body.data as unknown as Result[];
    expect(text[0]).toMatchObject({ page: 3 });
    expect(text[0].excerpt.slice(text[0].highlights[0].start, text[0].highlights[0].end)).toBe("garage");
  });

  it("serve each PDF by its signed file_url, without the API key", async () => {
    const base = await kb.create("Links");
    const pdf = makePdf([WINE]);
    const added = (await kb.upload(base.id, [["file_sources.0.items", pdf, "wine.pdf"]])).body.data as unknown as KnowledgeBaseView;
    const url = added.sources[0].file_url!;
    expect(url).toMatch(/^http:\/\/localhost\/files\/organizations\/[\w-]+\/knowledge-bases\/[\w-]+\/[\w-]+\/wine\.pdf\?expires=\d+&signature=/);
    const res = await serveSignedFile(new Request(url), { storage: api.storage, links: api.links });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain('filename="wine.pdf"');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
  });

  it("mark a PDF without text failed with a reason; the knowledge base is then partially_failed", async () => {
    const base = await kb.create("Scans");
    await kb.upload(base.id, [
      ["file_sources.0.items", makePdf([[]]), "scan.pdf"],
      ["file_sources.1.items", makePdf([HOURS]), "hours.pdf"],
    ]);
    const done = await poll(() => getBase(base.id), settled);
    expect(done.sources[0]).toMatchObject({ file_name: "scan.pdf", status: "failed", failure_reason: expect.stringMatching(/no extractable text/) });
    expect(done.sources[1]).toMatchObject({ status: "ready", failure_reason: null });
    expect(done.status).toBe("partially_failed");

    const onlyScan = await kb.create("Only scans");
    await kb.upload(onlyScan.id, [["file_sources", makePdf([[], []]), "blank.pdf"]]);
    expect((await poll(() => getBase(onlyScan.id), settled)).status).toBe("failed");
  });

  it("delete sources by id; unknown ids are a 404 naming each, and then nothing is deleted", async () => {
    const base = await kb.create("Deletions");
    const added = (
      await kb.upload(base.id, [
        ["file_sources.0.items", makePdf([WINE]), "wine.pdf"],
        ["text_sources", JSON.stringify([{ title: "A", content: "Alpha text" }, { title: "B", content: "Beta text" }])],
      ])
    ).body.data as unknown as KnowledgeBaseView;
    await poll(() => getBase(base.id), settled);
    const [file, textA, textB] = added.sources;
    const other = await kb.create("Other");
    const otherSource = ((await kb.upload(other.id, [["text_sources", JSON.stringify([{ title: "C", content: "Gamma" }])]])).body.data as unknown as KnowledgeBaseView)
      .sources[0];
    const before = await tableCounts(base.id);

    const unknown = await kb.send("DELETE", `/v1/knowledge-bases/${base.id}/sources`, { source_ids: [textA.id, MISSING_ID, otherSource.id] });
    expectError(unknown, 404, "not_found");
    expect(unknown.body.error!.details).toEqual([
      { field: "source_ids[1]", message: `No source ${MISSING_ID} in this knowledge base` },
      { field: "source_ids[2]", message: `No source ${otherSource.id} in this knowledge base` },
    ]);
    expect(unknown.body.error!.message).toContain(MISSING_ID);
    expect(unknown.body.error!.message).toContain(otherSource.id);
    expect(await tableCounts(base.id)).toEqual(before);

    expectError(await kb.send("DELETE", `/v1/knowledge-bases/${base.id}/sources`, { source_ids: [] }), 400, "generic_error", "source_ids");
    expectError(await kb.send("DELETE", `/v1/knowledge-bases/${base.id}/sources`, { source_ids: ["nope"] }), 400, "generic_error", "source_ids[0]");

    const deleted = await kb.send("DELETE", `/v1/knowledge-bases/${base.id}/sources`, { source_ids: [file.id, textA.id] });
    expect(deleted.status).toBe(200);
    expect((deleted.body.data as unknown as KnowledgeBaseView).sources.map((source: SourceView) => source.id)).toEqual([textB.id]);
    const rows = await api.db.select().from(knowledgeBaseSources).where(inArray(knowledgeBaseSources.id, [file.id, textA.id]));
    expect(rows).toEqual([]);
    const chunks = await api.db.select().from(knowledgeBaseChunks).where(inArray(knowledgeBaseChunks.sourceId, [file.id, textA.id]));
    expect(chunks).toEqual([]);
    const left = await tableCounts(base.id);
    expect(left.sources).toBe(1);
    expect(left.blobs).toBe(before.blobs - 2);
    const search = (await kb.send("POST", `/v1/knowledge-bases/${base.id}/search`, { query: "alpha" })).body.data;
    expect(search).toEqual([]);
  });

  it("delete a knowledge base with its sources, chunks and blobs", async () => {
    const base = await kb.create("Doomed");
    const added = (
      await kb.upload(base.id, [
        ["file_sources.0.items", makePdf([HOURS]), "hours.pdf"],
        ["text_sources", JSON.stringify([{ title: "T", content: "Some text" }])],
      ])
    ).body.data as unknown as KnowledgeBaseView;
    await poll(() => getBase(base.id), settled);
    const keys = await api.db
      .select({ key: knowledgeBaseSources.blobKey })
      .from(knowledgeBaseSources)
      .where(eq(knowledgeBaseSources.knowledgeBaseId, base.id));
    expect(keys).toHaveLength(2);

    const res = await kb.send("DELETE", `/v1/knowledge-bases/${base.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expectError(await kb.send("GET", `/v1/knowledge-bases/${base.id}`), 404, "not_found");
    expect(await tableCounts(base.id)).toMatchObject({ sources: 0, chunks: 0 });
    const leftBlobs = await api.db.select().from(blobs).where(inArray(blobs.key, keys.map((row) => row.key!)));
    expect(leftBlobs).toEqual([]);
    expect((await serveSignedFile(new Request(added.sources[0].file_url!), { storage: api.storage, links: api.links })).status).toBe(404);
    expectError(await kb.send("DELETE", `/v1/knowledge-bases/${base.id}`), 404, "not_found");
  });

  it("validate searches", async () => {
    const base = await kb.create("Search rules");
    const search = (body: unknown) => kb.send("POST", `/v1/knowledge-bases/${base.id}/search`, body);
    expectError(await search({ query: "" }), 400, "generic_error", "query");
    expectError(await search({ query: "x", limit: 0 }), 400, "generic_error", "limit");
    expectError(await search({ query: "x", limit: 51 }), 400, "generic_error", "limit");
    expectError(await search({ query: "x", limit: 2.5 }), 400, "generic_error", "limit");
    expectError(await search({}), 400, "generic_error", "query");
    expect((await search({ query: "the and of" })).body.data).toEqual([]);
    expectError(await kb.send("POST", `/v1/knowledge-bases/${MISSING_ID}/search`, { query: "x" }), 404, "not_found");

    const texts = Array.from({ length: 8 }, (_, i) => ({ title: `Note ${i}`, content: `Salmon special number ${i}` }));
    await kb.upload(base.id, [["text_sources", JSON.stringify(texts)]]);
    expect((await search({ query: "salmon" })).body.data).toHaveLength(5);
    expect((await search({ query: "salmon", limit: 50 })).body.data).toHaveLength(8);
  });

  it("keep every organization to its own knowledge bases", async () => {
    const base = await kb.create("Private");
    const added = (await kb.upload(base.id, [["text_sources", JSON.stringify([{ title: "Secret", content: "The safe code is 1234" }])]])).body
      .data as unknown as KnowledgeBaseView;
    const key = orgB.apiKey;
    expectError(await kb.send("GET", `/v1/knowledge-bases/${base.id}`, undefined, key), 404, "not_found");
    expectError(await kb.send("PATCH", `/v1/knowledge-bases/${base.id}`, { name: "Mine" }, key), 404, "not_found");
    expectError(await kb.send("POST", `/v1/knowledge-bases/${base.id}/search`, { query: "safe code" }, key), 404, "not_found");
    expectError(await kb.upload(base.id, [["text_sources", JSON.stringify([{ title: "x", content: "y" }])]], key), 404, "not_found");
    expectError(await kb.send("DELETE", `/v1/knowledge-bases/${base.id}/sources`, { source_ids: [added.sources[0].id] }, key), 404, "not_found");
    expectError(await kb.send("DELETE", `/v1/knowledge-bases/${base.id}`, undefined, key), 404, "not_found");
    const theirs = await kb.send("GET", "/v1/knowledge-bases", undefined, key);
    expect(theirs.body.data).toEqual([]);

    // Their own knowledge base cannot reach into ours either.
    const own = await kb.create("Theirs", key);
    expectError(await kb.send("DELETE", `/v1/knowledge-bases/${own.id}/sources`, { source_ids: [added.sources[0].id] }, key), 404, "not_found");

    const still = await getBase(base.id);
    expect(still).toMatchObject({ name: "Private", sources: [{ id: added.sources[0].id, title: "Secret" }] });
    const [chunk] = await api.db
      .select({ n: count() })
      .from(knowledgeBaseChunks)
      .where(and(eq(knowledgeBaseChunks.knowledgeBaseId, base.id), eq(knowledgeBaseChunks.organizationId, orgA.organizationId)));
    expect(chunk.n).toBe(1);
  });
});
