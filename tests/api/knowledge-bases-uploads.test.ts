import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blobs, knowledgeBaseChunks, knowledgeBaseSources } from "@/lib/db/schema";
import { client, expectError, form, type KnowledgeBaseView } from "../helpers/knowledge-base-requests";
import { makePdf } from "../helpers/pdf";
import { createTestApi, type TestApi } from "../helpers/test-api";

const MAX_FILE = 20_000;
const MAX_REQUEST = 60_000;

let api: TestApi;
let org: { organizationId: string; apiKey: string };
let kb: ReturnType<typeof client>;
let base: KnowledgeBaseView;

beforeAll(async () => {
  api = await createTestApi({ settings: { knowledgeBaseMaxFileBytes: MAX_FILE, knowledgeBaseMaxRequestBytes: MAX_REQUEST } });
  org = await api.createOrganization("Uploads");
  kb = client(api, () => org.apiKey);
  base = await kb.create("Uploads");
});
afterAll(async () => api?.close());

const pdf = () => makePdf([["A real PDF with some text."]]);
/** A PDF padded past the file limit: valid header, too many bytes. */
const bigPdf = () => {
  const bytes = new Uint8Array(MAX_FILE + 1).fill(0x20);
  bytes.set(pdf());
  return bytes;
};

async function stored() {
  const [sources] = await api.db.select({ n: count() }).from(knowledgeBaseSources).where(eq(knowledgeBaseSources.knowledgeBaseId, base.id));
  const [chunks] = await api.db.select({ n: count() }).from(knowledgeBaseChunks).where(eq(knowledgeBaseChunks.knowledgeBaseId, base.id));
  const [blobRows] = await api.db.select({ n: count() }).from(blobs).where(eq(blobs.organizationId, org.organizationId));
  const [jobs] = (await api.connection.query("select count(*)::int as n from pgboss.job where name = 'knowledge-base-ingest-source'")).rows as { n: number }[];
  return { sources: sources.n, chunks: chunks.n, blobs: blobRows.n, jobs: jobs.n };
}

const nothing = { sources: 0, chunks: 0, blobs: 0, jobs: 0 };

describe("refused uploads store nothing", () => {
  it("a renamed text file (by content, whatever its name and type) is 415 naming the part, even beside a real PDF", async () => {
    const res = await kb.upload(base.id, [
      ["file_sources.0.items", pdf(), "good.pdf", "application/pdf"],
      ["file_sources.1.items", new TextEncoder().encode("just some notes, not a pdf"), "notes.pdf", "application/pdf"],
      ["text_sources", JSON.stringify([{ title: "T", content: "text" }])],
    ]);
    expectError(res, 415, "unsupported_media_type", "file_sources.1.items");
    expect(res.body.error!.details).toHaveLength(1);
    expect(res.body.error!.details[0].message).toMatch(/%PDF-/);
    expect(await stored()).toEqual(nothing);
  });

  it("a file over KB_MAX_FILE_BYTES is 413 naming the part", async () => {
    const res = await kb.upload(base.id, [
      ["file_sources", pdf(), "small.pdf"],
      ["file_sources", bigPdf(), "big.pdf"],
    ]);
    expectError(res, 413, "payload_too_large", "file_sources");
    expect(res.body.error!.details[0].message).toMatch(/limit/);
    expect(await stored()).toEqual(nothing);
  });

  it("a request over KB_MAX_REQUEST_BYTES is 413 while streaming, and at once when Content-Length says so", async () => {
    const parts = Array.from({ length: 4 }, (_, i) => [`file_sources.${i}.items`, new Uint8Array(MAX_FILE - 100).fill(0x41), `f${i}.pdf`] as [string, Uint8Array, string]);
    // No Content-Length on an in-process FormData body: the cap is enforced as the bytes arrive.
    expectError(await kb.upload(base.id, parts), 413, "payload_too_large", "body");

    const body = new Uint8Array(await new Response(form(parts)).arrayBuffer());
    const contentType = new Response(form(parts)).headers.get("content-type")!;
    const res = await api.request("POST", `/v1/knowledge-bases/${base.id}/sources`, {
      apiKey: org.apiKey,
      rawBody: body,
      headers: { "content-type": contentType, "content-length": String(body.byteLength) },
    });
    expect(res.status).toBe(413);
    expect(await stored()).toEqual(nothing);
  });

  it("malformed or invalid text_sources is 400 naming text_sources or the item's field", async () => {
    const malformed = await kb.upload(base.id, [
      ["file_sources", pdf(), "ok.pdf"],
      ["text_sources", "[{title: 'no quotes'}"],
    ]);
    expectError(malformed, 400, "generic_error", "text_sources");
    expectError(await kb.upload(base.id, [["text_sources", JSON.stringify({ title: "not an array" })]]), 400, "generic_error", "text_sources");
    expectError(await kb.upload(base.id, [["text_sources", JSON.stringify([{ title: "T" }])]]), 400, "generic_error", "text_sources[0].content");
    expectError(await kb.upload(base.id, [["text_sources", JSON.stringify([{ title: "T", content: "c", extra: 1 }])]]), 400, "generic_error", "text_sources[0].extra");
    expectError(await kb.upload(base.id, [["text_sources", JSON.stringify([{ title: " ", content: "c" }])]]), 400, "generic_error", "text_sources[0].title");
    expectError(
      await kb.upload(base.id, [
        ["text_sources", JSON.stringify([{ title: "a", content: "b" }])],
        ["text_sources", JSON.stringify([{ title: "c", content: "d" }])],
      ]),
      400,
      "generic_error",
      "text_sources",
    );
    expect(await stored()).toEqual(nothing);
  });

  it("unknown parts, file parts without a file, empty uploads and non-multipart bodies are refused", async () => {
    expectError(await kb.upload(base.id, [["attachments", pdf(), "a.pdf"]]), 400, "generic_error", "attachments");
    expectError(await kb.upload(base.id, [["file_sources.0.items", "not a file"]]), 400, "generic_error", "file_sources.0.items");
    expectError(await kb.upload(base.id, []), 400, "generic_error", "file_sources");
    expectError(await kb.send("POST", `/v1/knowledge-bases/${base.id}/sources`, { text_sources: [] }), 415, "unsupported_media_type", "content-type");
    const garbage = await api.request("POST", `/v1/knowledge-bases/${base.id}/sources`, {
      apiKey: org.apiKey,
      rawBody: "this is not multipart",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
    });
    expect(garbage.status).toBe(400);
    expectError(await kb.upload("7d9f2c4e-1a3b-4c5d-8e9f-0a1b2c3d4e5f", [["file_sources", pdf(), "a.pdf"]]), 404, "not_found");
    expect(await stored()).toEqual(nothing);
  });

  it("and a valid upload then stores the file, its blob and its job", async () => {
    const res = await kb.upload(base.id, [["file_sources[]", pdf(), "../../etc/passwd.pdf"]]);
    expect(res.status).toBe(200);
    expect((res.body.data as unknown as KnowledgeBaseView).sources[0]).toMatchObject({ file_name: "passwd.pdf", status: "processing" });
    expect(await stored()).toEqual({ sources: 1, chunks: 0, blobs: 1, jobs: 1 });
  });
});
