// The call's clock: monotonic milliseconds and timers at absolute times. Production uses the
// process's monotonic clock; tests inject a manual clock and move time themselves.

export type CancelTimer = () => void;

export interface MediaClock {
  /** Monotonic milliseconds. */
  now(): number;
  /** Runs `callback` once at (or as soon as possible after) the absolute time `at`. */
  at(at: number, callback: () => void): CancelTimer;
}

export const realClock: MediaClock = {
  now: () => performance.now(),
  at(at, callback) {
    const timer = setTimeout(callback, Math.max(0, at - performance.now()));
    return () => clearTimeout(timer);
  },
};

let pacingObserver: ((latenessMs: number) => void) | null = null;

/**
 * Hears how late (ms) every real-time periodic tick of this process ran for its deadline (the media
 * ticks that pace calls' frames): lib/load counts it, and refuses new calls past LOAD_MAX_FRAME_LATENESS_MS.
 * Null stops it. Ticks on a test's manual clock are not heard.
 */
export function observePacing(observer: ((latenessMs: number) => void) | null): void {
  pacingObserver = observer;
}

/**
 * Real-time periodic timers share an operating-system timer per phase: deadlines are put on a
 * PHASE_MS grid, and every timer of the same period and phase runs from one `setTimeout`. A process
 * with 300 calls (two 20 ms timers each) arms at most 4 timers per 20 ms instead of 600, and its
 * event loop wakes 200 times a second instead of 30,000.
 */
const PHASE_MS = 5;

/** The real-time timers whose deadlines fall on one phase of one period. */
class PhaseGroup {
  readonly members = new Set<PeriodicTimer>();
  private cancel: CancelTimer | null = null;
  private armedFor = Infinity;

  constructor(private readonly onEmpty: () => void) {}

  get armed(): boolean {
    return this.cancel !== null;
  }

  add(member: PeriodicTimer): void {
    this.members.add(member);
    if (member.deadline < this.armedFor) this.arm(member.deadline);
  }

  remove(member: PeriodicTimer): void {
    if (!this.members.delete(member) || this.members.size) return;
    this.cancel?.();
    this.cancel = null;
    this.armedFor = Infinity;
    this.onEmpty();
  }

  private arm(deadline: number): void {
    this.cancel?.();
    this.armedFor = deadline;
    this.cancel = realClock.at(deadline, () => this.run());
  }

  private run(): void {
    this.cancel = null;
    this.armedFor = Infinity;
    const now = realClock.now();
    // One call's failing tick must not stop the others' (each had its own timer before). As its own timer
    // did, the failing one stops; its error is thrown once the rest have run.
    let failure: { error: unknown } | null = null;
    // A member that restarts during its tick is visited again only if it is already due.
    for (const member of this.members) {
      if (member.deadline > now) continue;
      try {
        member.fireShared();
      } catch (error) {
        member.stop();
        failure ??= { error };
      }
    }
    let next = Infinity;
    for (const member of this.members) next = Math.min(next, member.deadline);
    if (next < Infinity && !this.cancel) this.arm(next);
    if (failure) throw failure.error;
  }
}

const phaseGroups = new Map<string, PhaseGroup>();

function phaseGroup(periodMs: number, deadline: number): PhaseGroup {
  const key = `${periodMs}:${((deadline % periodMs) + periodMs) % periodMs}`;
  let group = phaseGroups.get(key);
  if (!group) phaseGroups.set(key, (group = new PhaseGroup(() => phaseGroups.delete(key))));
  return group;
}

/** Operating-system timers armed for shared real-time ticks right now (for tests and the benchmark). */
export function sharedTickTimers(): number {
  let armed = 0;
  for (const group of phaseGroups.values()) if (group.armed) armed++;
  return armed;
}

/**
 * Calls `tick` every `periodMs` on absolute deadlines (start + n × period), so lateness never
 * accumulates. A deadline missed entirely is skipped rather than caught up in a burst; `tick`
 * gets the slot index and the deadline it stands for. On the real clock the first deadline is
 * rounded up to the 5 ms phase grid and the timer shares its wake-ups with every other one there.
 */
export class PeriodicTimer {
  private cancel: CancelTimer | null = null;
  private group: PhaseGroup | null = null;
  private slot = 0;
  private start = 0;
  private generation = 0;

  constructor(
    private readonly clock: MediaClock,
    private readonly periodMs: number,
    private readonly tick: (slot: number, deadline: number) => void,
  ) {}

  get running(): boolean {
    return this.cancel !== null || this.group !== null;
  }

  /** The next tick's deadline. */
  get deadline(): number {
    return this.start + this.slot * this.periodMs;
  }

  private get shared(): boolean {
    return this.clock === realClock && this.periodMs % PHASE_MS === 0;
  }

  /** Starts with a tick at `firstAt` (default now; on the real clock, the first 5 ms grid point from then). */
  begin(firstAt = this.clock.now()): void {
    this.stop();
    this.start = this.shared ? Math.ceil(firstAt / PHASE_MS) * PHASE_MS : firstAt;
    this.slot = 0;
    if (!this.shared) return this.schedule();
    this.group = phaseGroup(this.periodMs, this.start);
    this.group.add(this);
  }

  stop(): void {
    this.generation++;
    this.cancel?.();
    this.cancel = null;
    const group = this.group;
    this.group = null;
    group?.remove(this);
  }

  /** Its phase group's tick reached this timer's deadline. */
  fireShared(): void {
    this.fire(this.generation);
  }

  private schedule(): void {
    const generation = this.generation;
    const deadline = this.deadline;
    const arm = () => {
      this.cancel = this.clock.at(deadline, () => {
        if (generation !== this.generation) return;
        // Timers round to whole milliseconds and may fire a little early: never before the deadline.
        if (this.clock.now() < deadline) arm();
        else this.fire(generation);
      });
    };
    arm();
  }

  private fire(generation: number): void {
    if (pacingObserver && this.clock === realClock) pacingObserver(this.clock.now() - this.deadline);
    const due = Math.max(this.slot, Math.floor((this.clock.now() - this.start) / this.periodMs));
    this.tick(due, this.start + due * this.periodMs);
    if (generation !== this.generation) return; // the tick stopped or restarted the timer
    this.slot = due + 1;
    if (!this.group) this.schedule();
  }
}
