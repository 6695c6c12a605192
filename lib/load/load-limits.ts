/** When a server process stops taking new calls (LOAD_* in the README's Configuration table). */
export type LoadLimits = {
  /** Refuse new calls while the event loop's delay p99 (over the last few seconds) is above this; 0: not checked. This and the lateness limit apply only while the process holds live calls (they are what the limits protect). */
  maxLoopDelayMs: number;
  /** Refuse new calls while the media tick's lateness p99 is above this; 0: not checked. */
  maxFrameLatenessMs: number;
  /**
   * The delay and lateness limits count only while the event loop is at least this busy (0–1): a late
   * timer in an idle process is the machine's doing (other processes on its cores), and refusing
   * calls would not help the ones it has; 0 applies them always.
   */
  busyUtilization: number;
  /** Refuse new calls while this process holds this many live calls; 0: no cap. */
  maxLiveCalls: number;
  /** The Retry-After of a refusal (web calls), and how long an outbound dial waits before it looks again. */
  retryAfterSeconds: number;
};

/**
 * The defaults sit below the limits a caller hears (agent audio jitter p99 ≤ 20 ms, no gap over
 * 60 ms): a process refuses new calls while the calls it has still play smoothly.
 */
export const DEFAULT_LOAD_LIMITS: LoadLimits = {
  maxLoopDelayMs: 15,
  maxFrameLatenessMs: 15,
  busyUtilization: 0.5,
  maxLiveCalls: 0,
  retryAfterSeconds: 5,
};

/** Whether this process takes a new call now. */
export type Admission = { accepting: true } | { accepting: false; reason: string; retryAfterSeconds: number };

export type RefusalCause = "loop_delay" | "frame_lateness" | "live_calls";
