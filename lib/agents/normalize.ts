import type { z } from "zod";
import type { AgentDocumentSchema, CreateAgentInput, StateInput, ToolInput } from "./document-schema";
import { endOfTurnDefaults, resolveEndOfTurn } from "./end-of-turn";
import { defaultVoiceNames, type ServerSpeechDefaults, type VoiceProviderName } from "./speech-provider-keys";

/** The stored agent document: every field present, defaults filled. */
export type AgentDocument = z.infer<typeof AgentDocumentSchema>;
export type AgentLlm = AgentDocument["llm"];
export type AgentState = AgentDocument["states"][number];
export type AgentTool = AgentState["tools"][number];
export type CustomFunctionTool = Extract<AgentTool, { type: "custom_function" }>;
export type BuiltInTool = Exclude<AgentTool, CustomFunctionTool>;
export type AgentTransition = AgentState["transitions"][number];
export type AgentVariable = AgentState["variables"][number];

export const agentDefaults = {
  language: "en-US",
  initial_message: null,
  initial_message_delay: 0,
  max_call_duration: 1800,
  presence_check_phrases: ["Are you still there?"],
  presence_check_idle_threshold: 10,
  presence_check_max_times: 2,
  base_prompt: "",
  voice: { provider: "openai", name: "alloy", instructions: "", speed: 1 },
  llm: { provider: "openai", model: "gpt-4o-mini", temperature: 0.7 },
  transcriber: { provider: "azure" },
  secure_recording_urls: false,
  interruptions: true,
  denoise: false,
  interruptions_sensitivity: "medium",
  end_of_turn: endOfTurnDefaults,
  webhook_url: null,
  webhook_subscriptions: [],
  custom_vocabulary: [],
  knowledge_base_ids: [],
  success_rubric: null,
  data_storage: "everything",
  retention_days: null,
} as const satisfies Omit<AgentDocument, "name" | "states" | "initial_state_name">;

function normalizeTool(tool: ToolInput): AgentTool {
  const common = { description: tool.description ?? "", filler_sentence: tool.filler_sentence ?? "" };
  if (tool.type !== "custom_function") {
    if (tool.type !== "transfer_call") return { type: tool.type, ...common };
    // Only what was given: a cold transfer's document stays as it was before warm transfers existed.
    const { transfer_phone_number, transfer_mode, hold_audio_url, whisper_message, transfer_timeout_seconds } = tool;
    return {
      type: tool.type,
      ...common,
      ...(transfer_phone_number ? { transfer_phone_number } : {}),
      ...(transfer_mode === "cold" ? { transfer_mode } : {}),
      ...(transfer_mode === "warm" ? { transfer_mode, hold_audio_url, whisper_message, transfer_timeout_seconds: transfer_timeout_seconds ?? 30 } : {}),
    };
  }
  return {
    ...tool,
    ...common,
    method: tool.method ?? "GET",
    content_type: tool.content_type ?? "url_params",
    headers: (tool.headers ?? []).map((header) => ({ ...header, description: header.description ?? "" })),
    parameters: tool.parameters ?? [],
    response_mapping: tool.response_mapping ?? [],
    timeout_ms: tool.timeout_ms ?? 10_000,
  };
}

function normalizeState(state: StateInput): AgentState {
  return {
    name: state.name,
    prompt: state.prompt ?? "",
    llm: state.llm ?? null,
    tools: (state.tools ?? []).map(normalizeTool),
    transitions: (state.transitions ?? []).map((t) => ({ ...t, filler_sentence: t.filler_sentence ?? "" })),
    variables: (state.variables ?? []).map((v) => ({
      name: v.name,
      type: v.type ?? "string",
      description: v.description ?? "",
      extraction_instructions: v.extraction_instructions ?? "",
    })),
    x_position: state.x_position ?? null,
    y_position: state.y_position ?? null,
    features: { entity_detection: state.features?.entity_detection ?? false },
  };
}

/** The voice with its defaults: the server's provider when none is named, that provider's default voice when no name is. */
function normalizeVoice(input: CreateAgentInput["voice"], speech: ServerSpeechDefaults | undefined): AgentDocument["voice"] {
  const provider = input?.provider ?? speech?.voice.provider ?? agentDefaults.voice.provider;
  const name = input?.name ?? defaultVoiceNames[provider as VoiceProviderName] ?? agentDefaults.voice.name;
  return { ...agentDefaults.voice, ...input, provider, name };
}

/**
 * Fills every default, so what is stored (and returned) is the whole configuration. A new agent's
 * speech providers follow the server (`speech`: the first provider it has keys for).
 */
export function normalizeAgent(input: CreateAgentInput, speech?: ServerSpeechDefaults): AgentDocument {
  const d = agentDefaults;
  return {
    name: input.name,
    language: input.language ?? d.language,
    initial_message: input.initial_message ?? d.initial_message,
    initial_message_delay: input.initial_message_delay ?? d.initial_message_delay,
    max_call_duration: input.max_call_duration ?? d.max_call_duration,
    presence_check_phrases: input.presence_check_phrases ?? [...d.presence_check_phrases],
    presence_check_idle_threshold: input.presence_check_idle_threshold ?? d.presence_check_idle_threshold,
    presence_check_max_times: input.presence_check_max_times ?? d.presence_check_max_times,
    base_prompt: input.base_prompt ?? d.base_prompt,
    voice: normalizeVoice(input.voice, speech),
    states: input.states.map(normalizeState),
    initial_state_name: input.initial_state_name,
    llm: { ...d.llm, ...input.llm },
    transcriber: { provider: input.transcriber?.provider ?? speech?.transcriber.provider ?? d.transcriber.provider },
    secure_recording_urls: input.secure_recording_urls ?? d.secure_recording_urls,
    interruptions: input.interruptions ?? d.interruptions,
    denoise: input.denoise ?? d.denoise,
    interruptions_sensitivity: input.interruptions_sensitivity ?? d.interruptions_sensitivity,
    end_of_turn: resolveEndOfTurn(input.end_of_turn),
    webhook_url: input.webhook_url ?? d.webhook_url,
    webhook_subscriptions: input.webhook_subscriptions ?? [],
    custom_vocabulary: input.custom_vocabulary ?? [],
    knowledge_base_ids: input.knowledge_base_ids ?? [],
    success_rubric: input.success_rubric ? { type: input.success_rubric.type, criteria: input.success_rubric.criteria.map((criterion) => criterion.trim()) } : null,
    data_storage: input.data_storage ?? d.data_storage,
    retention_days: input.retention_days ?? d.retention_days,
  };
}
