import type { CallEndReason, CallUsage, TranscriptEntry, VariableValue } from "@/lib/schemas/call-values";

/** A JSON Schema object describing a tool's input. */
export type JsonSchemaObject = { type: "object"; properties: Record<string, unknown>; required?: string[]; additionalProperties?: boolean };

/** One function the model may call in a state. */
export type ToolSpec = { name: string; description: string; parameters: JsonSchemaObject };

export type ToolCall = { id: string; name: string; input: Record<string, unknown> };

/** The conversation as the model sees it: the transcript, then this turn's tool calls and results. */
export type EngineMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[] }
  | { role: "tool"; results: { id: string; name: string; output: unknown }[] };

export type LlmRequest = {
  provider: "openai" | "azure_openai" | "openai_compatible" | "openai_realtime";
  model: string;
  temperature: number;
  system: string;
  messages: EngineMessage[];
  tools: ToolSpec[];
  abortSignal?: AbortSignal;
};

export type LlmEvent =
  | { type: "text"; text: string }
  | { type: "tool-call"; call: ToolCall }
  | { type: "usage"; inputTokens: number; outputTokens: number };

/** The model, streamed: the AI SDK adapter in production, a scripted object in unit tests. */
export type LanguageModelPort = (request: LlmRequest) => AsyncIterable<LlmEvent>;

/**
 * Outbound HTTP in the shape of lib/net's safe fetch (which production passes: no private
 * addresses, redirects re-checked, timeout over the whole exchange, capped body).
 */
export type HttpRequest = {
  method: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBodyBytes: number;
  /** The custom_function making the request (an agent test's tool mocks answer by name; production ignores it). */
  tool?: string;
};
export type HttpResponse = { status: number; text(): string };
export type HttpClient = (url: string, init: HttpRequest) => Promise<HttpResponse>;

export type KnowledgeChunk = { source_id: string; source_title: string | null; position: number; content: string };
export type KnowledgeRetriever = (query: string) => Promise<KnowledgeChunk[]>;

/**
 * What the engine reports. Every event but `agent_text_delta` is part of the call's record (stored
 * as a call event with its sequence number); deltas only stream to whoever is listening.
 */
export type RuntimeEvent =
  | { type: "agent_text_delta"; text: string }
  | { type: "agent_message"; content: string; kind: "initial" | "reply" | "filler" | "presence_check" }
  | { type: "user_message"; content: string }
  | { type: "state_changed"; from: string; to: string }
  | { type: "tool_called"; name: string; tool_type: string; input: Record<string, unknown> }
  | { type: "tool_result"; name: string; ok: boolean; output: unknown }
  | { type: "variable_updated"; variable: VariableValue; previous_value: unknown }
  | { type: "all_variables_resolved"; variable_values: VariableValue[] }
  | { type: "transfer_call" | "wait" | "leave_voicemail_message"; description: string }
  /** The callee asked not to be called again: the host lists the number; the engine has ended the call. */
  | { type: "add_to_do_not_call"; description: string }
  | { type: "turn_failed"; message: string }
  /** A warm transfer did not reach anyone (`reason`: no_answer, busy, declined, failed, no_phone_line); the caller stays with the agent. */
  | { type: "transfer_failed"; to: string; reason: string }
  | {
      type: "call_ended";
      end_reason: CallEndReason;
      detail?: string;
      /** Why, when the conversation did not end it itself: `instance_lost` (the process holding its media stopped). */
      reason?: CallEndCause;
    };

/** Why a call ended from outside its conversation, on its `call_ended` event. */
export type CallEndCause = "instance_lost";

export type RecordedEvent = Exclude<RuntimeEvent, { type: "agent_text_delta" }> & { seq: number; at: string };
export type EventSink = (event: RuntimeEvent & { seq?: number; at?: string }) => void;

export type Clock = { now(): Date };

/** Everything the engine keeps between operations; stored on the call so any instance can continue. */
export type CallSnapshot = {
  status: "active" | "ended";
  state_name: string;
  transcript: TranscriptEntry[];
  variable_values: VariableValue[];
  usage: CallUsage;
  /** When the call was answered (timers count from here). */
  answered_at: string;
  initial_message_pending: boolean;
  /** Last caller turn or agent message: presence checks count silence from here. */
  last_activity_at: string;
  presence_checks: number;
  all_variables_resolved: boolean;
  /** Sequence number of the last recorded event. */
  event_seq: number;
  end_reason: CallEndReason | null;
  ended_at: string | null;
};

export type EngineDependencies = {
  clock: Clock;
  llm: LanguageModelPort;
  http: HttpClient;
  knowledge?: KnowledgeRetriever;
  sink: EventSink;
  /**
   * A voice call's media session keeps the call's clock (initial message delay, presence checks, max
   * duration) and asks for each itself: `tick` then fires nothing.
   */
  mediaTimers?: boolean;
  /** The call is on a phone line (a carrier or SIP), so a warm transfer can dial out; a web call has none. */
  phoneLine?: boolean;
};
