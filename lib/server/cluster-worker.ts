import cluster from "node:cluster";
import { isPrimaryMessage, SLOT_ENV, type WorkerMessage } from "./cluster-messages";
import type { LoadView } from "./load-view";

/** How often a server process checks whether its live calls changed, to tell the others at once. */
const LIVE_CALLS_CHECK_MS = 250;

/** This server process's number in a cluster (0..WEB_CONCURRENCY-1), or null when it runs alone. */
export function clusterSlot(): number | null {
  return cluster.isWorker ? Number(process.env[SLOT_ENV] ?? 0) : null;
}

function send(message: WorkerMessage): void {
  if (process.connected) process.send?.(message, undefined, undefined, () => undefined);
}

/**
 * A server process of a cluster (lib/server/cluster-primary.ts): tells the primary it is ready, reports
 * its load every half window and whenever its live calls change, takes the others' reports for
 * `GET /api/health`, and exits at once when the primary is gone (kill -9 of the server, or a second
 * stop signal): one process's server would be gone whole, so is this one.
 */
export function joinCluster(view: LoadView, url: string): void {
  const slot = clusterSlot();
  if (slot === null) return;
  let lastLiveCalls = -1;
  const report = () => {
    const own = view.own.report();
    lastLiveCalls = own.live_calls;
    send({ type: "voice:load", slot, report: own });
  };
  process.on("message", (message: unknown) => {
    if (isPrimaryMessage(message)) view.setPeers(message.reports);
  });
  process.on("disconnect", () => {
    console.error(`server process ${slot + 1} (pid ${process.pid}): the primary process is gone: exiting`);
    process.exit(1);
  });
  view.own.onRotate(report);
  const check = setInterval(() => {
    if (view.own.report().live_calls !== lastLiveCalls) report();
  }, LIVE_CALLS_CHECK_MS);
  check.unref();
  report();
  send({ type: "voice:ready", slot, url });
}
