import { z } from "zod";
import { EndOfTurnSchema } from "./end-of-turn";
import { SuccessRubricSchema } from "./success-rubric";

/**
 * The agent document: the configuration of an agent as the API accepts it. Plain zod with
 * `.meta()` (read by the OpenAPI generator), shared by the API, the services, the runtime and the
 * studio. Every field but name, states and initial_state_name is optional here; `normalizeAgent`
 * fills the documented defaults.
 */

export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A well-formed BCP 47 tag ("en-US", "zh-Hant-TW"), as `Intl` reads them: "english please" is not one. */
export function isLanguageTag(value: string): boolean {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(value)) return false;
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

const identifier = (what: string) =>
  z.string().regex(IDENTIFIER, `${what} must start with a letter or _ and hold only letters, digits and _`).max(64, "At most 64 characters");

const httpUrl = z
  .string()
  .max(2048, "At most 2048 characters")
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "Must be an http(s) URL");

export const llmProviders = ["openai", "azure_openai", "openai_compatible", "openai_realtime"] as const;
export const voiceProviders = ["openai", "openai_compatible", "azure", "elevenlabs", "cartesia", "deepgram", "browser"] as const;
export const transcriberProviders = ["azure", "openai", "openai_compatible", "deepgram", "deepgram_flux", "browser"] as const;
export const interruptionSensitivities = ["low", "medium", "high"] as const;
export const webhookEvents = ["event_variable_value_updated", "event_all_variables_resolved"] as const;
export const variableTypes = ["string", "number", "integer", "boolean", "datetime", "date"] as const;
export const parameterTypes = ["string", "number", "integer", "boolean", "object", "array"] as const;
export const httpMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const contentTypes = ["url_params", "json", "form"] as const;
export const builtInToolTypes = ["wait", "hang_up", "transfer_call", "leave_voicemail_message", "add_to_do_not_call"] as const;
export const transferModes = ["cold", "warm"] as const;

export const LlmSchema = z
  .strictObject({
    provider: z.enum(llmProviders).optional().meta({
      description:
        "Default openai. openai_compatible = any server speaking the OpenAI API (Ollama, vLLM, llama.cpp). openai_realtime (extension) = " +
        "speech-to-speech on OpenAI's Realtime API: the model hears the caller and speaks itself (voice calls; the voice is voice.name, " +
        "the model OPENAI_REALTIME_MODEL or llm.model when it names a realtime model).",
    }),
    model: z.string().min(1).max(200).optional().meta({ description: "Default gpt-4o-mini", example: "gpt-4o-mini" }),
    temperature: z.number().min(0).max(2).optional().meta({ description: "0 to 2, default 0.7" }),
  })
  .meta({ id: "AgentLlm" });

export const VoiceSchema = z
  .strictObject({
    provider: z.enum(voiceProviders).optional().meta({
      description:
        "Default: the first provider this server has keys for (openai, deepgram, elevenlabs, cartesia, azure), else browser. Voice calls speak " +
        "through openai, openai_compatible (any server with /audio/speech: Kokoro-FastAPI, Speaches), azure, elevenlabs, cartesia or deepgram " +
        "(Aura); browser cannot start a voice call. GET /v1/voices lists each provider's voices.",
    }),
    name: z.string().min(1).max(100).optional().meta({
      description: "The voice: a name (openai, azure), a voice id (elevenlabs, cartesia) or an Aura model (deepgram). Default: the provider's default voice.",
      example: "alloy",
    }),
    model: z.string().min(1).max(100).optional().meta({ description: "Extension: the provider's speech model (elevenlabs: default eleven_flash_v2_5; cartesia: default sonic-3)." }),
    instructions: z.string().max(4000).optional().meta({ description: "How the voice should sound. Default empty." }),
    speed: z.number().min(0.25).max(4).optional().meta({ description: "Multiplier from 0.25 to 4, default 1" }),
  })
  .meta({ id: "AgentVoice" });

export const TranscriberSchema = z
  .strictObject({
    provider: z.enum(transcriberProviders).optional().meta({
      description:
        "Default: the first provider this server has keys for (openai, deepgram, azure), else browser. Voice calls transcribe with azure, openai, " +
        "openai_compatible (any server with /audio/transcriptions: Speaches, faster-whisper-server, whisper.cpp), deepgram (streaming) or " +
        "deepgram_flux (Deepgram Flux: streaming, its end-of-turn events decide when the caller has finished); browser cannot start a voice call.",
    }),
  })
  .meta({ id: "AgentTranscriber" });

export const VariableSchema = z
  .strictObject({
    name: identifier("A variable name"),
    type: z.enum(variableTypes).optional().meta({ description: "Default string" }),
    description: z.string().max(2000).optional(),
    extraction_instructions: z.string().max(4000).optional().meta({ description: "How the model extracts the value from the conversation." }),
  })
  .meta({ id: "Variable" });

