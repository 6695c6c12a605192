import cluster, { type Worker } from "node:cluster";
import type { ProcessLoadReport } from "@/lib/load/process-load";
import { isWorkerMessage, SLOT_ENV, type PrimaryMessage } from "./cluster-messages";
import { onStopSignals } from "./stop-signals";

export type ClusterOptions = {
  /** Server processes to run (WEB_CONCURRENCY). */
  workers: number;
  /** SHUTDOWN_DRAIN_SECONDS: how long the processes drain before the primary stops waiting for them. */
  drainSeconds: number;
  /** "production" or "development", for the ready line. */
  mode: string;
  log?: (line: string) => void;
};

/** A process that dies this soon after its start is failing, not crashing: restarts back off. */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Past the drain, how long the processes get to close the database and exit before they are killed. */
const EXIT_GRACE_MS = 15_000;

/**
 * V8 flags of the server processes (measured in docs/performance.md, capacity runs 4 and 7; why in
 * docs/decisions.md): the old generation may grow to 1.5 × what the last full collection kept before
 * the next one starts. V8's own factor (about 1.35 for a voice server's heap) left less room than the
 * young generation holds, so a full collection ran every half second at 150 calls, each a 5–30 ms pause.
 */
export const SERVER_PROCESS_V8_FLAGS = ["--heap-growing-percent=50"];

/**
 * Environment of the server processes: glibc's malloc maps blocks of 16 KiB and more on their own,
 * and unmaps them when they are freed (`MALLOC_MMAP_THRESHOLD_`, unless the operator set it). A live
 * call frees tens of such blocks a second (providers' audio chunks, socket reads); kept in the heap,
 * their holes held the process's memory at its high-water mark (docs/performance.md, capacity run 6).
 */
export function serverProcessEnv(env: Record<string, string | undefined> = process.env): Record<string, string> {
  return env.MALLOC_MMAP_THRESHOLD_ === undefined ? { MALLOC_MMAP_THRESHOLD_: "16384" } : {};
}

type Slot = { index: number; worker: Worker | null; startedAt: number; ready: boolean; restarts: number; report: ProcessLoadReport | null };

/**
 * The primary of `npm start` with WEB_CONCURRENCY > 1: it serves nothing itself. It runs one server
 * process per slot (node:cluster; they share the listening port, and the primary hands each new
 * connection to the next process in turn), restarts one that dies, relays their load to each other
 * (each answers `GET /api/health` for the whole instance), and on SIGTERM or SIGINT drains them all:
 * the signal goes to every process, and the primary exits once every one has (0 when all drained
 * cleanly). A second signal (not the first delivered twice) makes them all exit at once. A server
 * process whose primary is gone exits at once (lib/server/cluster-worker.ts), as one process would.
 */
export function runClusterPrimary(options: ClusterOptions): void {
  const log = options.log ?? ((line: string) => console.log(line));
  const slots: Slot[] = Array.from({ length: options.workers }, (_, index) => ({ index, worker: null, startedAt: 0, ready: false, restarts: 0, report: null }));
  let announced = false;
  let stopping: NodeJS.Signals | null = null;
  let failed = false;
  /** 1 once a process exited other than cleanly while stopping (or failed to start). */
  let exitCode = 0;

  cluster.setupPrimary({ execArgv: [...process.execArgv, ...SERVER_PROCESS_V8_FLAGS] });

  const broadcast = () => {
    const message: PrimaryMessage = { type: "voice:peers", reports: slots.flatMap((slot) => (slot.report ? [slot.report] : [])) };
    for (const slot of slots) if (slot.worker?.isConnected()) slot.worker.send(message, undefined, undefined, () => undefined);
  };

  const fork = (slot: Slot) => {
    slot.startedAt = Date.now();
    slot.ready = false;
    slot.report = null;
    const worker = cluster.fork({ ...serverProcessEnv(), [SLOT_ENV]: String(slot.index) });
    slot.worker = worker;
    worker.on("message", (message: unknown) => {
      if (!isWorkerMessage(message)) return;
      if (message.type === "voice:load") {
        slot.report = message.report;
        return broadcast();
      }
      slot.ready = true;
      if (!announced && slots.every((each) => each.ready)) {
        announced = true;
        log(`> Ready on ${message.url} (${options.mode}, ${options.workers} server processes: ${slots.map((each) => each.worker?.process.pid).join(", ")})`);
      }
    });
    worker.on("exit", (code, signal) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      slot.report = null;
      broadcast();
      if (stopping || failed) {
        if (code !== 0) exitCode = 1;
        if (slots.every((each) => each.worker === null)) {
          log("every server process has exited: exiting");
          process.exit(exitCode);
        }
        return;
      }
      if (!announced && !slot.ready) {
        // A process that cannot start (configuration, database) will not start on a retry either.
        log(`server process ${slot.index + 1} (pid ${worker.process.pid}) exited during start-up (${signal ?? `code ${code}`}): stopping`);
        failed = true;
        exitCode = 1;
        for (const other of slots) other.worker?.process.kill("SIGTERM");
        if (slots.every((each) => each.worker === null)) process.exit(1);
        return;
      }
      const quick = Date.now() - slot.startedAt < QUICK_DEATH_MS;
      slot.restarts = quick ? slot.restarts + 1 : 0;
      const delay = quick ? Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** slot.restarts) : 0;
      log(`server process ${slot.index + 1} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}): starting another${delay ? ` in ${delay / 1000} s` : ""}`);
      setTimeout(() => {
        if (!stopping && !failed) fork(slot);
      }, delay);
    });
  };

  onStopSignals(
    (signal) => {
      stopping = signal;
      const running = slots.filter((slot) => slot.worker);
      log(`${signal} received: draining ${running.length} server process(es) for up to ${options.drainSeconds} s (SHUTDOWN_DRAIN_SECONDS); send it again to exit at once`);
      for (const slot of running) slot.worker!.process.kill(signal);
      if (running.length === 0) process.exit(0);
      // A process that hangs past its drain is not waited for forever.
      setTimeout(() => {
        for (const slot of slots) slot.worker?.process.kill("SIGKILL");
      }, options.drainSeconds * 1000 + EXIT_GRACE_MS).unref();
    },
    {
      log,
      exitNow: (signal) => {
        log(`${signal} again: every server process exits now`);
        for (const slot of slots) slot.worker?.process.kill(signal);
        process.exit(1);
      },
    },
  );
  for (const slot of slots) fork(slot);
}
