import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "@/lib/auth/organizations";
import type { DatabaseConnection } from "@/lib/db/client";
import { knowledgeBaseChunks, knowledgeBases, knowledgeBaseSources } from "@/lib/db/schema";
import { ingestKnowledgeBaseSource } from "@/lib/services/knowledge-bases/knowledge-base-ingestion";
import { extractPdfText, isPdf } from "@/lib/services/knowledge-bases/pdf-text";
import type { BlobStore } from "@/lib/storage/blob-store";
import { postgresBlobStore } from "@/lib/storage/postgres-blob-store";
import { makePdf } from "../helpers/pdf";
import { createTestDatabase } from "../helpers/test-database";

let connection: DatabaseConnection;
let organizationId: string;
let knowledgeBaseId: string;

beforeAll(async () => {
  connection = await createTestDatabase();
  organizationId = (await createOrganization(connection.db, "Ingestion")).id;
  [{ id: knowledgeBaseId }] = await connection.db.insert(knowledgeBases).values({ organizationId, name: "KB" }).returning({ id: knowledgeBases.id });
});
afterAll(async () => connection?.close());

async function processingSource(key: string, bytes?: Uint8Array) {
  if (bytes) await postgresBlobStore(connection.db).put(key, bytes, { contentType: "application/pdf", organizationId });
  const [row] = await connection.db
    .insert(knowledgeBaseSources)
    .values({ organizationId, knowledgeBaseId, type: "file", fileName: "f.pdf", title: "f.pdf", blobKey: key, byteSize: bytes?.byteLength ?? 0 })
    .returning({ id: knowledgeBaseSources.id });
  return row.id;
}

const source = async (id: string) => (await connection.db.select().from(knowledgeBaseSources).where(eq(knowledgeBaseSources.id, id)))[0];

describe("pdf text", () => {
  it("recognises PDFs by their first bytes and extracts the text of every page", async () => {
    expect(isPdf(new TextEncoder().encode("%PDF-1.7"))).toBe(true);
    expect(isPdf(new TextEncoder().encode("%PDF"))).toBe(false);
    expect(isPdf(new TextEncoder().encode(" %PDF-1.7"))).toBe(false);
    const result = await extractPdfText(makePdf([["Page one (first)"], ["Page two"]]));
    expect(result).toEqual({ ok: true, text: "Page one (first)\n\nPage two", pages: 2, pageTexts: ["Page one (first)", "Page two"] });
    expect(await extractPdfText(new TextEncoder().encode("%PDF-1.4 then garbage"))).toMatchObject({ ok: false, reason: expect.stringMatching(/could not be read/) });
  });
});

describe("ingestKnowledgeBaseSource", () => {
  it("indexes a processing source once; running it again changes nothing", async () => {
    const id = await processingSource("ingest/ok.pdf", makePdf([["Lobster is served on Fridays."]]));
    const store = postgresBlobStore(connection.db);
    await ingestKnowledgeBaseSource(connection.db, store, id);
    expect(await source(id)).toMatchObject({ status: "ready", failureReason: null });
    await ingestKnowledgeBaseSource(connection.db, store, id);
    const chunks = await connection.db.select().from(knowledgeBaseChunks).where(eq(knowledgeBaseChunks.sourceId, id));
    expect(chunks.map((chunk) => [chunk.position, chunk.content])).toEqual([[0, "Lobster is served on Fridays."]]);
  });

  it("fails a source whose blob is missing, and ignores a deleted source", async () => {
    const id = await processingSource("ingest/missing.pdf");
    await ingestKnowledgeBaseSource(connection.db, postgresBlobStore(connection.db), id);
    expect(await source(id)).toMatchObject({ status: "failed", failureReason: expect.stringMatching(/missing/) });
    await expect(ingestKnowledgeBaseSource(connection.db, postgresBlobStore(connection.db), "7d9f2c4e-1a3b-4c5d-8e9f-0a1b2c3d4e5f")).resolves.toBeUndefined();
  });

  it("leaves the source processing for a retry after an unexpected error, and fails it after the last attempt", async () => {
    const id = await processingSource("ingest/flaky.pdf", makePdf([["Some text"]]));
    const broken: BlobStore = {
      put: async () => undefined,
      get: async () => {
        throw new Error("storage unreachable");
      },
      delete: async () => undefined,
    };
    await expect(ingestKnowledgeBaseSource(connection.db, broken, id, { lastAttempt: false })).rejects.toThrow("storage unreachable");
    expect((await source(id)).status).toBe("processing");
    await expect(ingestKnowledgeBaseSource(connection.db, broken, id, { lastAttempt: true })).rejects.toThrow("storage unreachable");
    expect(await source(id)).toMatchObject({ status: "failed", failureReason: "Processing failed: storage unreachable" });
  });
});
