import type { ProcessLoadReport } from "./process-load";

/** The `load` of `GET /api/health`: the whole instance (every server process on the port), and each process. */
export type InstanceLoad = {
  /** Live calls held by the instance's processes. */
  live_calls: number;
  /** The worst process's event-loop delay p99 (ms). */
  loop_delay_p99_ms: number;
  /** The worst process's media-tick lateness p99 (ms), null when no call played audio. */
  frame_lateness_p99_ms: number | null;
  /** True while at least one process takes new calls. */
  accepting_calls: boolean;
  processes: ProcessLoadReport[];
};

/** Sums the processes' reports (this process's fresh one first, the others' as they last reported). */
export function instanceLoad(processes: ProcessLoadReport[]): InstanceLoad {
  const lateness = processes.map((each) => each.frame_lateness_p99_ms).filter((value): value is number => value !== null);
  return {
    live_calls: processes.reduce((sum, each) => sum + each.live_calls, 0),
    loop_delay_p99_ms: Math.max(0, ...processes.map((each) => each.loop_delay_p99_ms)),
    frame_lateness_p99_ms: lateness.length ? Math.max(...lateness) : null,
    accepting_calls: processes.some((each) => each.accepting_calls),
    processes,
  };
}