export const TransitionSchema = z
  .strictObject({
    condition: z.string().min(1, "Required").max(2000),
    destination_state_name: z.string().min(1, "Required"),
    filler_sentence: z.string().max(1000).optional().meta({ description: "Spoken while moving. Default empty." }),
  })
  .meta({ id: "Transition" });

const LlmParameterSchema = z.strictObject({
  name: identifier("A parameter name"),
  type: z.enum(parameterTypes),
  description: z.string().max(2000).optional(),
});

const ParameterValueSchema = z.discriminatedUnion("source", [
  z.strictObject({ source: z.literal("variable"), variable: identifier("A variable name") }),
  z.strictObject({ source: z.literal("llm_parameter"), llm_parameter: LlmParameterSchema }),
]);

/** Either {name, type, description} (the model supplies the value) or {name, value} (from a variable or a named model parameter). */
export const ToolParameterSchema = z
  .strictObject({
    name: z.string().min(1, "Required").max(100),
    type: z.enum(parameterTypes).optional(),
    description: z.string().max(2000).optional(),
    value: ParameterValueSchema.optional(),
  })
  .superRefine((parameter, ctx) => {
    if (parameter.value && (parameter.type || parameter.description !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Give either value, or type and description, not both" });
    }
    if (!parameter.value && !parameter.type) {
      ctx.addIssue({ code: "custom", path: ["type"], message: "Required when the parameter has no value" });
    }
  })
  .meta({
    id: "ToolParameter",
    description:
      "Three shapes: {name, type, description} where the model supplies the value; {name, value: {source: \"variable\", variable}}; " +
      "{name, value: {source: \"llm_parameter\", llm_parameter: {name, type, description}}}.",
  });

export const HeaderSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, "Must be a valid header name"),
  value: z.string().max(4000).refine((value) => !/[\r\n]/.test(value), "Must not contain line breaks"),
  description: z.string().max(2000).optional(),
});

export const ResponseMappingSchema = z.strictObject({
  json_path_to_data: z.string().min(1, "Required").max(1000).meta({ description: "RFC 9535 JSONPath, e.g. $.data.slots[0].time", example: "$.data.id" }),
  destination_variable: identifier("A variable name"),
});

const toolCommon = {
  description: z.string().max(2000).optional(),
  filler_sentence: z.string().max(1000).optional().meta({ description: "Spoken while the tool runs. Default empty." }),
};

export const CustomFunctionToolSchema = z
  .strictObject({
    type: z.literal("custom_function"),
    name: identifier("A function name"),
    ...toolCommon,
    url: httpUrl,
    method: z.enum(httpMethods).optional().meta({ description: "Default GET" }),
    content_type: z.enum(contentTypes).optional().meta({ description: "url_params (default): parameters in the query string; json or form: in the body" }),
    headers: z.array(HeaderSchema).max(50).optional(),
    parameters: z.array(ToolParameterSchema).max(50).optional(),
    response_mapping: z.array(ResponseMappingSchema).max(50).optional(),
    timeout_ms: z.number().int().min(100).max(30_000).optional().meta({ description: "Extension: request timeout, default 10000 ms" }),
  })
  .meta({ id: "CustomFunctionTool" });

export const BuiltInToolSchema = z
  .strictObject({
    type: z.enum(builtInToolTypes),
    ...toolCommon,
    transfer_phone_number: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "Must be an E.164 number such as +14155550123")
      .optional()
      .meta({ description: "Extension, transfer_call only: the E.164 number a phone call is transferred to.", example: "+14155550199" }),
    transfer_mode: z.enum(transferModes).optional().meta({
      description:
        "Extension, transfer_call only: cold (default) puts the caller straight through; warm holds the caller (hold audio) while the agent calls " +
        "transfer_phone_number from the same number, speaks a summary of the call to whoever answers, then joins the two. A warm transfer that is " +
        "not answered in transfer_timeout_seconds, or declined, brings the caller back to the agent (a transfer_failed event).",
    }),
    hold_audio_url: httpUrl.optional().meta({
      description: "Extension, warm transfer only: a WAV file (16-bit PCM, any rate) the caller hears, looped, while the destination is called. Default a built-in soft chime.",
    }),
    whisper_message: z.string().trim().min(1, "Required").max(1000, "At most 1000 characters").optional().meta({
      description: "Extension, warm transfer only: what the agent says to the destination before joining the caller; may use {{variables}}. Default a summary of the call so far, written by the agent's model.",
    }),
    transfer_timeout_seconds: z.number().int().min(5, "At least 5").max(120, "At most 120").optional().meta({
      description: "Extension, warm transfer only: how long the destination may take to answer, default 30.",
    }),
  })
  .superRefine((tool, ctx) => {
    if (tool.transfer_phone_number !== undefined && tool.type !== "transfer_call") {
      ctx.addIssue({ code: "custom", path: ["transfer_phone_number"], message: "Only a transfer_call tool has a transfer_phone_number" });
    }
    if (tool.transfer_mode !== undefined && tool.type !== "transfer_call") {
      ctx.addIssue({ code: "custom", path: ["transfer_mode"], message: "Only a transfer_call tool has a transfer_mode" });
    }
    for (const field of ["hold_audio_url", "whisper_message", "transfer_timeout_seconds"] as const) {
      if (tool[field] !== undefined && (tool.type !== "transfer_call" || tool.transfer_mode !== "warm")) {
        ctx.addIssue({ code: "custom", path: [field], message: `Only a warm transfer (transfer_mode "warm") has a ${field}` });
      }
    }
    if (tool.type === "transfer_call" && tool.transfer_mode === "warm" && tool.transfer_phone_number === undefined) {
      ctx.addIssue({ code: "custom", path: ["transfer_phone_number"], message: "A warm transfer needs the number to call" });
    }
  })
  .meta({ id: "BuiltInTool" });

