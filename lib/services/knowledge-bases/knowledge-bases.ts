import "server-only";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { knowledgeBases, knowledgeBaseSources } from "@/lib/db/schema";
import type { KnowledgeBase, KnowledgeBaseSource, KnowledgeBaseSourceStatus, KnowledgeBaseStatus } from "@/lib/schemas/knowledge-bases";
import type { BlobStore } from "@/lib/storage/blob-store";
import type { LinkSigner } from "@/lib/storage/signed-links";
import { withTransaction, type ServiceContext } from "../context";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { NotFoundError, ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import { cursorPage, olderThanCursor } from "../cursor-paging";
import { listFields, pageInfo } from "../paging";
import { isUuid } from "@/lib/schemas/ids";

/** A request's context, with the signer of its `file_url` links (none: the links are null). */
export type KnowledgeBaseContext = ServiceContext & { links?: LinkSigner };

export type ListKnowledgeBasesInput = { limit?: number; use_cursor?: boolean; page?: number; cursor?: string | null };
export type ListKnowledgeBasesResult = { items: KnowledgeBase[] } & ReturnType<typeof listFields>;

// Ids come from paths the router has not checked when called from the runtime or the admin CLI.

type KnowledgeBaseRow = typeof knowledgeBases.$inferSelect;
type SourceRow = typeof knowledgeBaseSources.$inferSelect;

export function knowledgeBaseStatus(statuses: readonly KnowledgeBaseSourceStatus[]): KnowledgeBaseStatus {
  if (statuses.includes("processing")) return "processing";
  const failed = statuses.filter((status) => status === "failed").length;
  if (failed === 0) return "ready";
  return failed === statuses.length ? "failed" : "partially_failed";
}

function toSourceResponse(row: SourceRow, links: LinkSigner | undefined): KnowledgeBaseSource {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    type: row.type,
    file_name: row.fileName,
    // Text sources have no file to link to; their content is searchable, not downloadable.
    file_url: row.type === "file" && row.blobKey && links ? links.url(row.blobKey) : null,
    title: row.title,
    byte_size: row.byteSize,
    status: row.status,
    failure_reason: row.failureReason,
  };
}

