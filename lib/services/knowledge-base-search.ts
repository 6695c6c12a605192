import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { knowledgeBaseChunks, knowledgeBaseSources } from "@/lib/db/schema";
import type { ServiceContext } from "./context";
import { ValidationError, type FieldProblem } from "./errors";
import { findKnowledgeBase } from "./knowledge-bases";

export type KnowledgeBaseSearchInput = { query: string; limit?: number };

export type KnowledgeBaseSearchResult = {
  source_id: string;
  source_type: "file" | "text";
  /** The text source's title, or the file's name. */
  source_title: string | null;
  file_name: string | null;
  /** Position of the chunk in its source, from 0. */
  position: number;
  content: string;
  /** ts_rank_cd scaled into [0, 1): higher is better. */
  rank: number;
};

export const MAX_SEARCH_QUERY_LENGTH = 1000;

/**
 * Full-text search over the ready sources of one knowledge base: the query in web-search syntax
 * (words, "quoted phrases", -exclusions, or), matched against the chunks' generated tsvector (GIN
 * index) and ranked by cover density. A query of stop words only matches nothing.
 */
export async function searchKnowledgeBase(
  ctx: ServiceContext,
  knowledgeBaseId: string,
  input: KnowledgeBaseSearchInput,
): Promise<KnowledgeBaseSearchResult[]> {
  const query = typeof input.query === "string" ? input.query.trim() : "";
  const limit = input.limit ?? 5;
  const problems: FieldProblem[] = [];
  if (!query || query.length > MAX_SEARCH_QUERY_LENGTH) {
    problems.push({ field: "query", message: `Must be a non-empty string of at most ${MAX_SEARCH_QUERY_LENGTH} characters` });
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > 50) problems.push({ field: "limit", message: "Must be an integer from 1 to 50" });
  if (problems.length) throw new ValidationError(`Invalid ${problems[0].field}: ${problems[0].message}`, problems);
  await findKnowledgeBase(ctx, knowledgeBaseId);

  const tsquery = sql`websearch_to_tsquery('english', ${query})`;
  // Normalization 32 maps the rank into [0, 1) so that clients can compare results across queries.
  const rank = sql<number>`ts_rank_cd(${knowledgeBaseChunks.searchVector}, ${tsquery}, 32)`;
  const rows = await ctx.db
    .select({
      sourceId: knowledgeBaseChunks.sourceId,
      type: knowledgeBaseSources.type,
      title: knowledgeBaseSources.title,
      fileName: knowledgeBaseSources.fileName,
      position: knowledgeBaseChunks.position,
      content: knowledgeBaseChunks.content,
      rank,
    })
    .from(knowledgeBaseChunks)
    .innerJoin(knowledgeBaseSources, eq(knowledgeBaseSources.id, knowledgeBaseChunks.sourceId))
    .where(
      and(
        eq(knowledgeBaseChunks.knowledgeBaseId, knowledgeBaseId),
        eq(knowledgeBaseChunks.organizationId, ctx.organizationId),
        eq(knowledgeBaseSources.status, "ready"),
        sql`${knowledgeBaseChunks.searchVector} @@ ${tsquery}`,
      ),
    )
    .orderBy(desc(rank), asc(knowledgeBaseChunks.sourceId), asc(knowledgeBaseChunks.position))
    .limit(limit);
  return rows.map((row) => ({
    source_id: row.sourceId,
    source_type: row.type,
    source_title: row.title ?? row.fileName,
    file_name: row.fileName,
    position: row.position,
    content: row.content,
    rank: Number(row.rank),
  }));
}