export const ToolSchema = z.discriminatedUnion("type", [CustomFunctionToolSchema, BuiltInToolSchema]).meta({ id: "Tool" });

export const StateSchema = z
  .strictObject({
    name: z.string().trim().min(1, "Required").max(100, "At most 100 characters"),
    prompt: z.string().max(20_000).optional().meta({ description: "May refer to a tool as {{tool_name}} and to a variable as {{variable_name}}." }),
    llm: LlmSchema.nullable().optional().meta({ description: "Overrides the agent's llm in this state; null (the default) uses the agent's." }),
    tools: z.array(ToolSchema).max(50).optional(),
    transitions: z.array(TransitionSchema).max(50).optional(),
    variables: z.array(VariableSchema).max(100).optional(),
    x_position: z.number().nullable().optional(),
    y_position: z.number().nullable().optional(),
    features: z.strictObject({ entity_detection: z.boolean().optional() }).optional(),
  })
  .meta({ id: "State" });

export const dataStorageModes = ["everything", "redact_pii", "metadata_only"] as const;
export type DataStorageMode = (typeof dataStorageModes)[number];

/** Every field of the agent document except name, states and initial_state_name. */
export const agentSettingFields = {
  language: z
    .string()
    .max(35, "Must be at most 35 characters")
    .refine(isLanguageTag, 'Must be a BCP 47 language tag such as "en-US", "de" or "pt-BR"')
    .optional()
    .meta({ description: "A well-formed BCP 47 language tag, default en-US", example: "en-US" }),
  initial_message: z.string().max(4000).nullable().optional().meta({ description: "First thing the agent says; null = wait for the caller." }),
  initial_message_delay: z.number().int().min(0).max(60_000).optional().meta({ description: "Milliseconds before the initial message, 0 to 60000, default 0" }),
  max_call_duration: z.number().int().min(10).max(14_400).optional().meta({ description: "Seconds, 10 to 14400, default 1800" }),
  presence_check_phrases: z.array(z.string().min(1).max(500)).max(20).optional().meta({ description: 'Default ["Are you still there?"]' }),
  presence_check_idle_threshold: z.number().int().min(1).max(600).optional().meta({ description: "Seconds of silence before a presence check, default 10" }),
  presence_check_max_times: z.number().int().min(0).max(20).optional().meta({ description: "Presence checks before hanging up, default 2" }),
  base_prompt: z.string().max(50_000).optional(),
  voice: VoiceSchema.optional(),
  llm: LlmSchema.optional(),
  transcriber: TranscriberSchema.optional(),
  secure_recording_urls: z.boolean().optional().meta({ description: "Default false" }),
  interruptions: z.boolean().optional().meta({ description: "Whether the caller can interrupt the agent, default true" }),
  denoise: z
    .boolean()
    .optional()
    .meta({ description: "Extension: remove background noise from the caller's audio (RNNoise) before voice activity detection and transcription, and keep voices in the background (babble, a television) from being taken for the caller, default false" }),
  end_of_turn: EndOfTurnSchema.optional(),
  webhook_url: httpUrl.nullable().optional(),
  webhook_subscriptions: z.array(z.enum(webhookEvents)).max(10).optional(),
  custom_vocabulary: z.array(z.string().min(1).max(100)).max(500).optional(),
  knowledge_base_ids: z.array(z.uuid("Must be a UUID")).max(20).optional().meta({ description: "Extension: knowledge bases the agent retrieves from." }),
  success_rubric: SuccessRubricSchema.nullable().optional(),
  data_storage: z
    .enum(dataStorageModes, "Must be everything, redact_pii or metadata_only")
    .optional()
    .meta({
      description:
        "Extension: what is kept of this agent's calls. `everything` (default); `redact_pii`: PII (card numbers, SSNs, emails, phone numbers, " +
        "dates of birth, IBANs, addresses, person names) is replaced by `[category]` placeholders in the transcript, variable values, post-call " +
        "answers, webhook payloads, logs and the events stream once the call has ended, and silenced in the recording (the live conversation " +
        "still hears and reads it); `metadata_only`: after the post-call work, nothing but duration, cost, status, end reason and metadata is kept.",
    }),
  retention_days: z
    .number("Must be an integer from 1 to 3650, or null")
    .int("Must be an integer from 1 to 3650, or null")
    .min(1, "Must be an integer from 1 to 3650, or null")
    .max(3650, "Must be an integer from 1 to 3650, or null")
    .nullable()
    .optional()
    .meta({ description: "Extension: calls older than this many days are deleted (record, transcript, recording, events) by a daily job; null (default) keeps them." }),
};