function toResponse(row: KnowledgeBaseRow, sources: SourceRow[], links: LinkSigner | undefined): KnowledgeBase {
  return {
    id: row.id,
    name: row.name,
    organization_id: row.organizationId,
    status: knowledgeBaseStatus(sources.map((source) => source.status)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    sources: sources.map((source) => toSourceResponse(source, links)),
  };
}

/** Knowledge bases with their sources (oldest source first), in one query for the sources. */
async function withSources(ctx: KnowledgeBaseContext, rows: KnowledgeBaseRow[]): Promise<KnowledgeBase[]> {
  if (!rows.length) return [];
  const sources = await ctx.db
    .select()
    .from(knowledgeBaseSources)
    .where(
      and(
        eq(knowledgeBaseSources.organizationId, ctx.organizationId),
        inArray(
          knowledgeBaseSources.knowledgeBaseId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(knowledgeBaseSources.createdAt), asc(knowledgeBaseSources.id));
  const byBase = new Map<string, SourceRow[]>();
  for (const source of sources) {
    const list = byBase.get(source.knowledgeBaseId) ?? [];
    list.push(source);
    byBase.set(source.knowledgeBaseId, list);
  }
  return rows.map((row) => toResponse(row, byBase.get(row.id) ?? [], ctx.links));
}

export function ownedKnowledgeBase(ctx: ServiceContext, id: string) {
  return and(eq(knowledgeBases.id, id), eq(knowledgeBases.organizationId, ctx.organizationId));
}

/** The row, locked for the rest of the caller's transaction when `lock`; 404 when missing or another organization's. */
export async function findKnowledgeBase(ctx: ServiceContext, id: string, lock = false): Promise<KnowledgeBaseRow> {
  if (!isUuid(id)) throw new NotFoundError("Knowledge base");
  const query = ctx.db.select().from(knowledgeBases).where(ownedKnowledgeBase(ctx, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new NotFoundError("Knowledge base");
  return row;
}

function checkName(name: unknown): string {
  const trimmed = typeof name === "string" ? name.trim() : "";
  if (!trimmed || trimmed.length > 255) throw ValidationError.field("name", "Must be a non-empty string of at most 255 characters");
  return trimmed;
}

export async function createKnowledgeBase(ctx: KnowledgeBaseContext, input: { name: string }): Promise<KnowledgeBase> {
  const name = checkName(input.name);
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db.insert(knowledgeBases).values({ organizationId: ctx.organizationId, name }).returning();
    await recordAudit(tx, { action: "knowledge_base.created", resourceType: "knowledge_base", resourceId: row.id, changes: change("name", null, name) });
    return toResponse(row, [], ctx.links);
  });
}

export async function getKnowledgeBase(ctx: KnowledgeBaseContext, id: string): Promise<KnowledgeBase> {
  const [response] = await withSources(ctx, [await findKnowledgeBase(ctx, id)]);
  return response;
}

export async function renameKnowledgeBase(ctx: KnowledgeBaseContext, id: string, input: { name: string }): Promise<KnowledgeBase> {
  const name = checkName(input.name);
  const row = await withTransaction(ctx, async (tx) => {
    const current = await findKnowledgeBase(tx, id, true);
    const [renamed] = await tx.db.update(knowledgeBases).set({ name, updatedAt: new Date() }).where(ownedKnowledgeBase(tx, id)).returning();
    if (!renamed) throw new NotFoundError("Knowledge base");
    if (current.name !== name) {
      await recordAudit(tx, { action: "knowledge_base.updated", resourceType: "knowledge_base", resourceId: id, changes: change("name", current.name, name) });
    }
    return renamed;
  });
  const [response] = await withSources(ctx, [row]);
  return response;
}

/** Newest first by (created_at, id); page mode by default, as phone numbers. */
export async function listKnowledgeBases(ctx: KnowledgeBaseContext, input: ListKnowledgeBasesInput): Promise<ListKnowledgeBasesResult> {
  const limit = input.limit ?? 50;
  const page = input.page ?? 1;
  const problems: FieldProblem[] = [];
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) problems.push({ field: "limit", message: "Must be an integer from 1 to 1000" });
  if (!Number.isSafeInteger(page) || page < 1) problems.push({ field: "page", message: "Must be an integer of at least 1" });
  if (problems.length) throw new ValidationError(`Invalid ${problems[0].field}: ${problems[0].message}`, problems);
  const organization = eq(knowledgeBases.organizationId, ctx.organizationId);
  const ordered = ctx.db.select().from(knowledgeBases).orderBy(desc(knowledgeBases.createdAt), desc(knowledgeBases.id)).$dynamic();

  if (input.use_cursor) {
    const where = and(organization, olderThanCursor(knowledgeBases.createdAt, knowledgeBases.id, input.cursor ?? undefined));
    const page = cursorPage(await ordered.where(where).limit(limit + 1), limit, (row) => ({ time: row.createdAt, id: row.id }));
    return { items: await withSources(ctx, page.items), ...listFields({ next_cursor: page.next_cursor }) };
  }

  const [{ total }] = await ctx.db.select({ total: count() }).from(knowledgeBases).where(organization);
  const offset = (page - 1) * limit;
  const rows = offset < total ? await ordered.where(organization).limit(limit).offset(offset) : [];
  return { items: await withSources(ctx, rows), ...listFields(pageInfo(page, limit, total)) };
}

/**
 * Deletes the knowledge base, its sources and chunks (cascade) and their blobs: in the same transaction
 * when blobs live in the database, after the commit for an external store (a failure there leaves
 * orphan blobs, logged, never a knowledge base that points at missing files).
 */
export async function deleteKnowledgeBase(ctx: ServiceContext, storage: BlobStore, id: string): Promise<void> {
  const keys = await withTransaction(ctx, async (tx) => {
    const current = await findKnowledgeBase(tx, id, true);
    const sources = await tx.db
      .select({ blobKey: knowledgeBaseSources.blobKey })
      .from(knowledgeBaseSources)
      .where(and(eq(knowledgeBaseSources.knowledgeBaseId, id), eq(knowledgeBaseSources.organizationId, tx.organizationId)));
    const blobKeys = sources.flatMap((source) => (source.blobKey ? [source.blobKey] : []));
    if (storage.withDatabase) await storage.withDatabase(tx.db).delete(blobKeys);
    await tx.db.delete(knowledgeBases).where(ownedKnowledgeBase(tx, id));
    await recordAudit(tx, {
      action: "knowledge_base.deleted",
      resourceType: "knowledge_base",
      resourceId: id,
      changes: { ...change("name", current.name, null), ...change("sources", sources.length, 0) },
    });
    return blobKeys;
  });
  if (!storage.withDatabase) await deleteBlobsAfterCommit(storage, keys);
}

export async function deleteBlobsAfterCommit(storage: BlobStore, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await storage.delete(keys).catch((error) => console.error(`blob storage: ${keys.length} blob(s) left behind:`, error));
}
