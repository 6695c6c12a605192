import { inTransaction } from "@/lib/db/transaction";
import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { knowledgeBaseChunks, knowledgeBaseSources } from "@/lib/db/schema";
import type { BlobStore } from "@/lib/storage/blob-store";
import { insertKnowledgeBaseChunks } from "./knowledge-base-sources";
import { DEFAULT_PDF_LIMITS, extractPdfText, type PdfLimits } from "./pdf-text";
import { chunkPagesYielding } from "./text-chunks";

/** A `processing` source becomes `failed` with the reason (a source no longer processing is left alone). */
export async function failKnowledgeBaseSource(db: Database, sourceId: string, reason: string) {
  await db
    .update(knowledgeBaseSources)
    .set({ status: "failed", failureReason: reason.slice(0, 1000), updatedAt: new Date() })
    .where(and(eq(knowledgeBaseSources.id, sourceId), eq(knowledgeBaseSources.status, "processing")));
}

/** What one source may cost to index: the PDF limits, and at most `maxChunks` chunks. */
export type IngestionLimits = PdfLimits & { maxChunks: number };

export const DEFAULT_INGESTION_LIMITS: IngestionLimits = { ...DEFAULT_PDF_LIMITS, maxChunks: 5_000 };

async function sourceText(source: typeof knowledgeBaseSources.$inferSelect, storage: BlobStore, limits: PdfLimits) {
  const blob = source.blobKey ? await storage.get(source.blobKey) : null;
  if (!blob) return { ok: false as const, reason: "The uploaded content is missing from blob storage" };
  if (source.type === "text") return { ok: true as const, text: `${source.title ?? ""}\n\n${new TextDecoder().decode(blob.bytes)}` };
  return extractPdfText(blob.bytes, limits);
}

/**
 * The job behind a `processing` source: extract its text, chunk it and index the chunks, then mark it
 * `ready`; a PDF without text is `failed` with the reason. Safe to run twice (a retry, a second worker):
 * a source that is no longer processing, or was deleted, is left alone. Unexpected errors are retried
 * by the queue; after the last attempt the source is marked failed rather than processing forever.
 */
export async function ingestKnowledgeBaseSource(
  db: Database,
  storage: BlobStore,
  sourceId: string,
  options: { lastAttempt: boolean; limits?: IngestionLimits } = { lastAttempt: true },
): Promise<void> {
  const limits = options.limits ?? DEFAULT_INGESTION_LIMITS;
  const [source] = await db.select().from(knowledgeBaseSources).where(eq(knowledgeBaseSources.id, sourceId)).limit(1);
  if (!source || source.status !== "processing") return;
  try {
    const text = await sourceText(source, storage, limits);
    if (!text.ok) return await failKnowledgeBaseSource(db, sourceId, text.reason);
    const chunks = await chunkPagesYielding("pageTexts" in text ? text.pageTexts : null, text.text);
    if (!chunks.length) return await failKnowledgeBaseSource(db, sourceId, "No text could be extracted");
    if (chunks.length > limits.maxChunks) {
      return await failKnowledgeBaseSource(db, sourceId, `The text makes ${chunks.length} chunks; at most ${limits.maxChunks} are indexed per source`);
    }

    await inTransaction(db, async (tx) => {
      const [current] = await tx
        .select({ status: knowledgeBaseSources.status })
        .from(knowledgeBaseSources)
        .where(eq(knowledgeBaseSources.id, sourceId))
        .for("update");
      if (current?.status !== "processing") return;
      await tx.delete(knowledgeBaseChunks).where(eq(knowledgeBaseChunks.sourceId, sourceId));
      await insertKnowledgeBaseChunks(
        tx,
        chunks.map((chunk, position) => ({
          organizationId: source.organizationId,
          knowledgeBaseId: source.knowledgeBaseId,
          sourceId,
          position,
          content: chunk.content,
          page: chunk.page,
          isContents: chunk.isContents,
        })),
      );
      await tx
        .update(knowledgeBaseSources)
        .set({ status: "ready", failureReason: null, updatedAt: new Date() })
        .where(eq(knowledgeBaseSources.id, sourceId));
    });
  } catch (error) {
    if (options.lastAttempt) {
      await failKnowledgeBaseSource(db, sourceId, `Processing failed: ${(error as Error).message || "unexpected error"}`).catch(() => undefined);
    }
    throw error;
  }
}
