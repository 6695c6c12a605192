// How a SIP call ended, in the terms calls are reported in: busy, no_answer, failed (with the SIP
// status kept), canceled, or completed after an answer; who hung up and how long it lasted.

export type CallEndKind = "completed" | "busy" | "no_answer" | "failed" | "canceled";

export type CallOutcome = {
  kind: CallEndKind;
  /** The final SIP status that ended an unanswered call (486, 408, 503…); null once answered. */
  sipStatus: number | null;
  /** What happened, for people: "486 Busy Here", "BYE from the far end", "session refresh missed". */
  reason: string;
  /** Who ended it; null when the network did (timeouts, a dead dialog). */
  hungUpBy: "local" | "remote" | null;
  startedAt: Date;
  answeredAt: Date | null;
  endedAt: Date;
  /** Talk time, answer to end (0 when never answered). */
  durationMs: number;
  /** Set when the call ended by a transfer (REFER) the far end completed. */
  transferredTo?: string;
};

/**
 * The end of an unanswered call from its final status: 486/600 busy; 408/480, and 487 after our
 * ring timeout, no_answer; 487 after our own CANCEL canceled; any other 3xx–6xx failed.
 */
export function endKindForStatus(status: number, canceled: "ring_timeout" | "local" | null): CallEndKind {
  if (status === 486 || status === 600) return "busy";
  if (status === 408 || status === 480) return "no_answer";
  if (status === 487 && canceled === "ring_timeout") return "no_answer";
  if (status === 487 && canceled === "local") return "canceled";
  return "failed";
}
