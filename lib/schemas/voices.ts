import { z } from "@hono/zod-openapi";
import { transcriberProviders, voiceProviders } from "@/lib/agents/document-schema";

/** The voice lists: every voice provider, and openai_realtime's voices for speech-to-speech agents. */
export const voiceListProviders = [...voiceProviders, "openai_realtime"] as const;

export const VoiceSchema = z
  .object({
    id: z.string().openapi({ description: "What goes in the agent's `voice.name`.", example: "21m00Tcm4TlvDq8ikWAM" }),
    name: z.string().openapi({ description: "The voice's display name.", example: "Rachel" }),
    description: z.string().openapi({ example: "Calm young woman, American" }),
    language: z.string().nullable().openapi({ description: "Its language (ISO 639-1 or BCP 47), when the provider says.", example: "en" }),
    gender: z.string().nullable().openapi({ example: "female" }),
  })
  .openapi("Voice");

export const VoiceListSchema = z
  .object({
    provider: z.enum(voiceListProviders),
    source: z.enum(["provider", "known"]).openapi({
      description: "`provider`: listed just now by the provider's own list endpoint (ElevenLabs GET /v1/voices, Cartesia GET /voices, Deepgram's model list); `known`: this server's list (OpenAI, Azure, or a provider that is not configured or did not answer: see `message`).",
    }),
    configured: z.boolean().openapi({ description: "Whether this server has what the provider needs (else a voice call with it cannot start)." }),
    missing: z.array(z.string()).openapi({ description: "The environment variables to set for it.", example: ["ELEVENLABS_API_KEY"] }),
    voices: z.array(VoiceSchema),
    message: z.string().nullable(),
  })
  .openapi("VoiceList");
export type VoiceList = z.infer<typeof VoiceListSchema>;
export type VoiceEntry = z.infer<typeof VoiceSchema>;

export const VoiceListQuerySchema = z.object({
  provider: z.enum(voiceListProviders, { message: `Must be one of ${voiceListProviders.join(", ")}` }).openapi({ description: "The agent's `voice.provider` (openai_realtime: a speech-to-speech agent's voices)." }),
});

export const VoicePreviewBodySchema = z
  .strictObject({
    provider: z.enum(voiceListProviders, { message: `Must be one of ${voiceListProviders.join(", ")}` }),
    voice: z.string().min(1, "Required").max(100),
    model: z.string().min(1).max(100).optional().openapi({ description: "The provider's speech model (the agent's `voice.model`)." }),
    text: z.string().trim().min(1, "Required").max(300, "At most 300 characters").optional().openapi({ description: "What to say; default a short greeting." }),
    language: z.string().max(35).optional().openapi({ description: "BCP 47, default en-US." }),
    speed: z.number().min(0.25).max(4).optional(),
  })
  .openapi("VoicePreviewRequest");
export type VoicePreviewBody = z.infer<typeof VoicePreviewBodySchema>;

const ProviderStatusSchema = z.object({
  provider: z.string(),
  configured: z.boolean(),
  missing: z.array(z.string()).openapi({ description: "Environment variables to set (empty when configured).", example: ["DEEPGRAM_API_KEY"] }),
  message: z.string().nullable().openapi({ description: "What is missing, in a sentence (e.g. \"needs DEEPGRAM_API_KEY\")." }),
});

export const SpeechProvidersSchema = z
  .object({
    voices: z.array(ProviderStatusSchema.extend({ provider: z.enum(voiceProviders) })),
    transcribers: z.array(ProviderStatusSchema.extend({ provider: z.enum(transcriberProviders) })),
    speech_to_speech: z.array(ProviderStatusSchema).openapi({ description: "LLM providers that hear and speak themselves (openai_realtime)." }),
    defaults: z
      .object({ voice: z.object({ provider: z.enum(voiceProviders), name: z.string() }), transcriber: z.object({ provider: z.enum(transcriberProviders) }) })
      .openapi({ description: "What a new agent gets when it names none: the first provider this server has keys for." }),
  })
  .openapi("SpeechProviders");
export type SpeechProviders = z.infer<typeof SpeechProvidersSchema>;
