import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppRuntime } from "./runtime";

export const isHealthPath = (url: string) => url === "/api/health" || url.startsWith("/api/health?");

/**
 * `GET /api/health` for load balancers: 200 `{"status":"ok"}` once the database answers; 503
 * `{"status":"draining"}` from SIGTERM on (move traffic elsewhere), `{"status":"unavailable"}` when
 * the database does not answer.
 */
export async function answerHealth(request: IncomingMessage, response: ServerResponse, runtime: Pick<AppRuntime, "lifecycle" | "connection">) {
  const send = (status: number, body: { status: string }) => {
    const text = JSON.stringify(body);
    response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), "cache-control": "no-store" });
    response.end(request.method === "HEAD" ? undefined : text);
  };
  if (runtime.lifecycle.draining) return send(503, { status: "draining" });
  try {
    await runtime.connection.query("select 1");
    send(runtime.lifecycle.draining ? 503 : 200, { status: runtime.lifecycle.draining ? "draining" : "ok" });
  } catch (error) {
    console.error("health check failed:", error instanceof Error ? error.message : error);
    send(503, { status: "unavailable" });
  }
}
