/**
 * The studio's dashboard page as a browser gets it: GET /dashboard with a session cookie, timed to
 * the last byte of the streamed HTML (every Suspense boundary resolved), on the bench database.
 */
import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import { addMembership } from "@/lib/auth/memberships";
import { loadStudioSecret } from "@/lib/auth/studio-secret";
import { createPasswordUser } from "@/lib/auth/users";
import type { Database } from "@/lib/db/client";
import { KeepAliveClient } from "./http-client";
import type { Counts } from "./measure";
import { elapsedMs, summarize, type Summary } from "./stats";

/** The target for the dashboard's server render with 1,000,000 calls on Postgres (500 ms in issue 4, 300 ms with issue 26's quality figures). */
export const DASHBOARD_PAGE_P50_MS = 300;
const SESSION_COOKIE = "authjs.session-token";

export type DashboardPageRow = { name: string; path: string; summary: Summary; calls: number | null };

/** A viewer of the organization and a session cookie for them, minted as next-auth would (JWE with the studio secret). */
async function sessionCookie(db: Database, organizationId: string): Promise<string> {
  const user = await createPasswordUser(db, {
    email: `bench-${randomBytes(6).toString("hex")}@example.com`,
    password: randomBytes(18).toString("base64url"),
    name: "Benchmark viewer",
  });
  await addMembership(db, organizationId, user.id, "viewer");
  const token = await encode({ token: { sub: user.id }, secret: await loadStudioSecret(db), salt: SESSION_COOKIE });
  return `${SESSION_COOKIE}=${token}`;
}

/** The calls figure the page rendered (the stat card's exact value), to check the page is complete (quality cards included). */
function renderedCalls(html: string): number | null {
  const match = /data-metric="calls" data-value="(\d+)"/.exec(html);
  if (!/data-metric="success_rate"/.test(html) || !/data-metric="turn_latency_p90_ms"/.test(html)) return null;
  return match ? Number(match[1]) : null;
}

export async function measureDashboardPage(
  port: number,
  db: Database,
  organizationId: string,
  ranges: { name: string; query: Record<string, string> }[],
  counts: Counts,
): Promise<DashboardPageRow[]> {
  const client = new KeepAliveClient(port, { cookie: await sessionCookie(db, organizationId), accept: "text/html" });
  const rows: DashboardPageRow[] = [];
  try {
    for (const range of ranges) {
      const path = `/dashboard?${new URLSearchParams(range.query)}`;
      let calls: number | null = null;
      for (let i = 0; i < Math.max(1, counts.warmup); i++) calls = renderedCalls((await client.getOk(path)).body.toString("utf8"));
      if (calls === null) throw new Error(`GET ${path}: the page has no calls figure (signed out, or an error on the page)`);
      const samples: number[] = [];
      const start = process.hrtime.bigint();
      for (let i = 0; i < counts.requests && elapsedMs(start) < counts.seconds * 1000; i++) samples.push((await client.getOk(path)).ms);
      rows.push({ name: range.name, path, summary: summarize(samples), calls });
    }
  } finally {
    client.close();
  }
  return rows;
}
