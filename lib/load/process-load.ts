import { monitorEventLoopDelay, performance, type EventLoopUtilization, type IntervalHistogram } from "node:perf_hooks";
import { DEFAULT_LOAD_LIMITS, type Admission, type LoadLimits, type RefusalCause } from "./load-limits";
import { SlidingHistograms, SlidingRecorder } from "./sliding-histogram";

/** The event loop is sampled every 10 ms (in C++: no JavaScript runs per sample). */
const LOOP_RESOLUTION_MS = 10;
/** Percentiles cover the last 2.5–5 s: long enough that one GC pause is not the p99, short enough to react. */
const DEFAULT_WINDOW_MS = 5_000;

/** One process's load, as `GET /api/health` reports it (snake_case like the API). */
export type ProcessLoadReport = {
  pid: number;
  /** Calls whose media this process holds (web voice, carrier streams, SIP). */
  live_calls: number;
  /** How late the event loop ran its timers, p99 and max over the window (ms). */
  loop_delay_p99_ms: number;
  loop_delay_max_ms: number;
  /** How late the media tick paced its frames, p99 over the window (ms); null when no call played audio. */
  frame_lateness_p99_ms: number | null;
  /** Share of the last half window the event loop was busy (0–1). */
  loop_utilization: number;
  accepting_calls: boolean;
  /** Why new calls are refused (null while accepting). */
  refusing_because: RefusalCause | null;
};

export type ProcessLoadOptions = {
  limits?: Partial<LoadLimits>;
  /** Live calls held by this process (the media instance's count). */
  liveCalls?: () => number;
  windowMs?: number;
};

const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * This process's own measure of whether it keeps pace: the event loop's delay
 * (perf_hooks.monitorEventLoopDelay), the lateness of the media tick that paces every call's frames,
 * and the live calls it holds. Past a limit it refuses new calls (the web API answers 503 with
 * Retry-After, carriers and SIP hear busy, outbound dials wait) so that the calls it has stay smooth.
 */
export class ProcessLoad {
  readonly limits: LoadLimits;
  private readonly loop: SlidingHistograms<IntervalHistogram>;
  private readonly monitors: [IntervalHistogram, IntervalHistogram];
  private readonly lateness = new SlidingRecorder();
  private liveCalls: () => number;
  private timer: NodeJS.Timeout | undefined;
  private utilizationMark: EventLoopUtilization = performance.eventLoopUtilization();
  private utilization = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: ProcessLoadOptions = {}) {
    this.limits = { ...DEFAULT_LOAD_LIMITS, ...options.limits };
    this.liveCalls = options.liveCalls ?? (() => 0);
    this.monitors = [monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS }), monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS })];
    this.loop = new SlidingHistograms(this.monitors);
  }

  /** Starts measuring; `onRotate` listeners hear every half window (a cluster worker reports then). */
  start(): this {
    if (this.timer) return this;
    for (const monitor of this.monitors) monitor.enable();
    this.utilizationMark = performance.eventLoopUtilization();
    this.timer = setInterval(() => this.rotate(), (this.options.windowMs ?? DEFAULT_WINDOW_MS) / 2);
    this.timer.unref();
    return this;
  }

  /** Forgets what was measured so far: start-up (loading code, migrating) is not the load of serving. */
  reset(): void {
    for (const monitor of this.monitors) monitor.reset();
    this.lateness.reset();
    this.utilizationMark = performance.eventLoopUtilization();
    this.utilization = 0;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const monitor of this.monitors) monitor.disable();
  }

  /** Counts live calls with this (set once the media instance exists). */
  countLiveCalls(liveCalls: () => number): void {
    this.liveCalls = liveCalls;
  }

  /** How late (ms) the media tick ran for its deadline; called once per tick. */
  recordFrameLateness(ms: number): void {
    this.lateness.record(ms);
  }

  onRotate(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  report(): ProcessLoadReport {
    const loop = this.loop.current;
    // monitorEventLoopDelay records the whole interval between its samples: the delay is what exceeds the resolution.
    const delay = (nanos: number) => (loop.count === 0 ? 0 : round(Math.max(0, nanos / 1e6 - LOOP_RESOLUTION_MS)));
    const lateness = this.lateness.percentile(99);
    const report: ProcessLoadReport = {
      pid: process.pid,
      live_calls: this.liveCalls(),
      loop_delay_p99_ms: delay(loop.percentile(99)),
      loop_delay_max_ms: delay(loop.max),
      frame_lateness_p99_ms: lateness === null ? null : round(lateness),
      loop_utilization: round(this.utilization),
      accepting_calls: true,
      refusing_because: null,
    };
    report.refusing_because = this.cause(report);
    report.accepting_calls = report.refusing_because === null;
    return report;
  }

  /** Whether a new call may start here now. */
  admission(): Admission {
    const report = this.report();
    if (report.accepting_calls) return { accepting: true };
    return { accepting: false, reason: describeRefusal(report, this.limits), retryAfterSeconds: this.limits.retryAfterSeconds };
  }

  private cause(report: ProcessLoadReport): RefusalCause | null {
    const { maxLiveCalls, maxLoopDelayMs, maxFrameLatenessMs, busyUtilization } = this.limits;
    if (maxLiveCalls > 0 && report.live_calls >= maxLiveCalls) return "live_calls";
    // The limits protect the calls a process holds: with none, a late loop (start-up, loading code) refuses nobody.
    if (report.live_calls === 0) return null;
    if (report.loop_utilization < busyUtilization) return null;
    if (maxLoopDelayMs > 0 && report.loop_delay_p99_ms > maxLoopDelayMs) return "loop_delay";
    if (maxFrameLatenessMs > 0 && report.frame_lateness_p99_ms !== null && report.frame_lateness_p99_ms > maxFrameLatenessMs) return "frame_lateness";
    return null;
  }

  private rotate(): void {
    const now = performance.eventLoopUtilization();
    this.utilization = performance.eventLoopUtilization(now, this.utilizationMark).utilization;
    this.utilizationMark = now;
    this.loop.rotate();
    this.lateness.rotate();
    for (const listener of this.listeners) listener();
  }
}

export function describeRefusal(report: ProcessLoadReport, limits: LoadLimits): string {
  switch (report.refusing_because) {
    case "live_calls":
      return `it holds ${report.live_calls} live calls (LOAD_MAX_LIVE_CALLS=${limits.maxLiveCalls})`;
    case "loop_delay":
      return `its event loop runs ${report.loop_delay_p99_ms} ms late at p99, ${Math.round(report.loop_utilization * 100)} % busy (LOAD_MAX_LOOP_DELAY_MS=${limits.maxLoopDelayMs})`;
    case "frame_lateness":
      return `its audio frames go out ${report.frame_lateness_p99_ms} ms late at p99, ${Math.round(report.loop_utilization * 100)} % busy (LOAD_MAX_FRAME_LATENESS_MS=${limits.maxFrameLatenessMs})`;
    default:
      return "it is at capacity";
  }
}
