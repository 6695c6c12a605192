import type { ProcessLoadReport } from "@/lib/load/process-load";

/** What a server process tells the primary over the cluster's IPC channel. */
export type WorkerMessage =
  | { type: "voice:ready"; slot: number; url: string }
  | { type: "voice:load"; slot: number; report: ProcessLoadReport };

/** What the primary tells every server process: the others' load, for `GET /api/health`. */
export type PrimaryMessage = { type: "voice:peers"; reports: ProcessLoadReport[] };

/** The environment variable that numbers a cluster's server processes 0..n-1 (a restarted one keeps its number). */
export const SLOT_ENV = "VOICE_SERVER_SLOT";

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return type === "voice:ready" || type === "voice:load";
}

export function isPrimaryMessage(value: unknown): value is PrimaryMessage {
  return (value as { type?: unknown } | null)?.type === "voice:peers";
}
