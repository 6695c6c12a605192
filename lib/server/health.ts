import type { IncomingMessage, ServerResponse } from "node:http";
import type { InstanceLoad } from "@/lib/load/instance-load";
import type { AppRuntime } from "./runtime";

export const isHealthPath = (url: string) => url === "/api/health" || url.startsWith("/api/health?");

type HealthBody = { status: "ok" | "draining" | "unavailable"; load?: InstanceLoad };

/**
 * `GET /api/health` for load balancers: 200 `{"status":"ok","load":{…}}` once the database answers;
 * 503 `{"status":"draining"}` from SIGTERM on (move traffic elsewhere), `{"status":"unavailable"}`
 * when the database does not answer. `load` is the instance's (every server process on the port):
 * live calls, the worst event-loop delay and media-tick lateness p99, whether it takes new calls,
 * and each process's figures, so a balancer can steer new calls to the instance with room.
 */
export async function answerHealth(
  request: IncomingMessage,
  response: ServerResponse,
  runtime: Pick<AppRuntime, "lifecycle" | "connection"> & Partial<Pick<AppRuntime, "loadView">>,
) {
  const send = (status: number, body: HealthBody) => {
    const text = JSON.stringify(status === 200 && runtime.loadView ? { ...body, load: runtime.loadView.instance() } : body);
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
