import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { LiveConnections } from "./live-connections";
import type { AppRuntime } from "./runtime";

/** How long the ends of cut calls may take to be stored (and carrier legs hung up) before the sockets close. */
const END_GRACE_MS = 3_000;
/** How long sockets of calls just ended get to close on their own before the drain closes them (1001). */
const SOCKET_CLOSE_GRACE_MS = 1_000;

export type Drainable = {
  server: Server;
  live: LiveConnections;
  runtime: Pick<AppRuntime, "lifecycle" | "stopWorkers" | "stop"> & Partial<Pick<AppRuntime, "drainCalls" | "endLiveCalls">>;
  /** Closes Next.js (its file watchers in development). */
  closeNext?: () => Promise<void>;
  log?: (line: string) => void;
};

/**
 * A graceful stop: health turns 503 and new calls are refused, the listener closes (new connections
 * are refused), job workers and the SIP user agent take no new work (INVITEs get 503), and requests
 * in flight, SIP calls and live WebSockets may finish
 * within `drainMs`. Open keep-alive connections are still served, each response closing its
 * connection (so a load balancer's pooled health check sees the 503). Then the rest is cut: live
 * calls end as `server_shutdown` (not as the caller's hang-up; carrier legs are hung up), WebSockets
 * close with 1001, held jobs are released to pg-boss, and the runtime closes the database.
 */
export async function drain(target: Drainable, drainMs: number): Promise<void> {
  const { server, live, runtime, log = console.log } = target;
  runtime.lifecycle.draining = true;
  // http.Server#close would also drop idle keep-alive connections; net.Server's only stops listening.
  NetServer.prototype.close.call(server);
  const workers = runtime.stopWorkers(drainMs);
  const calls = runtime.drainCalls?.(drainMs);
  log(`draining: ${live.requests} request(s) in flight, ${live.sockets} WebSocket(s) open, up to ${Math.round(drainMs / 1000)} s`);
  const finished = await Promise.race([live.idle().then(() => true), sleep(drainMs, false)]);
  if (!finished) {
    log(`drain time is up: ending the live calls (server_shutdown), closing ${live.sockets} WebSocket(s) and ${live.requests} request(s)`);
    await runtime.endLiveCalls?.(END_GRACE_MS);
    // An ended call's socket closes itself (1000) once its last events are sent: a moment for that, then the rest is cut.
    await Promise.race([live.idle(), sleep(SOCKET_CLOSE_GRACE_MS)]);
    live.closeSockets("Server shutting down");
    server.closeAllConnections();
    await Promise.race([live.idle(), sleep(3_000)]);
  }
  server.closeAllConnections();
  await workers;
  await calls;
  // SIP calls still up when their drain ran out: ended the same way before the user agent closes.
  await runtime.endLiveCalls?.(END_GRACE_MS);
  await target.closeNext?.().catch(() => undefined);
  await runtime.stop();
}
