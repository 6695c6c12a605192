import { z } from "@hono/zod-openapi";

// A call's enum lists and the values the conversation engine writes into it (transcript, variable
// values, latency, transfer): the database columns, the engine and the API's Call share these.

export const callTypes = ["phone_call", "web_call"] as const;
export type CallType = (typeof callTypes)[number];

export const callStatuses = ["created", "ringing", "in_progress", "ended", "failed"] as const;
export type CallStatus = (typeof callStatuses)[number];

export const callDirections = ["inbound", "outbound"] as const;
export type CallDirection = (typeof callDirections)[number];

export const callAnswerTypes = ["human", "voicemail", "unknown"] as const;
export type CallAnswerType = (typeof callAnswerTypes)[number];

export const callEndReasons = [
  "completed",
  "agent_hangup",
  "user_hangup",
  "max_duration",
  "terminated",
  "no_answer",
  "busy",
  "no_telephony_provider",
  "error",
  "failed",
  "transferred",
  "server_shutdown",
] as const;
export type CallEndReason = (typeof callEndReasons)[number];

export const callTransferStatuses = ["dialing", "answered", "completed", "busy", "no_answer", "declined", "failed"] as const;

export const TranscriptEntrySchema = z
  .object({
    role: z.enum(["agent", "user"]).openapi({ description: "`agent` or `user`", example: "user" }),
    start_time: z.string().openapi({ format: "date-time" }),
    content: z.string(),
    interrupted: z.literal(true).optional().openapi({
      description: "Extension (voice calls): the caller cut the agent off; `content` is only what they heard.",
    }),
  })
  .openapi("TranscriptEntry");
export type TranscriptEntry = z.infer<typeof TranscriptEntrySchema>;

const ms = (description: string) => z.number().int().nullable().openapi({ description });

export const TurnLatencySchema = z
  .object({
    turn: z.number().int().openapi({ description: "The caller turn's number in the call, from 1." }),
    speech_ended_at_ms: z.number().int().openapi({ description: "When the caller stopped speaking, ms after the call's audio started." }),
    end_of_turn_ms: z.number().int().openapi({ description: "The end-of-turn decision (the silence threshold waited)." }),
    transcript_ms: ms("The transcript ready."),
    first_token_ms: ms("The model's first token."),
    first_sentence_ms: ms("The first sentence sent to text-to-speech."),
    first_speech_byte_ms: ms("Text-to-speech's first audio byte."),
    first_audio_ms: ms("The first frame of the answer sent to the caller: the latency a caller hears."),
  })
  .openapi("TurnLatency", { description: "Each figure in ms after the end of the caller's speech; null where the turn never got there (interrupted, or nothing said)." });
export type TurnLatency = z.infer<typeof TurnLatencySchema>;

export const VariableValueSchema = z
  .object({
    name: z.string(),
    type: z.string().openapi({ example: "string" }),
    value: z.unknown(),
    timestamp: z.string().openapi({ format: "date-time" }),
  })
  .openapi("VariableValue");
export type VariableValue = z.infer<typeof VariableValueSchema>;

export const CallTransferSchema = z.object({
  to: z.string().openapi({ example: "+14155550199" }),
  status: z.enum(callTransferStatuses),
  duration_seconds: z.number().int().nullable(),
  mode: z.enum(["cold", "warm"]).optional().openapi({
    description:
      "Extension: `warm` when the agent called the destination first and spoke to it before joining the caller (absent: cold). A warm transfer that " +
      "failed (busy, no_answer, declined: the destination hung up before the caller was joined, failed) left the caller with the agent.",
  }),
});
/** Where a transfer_call (or a number's redirect) sent the caller, and how it went. */
export type CallTransfer = z.infer<typeof CallTransferSchema>;

export const callStarterSources = ["studio", "api"] as const;

export const CallStarterSchema = z
  .object({
    source: z.enum(callStarterSources).openapi({
      description: "studio: a member started it in the studio (an agent's Talk tab, or a test phone call); api: a request with one of the organization's API keys.",
    }),
    user: z
      .object({ id: z.uuid(), name: z.string().nullable(), email: z.string() })
      .nullable()
      .openapi({ description: "studio: the member who started it, as they were named then." }),
    api_key: z
      .object({ id: z.uuid(), name: z.string(), prefix: z.string() })
      .nullable()
      .openapi({ description: "api: the key the request carried (its name and visible prefix, never the key)." }),
  })
  .openapi("CallStarter");
/** Who started a call through the API (web calls, outbound phone calls): a studio member, or an API key. */
export type CallStarter = z.infer<typeof CallStarterSchema>;

/** What a call consumed, kept up to date by the conversation runtime; the cost job prices it. */
export type CallUsage = { llm_input_tokens: number; llm_output_tokens: number; tts_characters: number; stt_seconds: number };
export const emptyCallUsage: CallUsage = { llm_input_tokens: 0, llm_output_tokens: 0, tts_characters: 0, stt_seconds: 0 };
