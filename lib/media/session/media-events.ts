// Events a media session emits; the browser socket forwards them as JSON text frames.

import type { TurnLatency } from "@/lib/schemas/call-values";

/** One caller turn's latency (stored on the call as `turn_latency`). */
export type TurnMetrics = TurnLatency;

export type MediaEvent =
  | { type: "user_speech_started" }
  | { type: "user_speech_stopped" }
  | { type: "user_transcript"; text: string; final: boolean }
  /** A sentence starts playing; `response` numbers the agent's responses in the call (a filler shares its response's). */
  | { type: "agent_speech_started"; text: string; response: number }
  | { type: "agent_speech_interrupted"; heard_text: string }
  | { type: "clear" }
  | ({ type: "turn_metrics" } & TurnMetrics)
  | { type: "media_error"; stage: "stt" | "tts" | "conversation" | "recording"; message: string }
  | { type: "session_ended"; reason: string; duration_ms: number };
