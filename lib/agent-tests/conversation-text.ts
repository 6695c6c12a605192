import type { ToolCallRecord } from "@/lib/schemas/agent-tests";
import type { TranscriptEntry } from "@/lib/schemas/call-values";

/** A transcript as the judge and the simulated caller read it: one line per turn. */
export function transcriptText(transcript: TranscriptEntry[], names: { agent: string; user: string } = { agent: "Agent", user: "Caller" }): string {
  if (transcript.length === 0) return "(nothing has been said yet)";
  return transcript.map((entry) => `${entry.role === "agent" ? names.agent : names.user}: ${entry.content}${entry.interrupted ? " [cut off by the caller]" : ""}`).join("\n");
}

export function toolCallsText(calls: ToolCallRecord[]): string {
  if (calls.length === 0) return "(none)";
  return calls.map((call) => `${call.tool_name}(${JSON.stringify(call.arguments)})${call.result === null || call.result === undefined ? "" : ` → ${JSON.stringify(call.result).slice(0, 500)}`}`).join("\n");
}
