import type { Database, RawQuery } from "@/lib/db/client";
import type { KeepAliveClient } from "./http-client";
import { apiPath, pageSql, rawNextCursor, type Scenario } from "./scenarios";
import { elapsedMs } from "./stats";

/**
 * Per scenario: `warmup` untimed requests, then `requests` timed ones. `seconds` bounds the timed
 * part of a scenario per side (a third of it for the warm-up), so that a slow query cannot stretch
 * the run for hours; the report shows how many samples a row has.
 */
export type Counts = { warmup: number; requests: number; seconds: number };

/** Timings of one side (API or raw SQL) of one scenario, and what it returned, to check both sides agree. */
export type Measured = {
  samples: number[];
  /** Calls on a page (the last page of a walk). */
  rows: number;
  /** Response size (API only). */
  bytes?: number;
  firstId: string | null;
  /** A walk's next_cursor after its last page. */
  endCursor?: string | null;
};

type Page = { ms: number; ids: string[]; next: string | null; bytes?: number };

/** One page of the scenario (at `cursor`, or the scenario's own); `inspect` asks for ids and next cursor too. */
export type Side = (cursor: string | undefined, inspect: boolean) => Promise<Page>;

type ListBody = { data: { id: string }[]; next_cursor: string | null };

/** GET /v1/calls over one kept-alive connection: the timing holds the request and the whole body. */
export function apiSide(client: KeepAliveClient, scenario: Scenario): Side {
  return async (cursor, inspect) => {
    const path = apiPath(scenario, cursor ?? scenario.cursor);
    const response = await client.getOk(path);
    if (!inspect) return { ms: response.ms, ids: [], next: null, bytes: response.body.length };
    const body = JSON.parse(response.body.toString("utf8")) as ListBody;
    if (!Array.isArray(body.data)) throw new Error(`GET ${path}: no data array in the response`);
    return { ms: response.ms, ids: body.data.map((call) => call.id), next: body.next_cursor, bytes: response.body.length };
  };
}

/** The cursorPageQuery SQL of the scenario straight through the driver (rows parsed by it, nothing else). */
export function sqlSide(db: Database, query: RawQuery, organizationId: string, scenario: Scenario): Side {
  const fixed = pageSql(db, organizationId, scenario);
  return async (cursor, inspect) => {
    const { sql, params } = cursor === undefined ? fixed : pageSql(db, organizationId, scenario, cursor);
    const start = process.hrtime.bigint();
    const { rows } = await query(sql, params);
    const ms = elapsedMs(start);
    if (!inspect) return { ms, ids: [], next: null };
    return { ms, ids: rows.slice(0, scenario.limit).map((row) => row.id as string), next: rawNextCursor(rows, scenario.limit) };
  };
}

/**
 * Times the sides of a scenario. With two sides (API and raw SQL on Postgres) their requests
 * alternate, the order swapping every round, so that both meet the same machine and cache state.
 * A walk follows next_cursor from the first page on each side, page for page.
 */
export async function measure(sides: Side[], scenario: Scenario, counts: Counts): Promise<Measured[]> {
  const results: Measured[] = sides.map(() => ({ samples: [], rows: 0, firstId: null }));
  const walking = scenario.walkPages !== undefined;
  const budgetMs = counts.seconds * 1000 * sides.length;
  const order = (round: number) => sides.map((_, i) => (round % 2 === 0 ? i : sides.length - 1 - i));
  // A repeated request is inspected once (its first answer); every page of a walk is, for its cursor.
  const inspected = sides.map(() => false);
  const run = async (i: number, cursor: string | undefined) => {
    const page = await sides[i](cursor, walking || !inspected[i]);
    if (!walking && !inspected[i]) {
      inspected[i] = true;
      results[i].rows = page.ids.length;
      results[i].firstId = page.ids[0] ?? null;
    }
    if (page.bytes !== undefined) results[i].bytes = page.bytes;
    return page;
  };

  // Warm-up: the scenario's request, or the first pages of a walk.
  const warmStart = process.hrtime.bigint();
  const warmCursors: (string | undefined)[] = sides.map(() => undefined);
  for (let round = 0; round < counts.warmup && elapsedMs(warmStart) < budgetMs / 3; round++) {
    for (const i of order(round)) {
      const page = await run(i, warmCursors[i]);
      if (walking) warmCursors[i] = page.next ?? undefined;
    }
  }

  const cursors: (string | undefined)[] = sides.map(() => undefined);
  const start = process.hrtime.bigint();
  for (let round = 0; round < (scenario.walkPages ?? counts.requests); round++) {
    let ended = false;
    for (const i of order(round)) {
      const page = await run(i, walking ? cursors[i] : undefined);
      results[i].samples.push(page.ms);
      if (!walking) continue;
      if (round === 0) results[i].firstId = page.ids[0] ?? null;
      results[i].rows = page.ids.length;
      results[i].endCursor = page.next;
      cursors[i] = page.next ?? undefined;
      if (!page.next) ended = true;
    }
    if (ended || elapsedMs(start) > budgetMs) break;
  }
  return results;
}

/** Times single statements the API runs around the list query (per request), as raw SQL. */
export async function measureRoundTrips(
  query: RawQuery,
  statements: { name: string; sql: string; params: unknown[] }[],
  counts: Counts,
): Promise<{ name: string; samples: number[] }[]> {
  const results: { name: string; samples: number[] }[] = [];
  for (const statement of statements) {
    for (let i = 0; i < counts.warmup; i++) await query(statement.sql, statement.params);
    const samples: number[] = [];
    const start = process.hrtime.bigint();
    for (let i = 0; i < counts.requests && elapsedMs(start) < counts.seconds * 1000; i++) {
      const t = process.hrtime.bigint();
      await query(statement.sql, statement.params);
      samples.push(elapsedMs(t));
    }
    results.push({ name: statement.name, samples });
  }
  return results;
}
