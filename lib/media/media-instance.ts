import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Database } from "@/lib/db/client";
import type { JobQueue } from "@/lib/jobs/queue";
import { beatMediaInstance, endCallsOfDeadMediaInstances, retireMediaInstance, type OrphanedCall } from "@/lib/services/calls/media-instances";

/** Production defaults: a holder beats every 5 s and is dead after 15 s of silence, so its calls end within 20 s of its last beat. */
export const DEFAULT_INSTANCE_HEARTBEAT_MS = 5_000;
export const DEFAULT_INSTANCE_TIMEOUT_MS = 15_000;

export type InstanceTiming = {
  /** How often this process beats and sweeps (INSTANCE_HEARTBEAT_SECONDS). */
  heartbeatMs?: number;
  /** Silence after which a holder is dead (INSTANCE_TIMEOUT_SECONDS); at least two heartbeats. */
  timeoutMs?: number;
};

export type SweepOptions = InstanceTiming & {
  /** Calls the sweep ended: what is left to do elsewhere (a carrier leg to hang up). */
  onOrphans?: (calls: OrphanedCall[]) => Promise<void> | void;
  log?: (line: string) => void;
};

/** What the drain needs of a live call held here. */
export type HeldLiveCall = { terminate(reason: "server_shutdown"): void; ended: Promise<unknown> };

function sweeper(db: Database, queue: JobQueue, selfId: string | null, options: SweepOptions) {
  const log = options.log ?? ((line: string) => console.error(line));
  const timeoutMs = options.timeoutMs ?? DEFAULT_INSTANCE_TIMEOUT_MS;
  let running: Promise<OrphanedCall[]> | null = null;
  return (othersAreGone = false) =>
    (running ??= (async () => {
      try {
        const ended = await endCallsOfDeadMediaInstances(db, queue, { selfId, staleMs: timeoutMs, othersAreGone });
        if (ended.length) {
          log(`media instances: ended ${ended.length} live call(s) of ${new Set(ended.map((call) => call.instanceId)).size} instance(s) that stopped beating (end_reason error, instance_lost)`);
          await options.onOrphans?.(ended);
        }
        return ended;
      } catch (error) {
        log(`media instances: the dead-instance sweep failed: ${error instanceof Error ? error.message : String(error)}`);
        return [];
      } finally {
        running = null;
      }
    })());
}

/**
 * This process as a holder of live calls' media (its WebSockets' web voice calls and carrier streams,
 * its SIP dialogs). It beats in `media_instances`; each call whose media it takes names it; and on
 * every beat it ends the calls of holders that went silent (any survivor does, so a crashed
 * instance's calls end within timeout + one heartbeat). It also keeps this process's live calls for
 * the drain, which ends them as `server_shutdown` rather than blaming the caller.
 */
export class MediaInstance {
  readonly id = randomUUID();
  private readonly held = new Map<string, HeldLiveCall>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private relayUrl: string | null = null;
  private readonly sweep: (othersAreGone?: boolean) => Promise<OrphanedCall[]>;

  private constructor(
    private readonly db: Database,
    queue: JobQueue,
    private readonly options: SweepOptions,
  ) {
    this.sweep = sweeper(db, queue, this.id, options);
  }

  /**
   * Registers and starts beating. `exclusive`: this process owns the embedded database, so no other
   * holder can still be running: their calls (left by an earlier run of this server) end at once.
   */
  static async start(db: Database, queue: JobQueue, options: SweepOptions & { exclusive?: boolean } = {}): Promise<MediaInstance> {
    const instance = new MediaInstance(db, queue, options);
    await beatMediaInstance(db, instance.row());
    await instance.sweep(options.exclusive ?? false);
    const heartbeatMs = options.heartbeatMs ?? DEFAULT_INSTANCE_HEARTBEAT_MS;
    instance.timer = setInterval(() => {
      beatMediaInstance(db, instance.row())
        .then(() => instance.sweep())
        .catch((error) => (options.log ?? console.error)(`media instances: heartbeat failed: ${error instanceof Error ? error.message : String(error)}`));
    }, heartbeatMs);
    instance.timer.unref();
    return instance;
  }

  private row() {
    return { id: this.id, pid: process.pid, host: os.hostname(), relayUrl: this.relayUrl };
  }

  /** Where the instance's other processes pass on a carrier stream meant for this one (lib/server/relayed-streams-listener.ts). */
  async advertiseRelay(url: string): Promise<void> {
    this.relayUrl = url;
    await beatMediaInstance(this.db, this.row());
  }

  /** Looks for dead holders now (also done on every beat). */
  sweepNow(): Promise<OrphanedCall[]> {
    return this.sweep();
  }

  /** A live call whose media this process holds; returns its release. */
  hold(callId: string, call: HeldLiveCall): () => void {
    this.held.set(callId, call);
    return () => {
      if (this.held.get(callId) === call) this.held.delete(callId);
    };
  }

  get liveCalls(): number {
    return this.held.size;
  }

  /** Ends every live call held here for `reason` and waits (at most `graceMs`) until their ends are stored. */
  async endAll(reason: "server_shutdown", graceMs: number): Promise<void> {
    const calls = [...this.held.values()];
    if (!calls.length) return;
    for (const call of calls) call.terminate(reason);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(calls.map((call) => call.ended)), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }

  /** Stops beating and leaves as dead at once: a call it could not end is ended by the next sweep elsewhere. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    await retireMediaInstance(this.db, this.id).catch(() => undefined);
  }
}

/** The sweep alone, for a process that holds no media (`npm run worker`): it ends dead holders' calls too. */
export function startMediaInstanceSweep(db: Database, queue: JobQueue, options: SweepOptions = {}): { stop: () => void } {
  const sweep = sweeper(db, queue, null, options);
  const timer = setInterval(() => void sweep(), options.heartbeatMs ?? DEFAULT_INSTANCE_HEARTBEAT_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
