import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { knowledgeBaseChunks, knowledgeBaseSources } from "@/lib/db/schema";
import {
  DEFAULT_SEARCH_RESULTS,
  MAX_SEARCH_QUERY_LENGTH,
  MAX_SEARCH_RESULTS,
  type KnowledgeBaseSearchInput,
  type KnowledgeBaseSearchResult,
} from "@/lib/schemas/knowledge-bases";
import type { ServiceContext } from "../context";
import { ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import { findKnowledgeBase } from "./knowledge-bases";

// Control characters never stored in chunks (normalizeText drops them): they mark matches unambiguously.
const START = "\u0001";
const STOP = "\u0002";

/** Marked headline text → plain excerpt and the offsets of its marked words. */
export function parseHeadline(marked: string): { excerpt: string; highlights: { start: number; end: number }[] } {
  let excerpt = "";
  const highlights: { start: number; end: number }[] = [];
  let open = -1;
  for (const char of marked) {
    if (char === START) open = excerpt.length;
    else if (char === STOP) {
      if (open >= 0 && excerpt.length > open) highlights.push({ start: open, end: excerpt.length });
      open = -1;
    } else excerpt += char;
  }
  return { excerpt, highlights };
}


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
  const limit = input.limit ?? DEFAULT_SEARCH_RESULTS;
  const problems: FieldProblem[] = [];
  if (!query || query.length > MAX_SEARCH_QUERY_LENGTH) {
    problems.push({ field: "query", message: `Must be a non-empty string of at most ${MAX_SEARCH_QUERY_LENGTH} characters` });
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_RESULTS) problems.push({ field: "limit", message: `Must be an integer from 1 to ${MAX_SEARCH_RESULTS}` });
  if (problems.length) throw new ValidationError(`Invalid ${problems[0].field}: ${problems[0].message}`, problems);
  await findKnowledgeBase(ctx, knowledgeBaseId);

  const tsquery = sql`websearch_to_tsquery('english', ${query})`;
  // Normalization 32 maps the rank into [0, 1) so that clients can compare results across queries;
  // contents pages name every topic and would outrank the pages that explain them.
  const rank = sql<number>`ts_rank_cd(${knowledgeBaseChunks.searchVector}, ${tsquery}, 32) * case when ${knowledgeBaseChunks.isContents} then 0.2 else 1 end`;
  const headline = sql<string>`ts_headline('english', ${knowledgeBaseChunks.content}, ${tsquery},
    ${`StartSel=${START}, StopSel=${STOP}, MaxFragments=2, MinWords=12, MaxWords=35, FragmentDelimiter=" … "`})`;
  const rows = await ctx.db
    .select({
      sourceId: knowledgeBaseChunks.sourceId,
      type: knowledgeBaseSources.type,
      title: knowledgeBaseSources.title,
      fileName: knowledgeBaseSources.fileName,
      position: knowledgeBaseChunks.position,
      page: knowledgeBaseChunks.page,
      content: knowledgeBaseChunks.content,
      headline,
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
    page: row.page,
    content: row.content,
    ...parseHeadline(row.headline),
    rank: Number(row.rank),
  }));
}
