import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { knowledgeBaseChunks, knowledgeBases, knowledgeBaseSources } from "@/lib/db/schema";
import { jobNames, type JobQueue } from "@/lib/jobs/queue";
import { knowledgeBaseFileKey, knowledgeBaseTextKey, safeFileName } from "@/lib/storage/blob-keys";
import type { BlobStore } from "@/lib/storage/blob-store";
import { withTransaction } from "../context";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import type { KnowledgeBase } from "@/lib/schemas/knowledge-bases";
import { DomainError, NotFoundError, ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import {
  deleteBlobsAfterCommit,
  findKnowledgeBase,
  getKnowledgeBase,
  ownedKnowledgeBase,
  type KnowledgeBaseContext,
} from "./knowledge-bases";
import { isPdf } from "./pdf-text";
import { chunkText, looksLikeContents } from "./text-chunks";
import { isUuid } from "@/lib/schemas/ids";

/** A file part of an upload; `field` is the part's name as sent, for error details. */
export type UploadedFile = { field: string; fileName: string; bytes: Uint8Array };
export type TextSourceInput = { title: string; content: string };
export type AddSourcesInput = { files: UploadedFile[]; texts: TextSourceInput[] };
export type AddSourcesDependencies = { storage: BlobStore; queue: JobQueue; maxFileBytes: number };

export const MAX_SOURCES_PER_REQUEST = 100;
/** Text sources are indexed during the request, so each is kept small. */
export const MAX_TEXT_SOURCE_BYTES = 1024 * 1024;
export const INGESTION_RETRY_LIMIT = 2;
/** Small enough that one insert (tsvector computed in the statement) holds an embedded database only briefly. */
const CHUNK_INSERT_BATCH = 100;

/** A file or text over its size limit: 413 naming each part. */
export class UploadTooLargeError extends DomainError {
  constructor(readonly details: FieldProblem[]) {
    super(details.length === 1 ? `${details[0].field}: ${details[0].message}` : `${details.length} parts are too large`);
    this.name = "UploadTooLargeError";
  }
}

/** A file that is not a PDF by its content: 415 naming each part. */
export class UnsupportedFileError extends DomainError {
  constructor(readonly details: FieldProblem[]) {
    super(details.length === 1 ? `${details[0].field}: ${details[0].message}` : `${details.length} files are not PDFs`);
    this.name = "UnsupportedFileError";
  }
}

/** Source ids that are not in the knowledge base: 404 naming each. */
export class UnknownSourcesError extends NotFoundError {
  constructor(
    readonly unknownIds: string[],
    readonly details: FieldProblem[],
  ) {
    super("Source");
    this.message = `No source with id ${unknownIds.join(", ")} in this knowledge base; nothing was deleted`;
    this.name = "UnknownSourcesError";
  }
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Every check, before anything is stored: sizes (413), then text fields (400), then file contents (415). */
function checkInput(input: AddSourcesInput, maxFileBytes: number): TextSourceInput[] {
  const total = input.files.length + input.texts.length;
  if (total === 0) {
    throw ValidationError.field("file_sources", "Send at least one file in file_sources or one item in text_sources");
  }
  if (total > MAX_SOURCES_PER_REQUEST) {
    throw ValidationError.field("file_sources", `At most ${MAX_SOURCES_PER_REQUEST} sources per request (files and texts together)`);
  }
  const tooLarge: FieldProblem[] = [];
  for (const file of input.files) {
    if (file.bytes.byteLength > maxFileBytes) {
      tooLarge.push({ field: file.field, message: `File is ${megabytes(file.bytes.byteLength)}; the limit is ${megabytes(maxFileBytes)}` });
    }
  }
  const encoder = new TextEncoder();
  input.texts.forEach((text, index) => {
    if (typeof text.content === "string" && encoder.encode(text.content).byteLength > MAX_TEXT_SOURCE_BYTES) {
      tooLarge.push({ field: `text_sources[${index}].content`, message: `Text is larger than ${megabytes(MAX_TEXT_SOURCE_BYTES)}` });
    }
  });
  if (tooLarge.length) throw new UploadTooLargeError(tooLarge);

  const problems: FieldProblem[] = [];
  const texts = input.texts.map((text, index) => {
    const title = typeof text.title === "string" ? text.title.trim() : "";
    const content = typeof text.content === "string" ? text.content.trim() : "";
    if (!title || title.length > 255) {
      problems.push({ field: `text_sources[${index}].title`, message: "Must be a non-empty string of at most 255 characters" });
    }
    if (!content) problems.push({ field: `text_sources[${index}].content`, message: "Must be a non-empty string" });
    return { title, content };
  });
  if (problems.length) throw new ValidationError(problems.length === 1 ? `Invalid ${problems[0].field}: ${problems[0].message}` : `Invalid request: ${problems.length} problems`, problems);

  const notPdf = input.files
    .filter((file) => !isPdf(file.bytes))
    .map((file) => ({ field: file.field, message: "Only PDF files are supported: the content does not start with %PDF-" }));
  if (notPdf.length) throw new UnsupportedFileError(notPdf);
  return texts;
}

type PlannedBlob = { key: string; bytes: Uint8Array; contentType: string };

async function putBlobs(storage: BlobStore, organizationId: string, blobs: PlannedBlob[]) {
  for (const blob of blobs) await storage.put(blob.key, blob.bytes, { contentType: blob.contentType, organizationId });
}

async function insertChunks(db: Database, rows: (typeof knowledgeBaseChunks.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += CHUNK_INSERT_BATCH) await db.insert(knowledgeBaseChunks).values(rows.slice(i, i + CHUNK_INSERT_BATCH));
}

export { insertChunks as insertKnowledgeBaseChunks };

/**
 * Adds files and texts to a knowledge base, all or nothing. Files are stored and read `processing`
 * until the ingestion job (sent in the same transaction) extracts and indexes them; texts are small
 * and are chunked and indexed here, so they are `ready` at once.
 */
export async function addKnowledgeBaseSources(
  ctx: KnowledgeBaseContext,
  deps: AddSourcesDependencies,
  knowledgeBaseId: string,
  input: AddSourcesInput,
): Promise<KnowledgeBase> {
  await findKnowledgeBase(ctx, knowledgeBaseId);
  const texts = checkInput(input, deps.maxFileBytes);
  const organizationId = ctx.organizationId;
  const now = Date.now();
  const encoder = new TextEncoder();

  const blobs: PlannedBlob[] = [];
  const sources: (typeof knowledgeBaseSources.$inferInsert)[] = [];
  const chunks: (typeof knowledgeBaseChunks.$inferInsert)[] = [];
  // One millisecond apart, so the sources of one request list in the order they were sent.
  const createdAt = () => new Date(now + sources.length);
  input.files.forEach((file, index) => {
    const id = randomUUID();
    const fileName = safeFileName(file.fileName, `document-${index + 1}.pdf`);
    const key = knowledgeBaseFileKey(organizationId, knowledgeBaseId, id, fileName);
    blobs.push({ key, bytes: file.bytes, contentType: "application/pdf" });
    const at = createdAt();
    sources.push({
      id,
      organizationId,
      knowledgeBaseId,
      type: "file",
      fileName,
      title: fileName,
      blobKey: key,
      byteSize: file.bytes.byteLength,
      status: "processing",
      createdAt: at,
      updatedAt: at,
    });
  });
  const fileSourceIds = sources.map((source) => source.id!);
  for (const text of texts) {
    const id = randomUUID();
    const key = knowledgeBaseTextKey(organizationId, knowledgeBaseId, id);
    const bytes = encoder.encode(text.content);
    blobs.push({ key, bytes, contentType: "text/plain; charset=utf-8" });
    const at = createdAt();
    sources.push({
      id,
      organizationId,
      knowledgeBaseId,
      type: "text",
      fileName: null,
      title: text.title,
      blobKey: key,
      byteSize: bytes.byteLength,
      status: "ready",
      createdAt: at,
      updatedAt: at,
    });
    chunkText(`${text.title}\n\n${text.content}`).forEach((content, position) => {
      chunks.push({ organizationId, knowledgeBaseId, sourceId: id, position, content, isContents: looksLikeContents(content) });
    });
  }

  const external = !deps.storage.withDatabase;
  if (external) await putBlobs(deps.storage, organizationId, blobs);
  try {
    await withTransaction(ctx, async (tx) => {
      // Locked so that a concurrent delete of the knowledge base waits, or wins and this is a 404.
      await findKnowledgeBase(tx, knowledgeBaseId, true);
      if (deps.storage.withDatabase) await putBlobs(deps.storage.withDatabase(tx.db), organizationId, blobs);
      await tx.db.insert(knowledgeBaseSources).values(sources);
      await insertChunks(tx.db, chunks);
      await tx.db.update(knowledgeBases).set({ updatedAt: new Date() }).where(ownedKnowledgeBase(tx, knowledgeBaseId));
      for (const sourceId of fileSourceIds) {
        await deps.queue.send(jobNames.ingestKnowledgeBaseSource, { sourceId }, { db: tx.db, retryLimit: INGESTION_RETRY_LIMIT });
      }
      await recordAudit(tx, {
        action: "knowledge_base.sources_added",
        resourceType: "knowledge_base",
        resourceId: knowledgeBaseId,
        changes: change(
          "sources",
          null,
          sources.map((source) => ({ id: source.id, type: source.type, title: source.title })),
        ),
      });
    });
  } catch (error) {
    if (external) await deleteBlobsAfterCommit(deps.storage, blobs.map((blob) => blob.key));
    throw error;
  }
  return getKnowledgeBase(ctx, knowledgeBaseId);
}

/**
 * Removes sources (their chunks by cascade, their blobs with them). Unknown ids, or ids of another
 * knowledge base, are a 404 naming each, and then nothing is deleted.
 */
export async function deleteKnowledgeBaseSources(
  ctx: KnowledgeBaseContext,
  storage: BlobStore,
  knowledgeBaseId: string,
  sourceIds: string[],
): Promise<KnowledgeBase> {
  if (!sourceIds.length) throw ValidationError.field("source_ids", "Name at least one source id");
  const wanted = [...new Set(sourceIds.map((id) => String(id).toLowerCase()))];
  // A malformed id cannot name a source: it is reported as unknown, like a missing one.
  const wellFormed = wanted.filter((id) => isUuid(id));
  const keys = await withTransaction(ctx, async (tx) => {
    await findKnowledgeBase(tx, knowledgeBaseId, true);
    const found = !wellFormed.length
      ? []
      : await tx.db
      .select({ id: knowledgeBaseSources.id, title: knowledgeBaseSources.title, blobKey: knowledgeBaseSources.blobKey })
      .from(knowledgeBaseSources)
      .where(
        and(
          eq(knowledgeBaseSources.knowledgeBaseId, knowledgeBaseId),
          eq(knowledgeBaseSources.organizationId, tx.organizationId),
          inArray(knowledgeBaseSources.id, wellFormed),
        ),
      )
      .for("update");
    const foundIds = new Set(found.map((row) => row.id));
    const unknown = wanted.filter((id) => !foundIds.has(id));
    if (unknown.length) {
      const details = sourceIds.flatMap((id, index) =>
        unknown.includes(String(id).toLowerCase()) ? [{ field: `source_ids[${index}]`, message: `No source ${id} in this knowledge base` }] : [],
      );
      throw new UnknownSourcesError(unknown, details);
    }
    const blobKeys = found.flatMap((row) => (row.blobKey ? [row.blobKey] : []));
    if (storage.withDatabase) await storage.withDatabase(tx.db).delete(blobKeys);
    await tx.db.delete(knowledgeBaseSources).where(inArray(knowledgeBaseSources.id, [...foundIds]));
    await tx.db.update(knowledgeBases).set({ updatedAt: new Date() }).where(ownedKnowledgeBase(tx, knowledgeBaseId));
    await recordAudit(tx, {
      action: "knowledge_base.sources_deleted",
      resourceType: "knowledge_base",
      resourceId: knowledgeBaseId,
      changes: change("sources", found.map((row) => ({ id: row.id, title: row.title })), null),
    });
    return blobKeys;
  });
  if (!storage.withDatabase) await deleteBlobsAfterCommit(storage, keys);
  return getKnowledgeBase(ctx, knowledgeBaseId);
}
