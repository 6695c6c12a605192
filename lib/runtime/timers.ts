import type { AgentDocument } from "@/lib/agents/normalize";
import type { CallSnapshot } from "./types";

export type TimerKind = "max_duration" | "initial_message" | "presence_check";
export type Deadline = { kind: TimerKind; at: number };

/**
 * The next moment the call needs the engine without a caller turn, computed from the stored
 * snapshot only, so whichever instance holds the call can schedule it after a restart.
 */
export function nextDeadline(agent: AgentDocument, snapshot: CallSnapshot): Deadline | null {
  if (snapshot.status === "ended") return null;
  const answered = Date.parse(snapshot.answered_at);
  const maxEnd: Deadline = { kind: "max_duration", at: answered + agent.max_call_duration * 1000 };
  const other: Deadline = snapshot.initial_message_pending
    ? { kind: "initial_message", at: answered + agent.initial_message_delay }
    : { kind: "presence_check", at: Date.parse(snapshot.last_activity_at) + agent.presence_check_idle_threshold * 1000 };
  return other.at < maxEnd.at ? other : maxEnd;
}