export const CreateAgentSchema = z
  .strictObject({
    name: z.string().trim().min(1, "Required").max(255, "At most 255 characters"),
    states: z.array(StateSchema).min(1, "At least one state").max(100),
    initial_state_name: z.string().min(1, "Required"),
    interruptions_sensitivity: z.enum(interruptionSensitivities).optional().meta({ description: "Default medium. Set at creation only." }),
    ...agentSettingFields,
  })
  .meta({ id: "CreateAgentRequest" });

export const UpdateAgentSchema = z
  .strictObject({
    name: z.string().trim().min(1, "Required").max(255, "At most 255 characters").optional(),
    states: z.array(StateSchema).min(1, "At least one state").max(100).optional(),
    initial_state_name: z.string().min(1, "Required").optional(),
    interruptions_sensitivity: z
      .enum(interruptionSensitivities)
      .optional()
      .meta({ description: "Set when the agent is created: the agent's current value is accepted (so a GET can be sent back), any other is 400." }),
    ...agentSettingFields,
    // What GET returns beyond the document: accepted so that an agent read can be sent back unchanged, and ignored.
    id: z.uuid("Must be a UUID").optional().meta({ description: "Read-only: this agent's id (another id is 400)." }),
    version: z.number().int().optional().meta({ description: "Read-only, ignored: the update creates the next version." }),
    variables: z.array(z.unknown()).optional().meta({ description: "Read-only, ignored: derived from the states." }),
    created_at: z.string().optional().meta({ description: "Read-only, ignored." }),
    updated_at: z.string().optional().meta({ description: "Read-only, ignored." }),
  })
  .meta({
    id: "UpdateAgentRequest",
    description:
      "Partial: omitted fields keep their values; voice, llm and transcriber merge field by field; states replace the whole graph. " +
      "An agent as GET returns it may be sent back as it is (read-only fields are ignored).",
  });

export type CreateAgentInput = z.infer<typeof CreateAgentSchema>;
export type UpdateAgentInput = z.infer<typeof UpdateAgentSchema>;
export type StateInput = z.infer<typeof StateSchema>;
export type ToolInput = z.infer<typeof ToolSchema>;

// The stored document, as GET returns it: the same fields, each default filled by `normalizeAgent`.
const FilledVariableSchema = VariableSchema.required();
const FilledCustomFunctionToolSchema = CustomFunctionToolSchema.required().extend({ headers: z.array(HeaderSchema.required()).max(50) });
const FilledBuiltInToolSchema = BuiltInToolSchema.required({ type: true, description: true, filler_sentence: true });
const FilledStateSchema = StateSchema.required().extend({
  tools: z.array(z.discriminatedUnion("type", [FilledCustomFunctionToolSchema, FilledBuiltInToolSchema])).max(50),
  transitions: z.array(TransitionSchema.required()).max(50),
  variables: z.array(FilledVariableSchema).max(100),
  features: z.strictObject({ entity_detection: z.boolean() }),
});

export const AgentDocumentSchema = CreateAgentSchema.required().extend({
  states: z.array(FilledStateSchema).min(1).max(100),
  voice: VoiceSchema.required({ provider: true, name: true, instructions: true, speed: true }),
  llm: LlmSchema.required(),
  transcriber: TranscriberSchema.required(),
  end_of_turn: EndOfTurnSchema.required().meta({ description: EndOfTurnSchema.description }),
});

/** An agent-level variable: a call variable, a state variable or a response_mapping's destination. */
export const AgentVariableSchema = FilledVariableSchema;
