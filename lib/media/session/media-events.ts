// Events a media session emits; the browser socket forwards them as JSON text frames.

/**
 * One caller turn's latency, in ms after the end of the caller's speech (null when the turn never
 * got there, e.g. it was interrupted or the reply was empty).
 */
export type TurnMetrics = {
  turn: number;
  /** Call-clock time of the end of the caller's speech, ms since the call started. */
  speech_ended_at_ms: number;
  end_of_turn_ms: number;
  transcript_ms: number | null;
  first_token_ms: number | null;
  first_sentence_ms: number | null;
  first_speech_byte_ms: number | null;
  first_audio_ms: number | null;
};

export type MediaEvent =
  | { type: "user_speech_started" }
  | { type: "user_speech_stopped" }
  | { type: "user_transcript"; text: string; final: boolean }
  | { type: "agent_speech_started"; text: string }
  | { type: "agent_speech_interrupted"; heard_text: string }
  | { type: "clear" }
  | ({ type: "turn_metrics" } & TurnMetrics)
  | { type: "media_error"; stage: "stt" | "tts" | "conversation"; message: string }
  | { type: "session_ended"; reason: string; duration_ms: number };
