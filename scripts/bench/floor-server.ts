/**
 * The floor the API is measured against under load: a bare `node:http` + `pg` server that does, per
 * request, what GET /v1/calls?limit=N must at least do: look the X-Api-Key up by its hash (one round
 * trip), run the very page query the API runs (the `cursorPageQuery` SQL), and answer the rows as
 * JSON. No framework, validation, rate limit or envelope.
 *
 *   tsx --conditions=react-server scripts/bench/floor-server.ts   (env DATABASE_URL, PORT, DATABASE_POOL_SIZE)
 */
import http from "node:http";
import pg from "pg";
import { hashApiKey } from "@/lib/auth/api-key-token";
import { connectPostgres } from "@/lib/db/client";
import { cursorPageQuery } from "@/lib/services/calls/calls";

const ORGANIZATION = "00000000-0000-4000-8000-000000000000";
const url = process.env.DATABASE_URL!;
const port = Number(process.env.PORT);
const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10);

// The API's SQL for each limit, with the organization id as a parameter to fill per request.
const drizzle = connectPostgres(url, 1);
const pages = new Map<number, { sql: string; params: unknown[] }>();
function page(limit: number) {
  let found = pages.get(limit);
  if (!found) {
    const input = { page: 1, limit, useCursor: true, includeTranscript: false, includeVariableValues: false };
    found = cursorPageQuery({ db: drizzle.db, organizationId: ORGANIZATION }, input).toSQL();
    pages.set(limit, found);
  }
  return found;
}

const pool = new pg.Pool({ connectionString: url, max: poolSize });
const KEY_SQL = "select id, organization_id from api_keys where key_hash = $1 and revoked_at is null limit 1";

const server = http.createServer(async (request, response) => {
  try {
    const key = request.headers["x-api-key"];
    const { rows: keys } = await pool.query(KEY_SQL, [hashApiKey(String(key ?? ""))]);
    if (keys.length === 0) {
      response.writeHead(401).end();
      return;
    }
    const limit = Number(new URL(request.url ?? "/", "http://floor").searchParams.get("limit") ?? 50);
    const { sql, params } = page(limit);
    const { rows } = await pool.query(sql, params.map((value) => (value === ORGANIZATION ? keys[0].organization_id : value)));
    const body = JSON.stringify({ data: rows.slice(0, limit) });
    response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
  } catch (error) {
    console.error(error);
    response.writeHead(500).end();
  }
});
server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1", () => console.log(`> Ready on http://127.0.0.1:${port} (floor)`));
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void Promise.all([pool.end(), drizzle.close()]).finally(() => process.exit(0));
  });
}
