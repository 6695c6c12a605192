import { createRoute, z } from "@hono/zod-openapi";
import { serverSpeechDefaults, serverTranscriberProviders, serverVoiceProviders, transcriberProviderNeeds, voiceProviderNeeds, type ProviderNeeds } from "@/lib/agents/speech-provider-keys";
import { transcriberProviders, voiceProviders } from "@/lib/agents/document-schema";
import { SpeechNotConfiguredError } from "@/lib/media/speech-providers";
import { listVoices, previewVoice } from "@/lib/media/voice-catalog";
import { SpeechProviderError } from "@/lib/media/stt/speech-to-text";
import { SpeechProvidersSchema, VoiceListQuerySchema, VoiceListSchema, VoicePreviewBodySchema, type SpeechProviders } from "@/lib/schemas/voices";
import { envelope, jsonContent, ok, standardErrorResponses } from "../envelope";
import { ApiError } from "../errors";
import { extension } from "../openapi-document";
import { createRouter } from "../router";

const tags = ["Agents"];

const listRoute = createRoute(
  extension({
    method: "get",
    path: "/voices",
    operationId: "listVoices",
    tags,
    summary: "List a voice provider's voices",
    description:
      "The voices for an agent's `voice.name` (each voice's `id`): ElevenLabs (GET /v1/voices), Cartesia (GET /voices) and Deepgram (its Aura " +
      "models) are asked for their own list; OpenAI, Azure, openai_compatible and openai_realtime (speech-to-speech) have this server's known list. " +
      "`configured` and `missing` say whether this server can speak with the provider.",
    request: { query: VoiceListQuerySchema },
    responses: { 200: jsonContent(envelope(VoiceListSchema, "VoiceListResponse"), "The voices"), ...standardErrorResponses },
  }),
);

const previewRoute = createRoute(
  extension({
    method: "post",
    path: "/voices/preview",
    operationId: "previewVoice",
    tags,
    summary: "Hear a voice",
    description:
      "Says a sentence (default a short greeting, at most 300 characters) through the provider and voice, and answers the audio as a 24 kHz " +
      "mono WAV. 400 names what the server lacks for the provider, or what the provider refused (an unknown voice).",
    request: { body: { required: true, content: { "application/json": { schema: VoicePreviewBodySchema } } } },
    responses: {
      200: { description: "The sentence, spoken", content: { "audio/wav": { schema: z.string().openapi({ format: "binary" }) } } },
      ...standardErrorResponses,
      503: jsonContent(envelope(z.null(), "VoicePreviewUnavailableResponse"), "The provider did not answer"),
    },
  }),
);

const providersRoute = createRoute(
  extension({
    method: "get",
    path: "/speech-providers",
    operationId: "listSpeechProviders",
    tags,
    summary: "Which speech providers this server can use",
    description:
      "Each voice and transcriber provider (and openai_realtime, speech-to-speech) with whether this server has what it needs and, if not, the " +
      "environment variables to set; and the providers a new agent gets by default (the first this server has keys for).",
    responses: { 200: jsonContent(envelope(SpeechProvidersSchema, "SpeechProvidersResponse"), "The providers"), ...standardErrorResponses },
  }),
);

function status<T extends string>(provider: T, needs: ProviderNeeds | null) {
  const missing = needs?.missing ?? [];
  const configured = needs !== null && missing.length === 0;
  const message = needs === null ? "runs in the browser, not on the server" : configured ? null : `needs ${missing.join(" and ")}`;
  return { provider, configured, missing, message };
}

export function voiceRoutes() {
  const router = createRouter();
  const envOf = (deps: { runtime?: { env?: Record<string, string | undefined> } }) => deps.runtime?.env ?? process.env;

  router.openapi(listRoute, async (c) => {
    const list = await listVoices(c.req.valid("query").provider, envOf(c.get("deps")));
    return ok(c, list, { message: list.source === "provider" ? "Voices listed by the provider" : "Known voices" });
  });

  router.openapi(previewRoute, async (c) => {
    const body = c.req.valid("json");
    try {
      const wav = await previewVoice(body, envOf(c.get("deps")));
      return c.body(wav, 200, { "Content-Type": "audio/wav", "Content-Length": String(wav.byteLength), "Cache-Control": "no-store" });
    } catch (error) {
      if (error instanceof SpeechNotConfiguredError) throw new ApiError("generic_error", error.message, [{ field: "provider", message: error.message }]);
      if (error instanceof SpeechProviderError && error.status !== undefined && error.status >= 400 && error.status < 500) {
        throw new ApiError("generic_error", error.message, [{ field: "voice", message: error.message }]);
      }
      if (error instanceof SpeechProviderError || (error as Error).name === "TimeoutError") {
        throw new ApiError("service_unavailable", `The voice could not be heard: ${(error as Error).message}`);
      }
      throw error;
    }
  });

  router.openapi(providersRoute, async (c) => {
    const env = envOf(c.get("deps"));
    const providers: SpeechProviders = {
      voices: voiceProviders.map((provider) => status(provider, serverVoiceProviders.includes(provider) ? voiceProviderNeeds(provider, env) : null)),
      transcribers: transcriberProviders.map((provider) => status(provider, serverTranscriberProviders.includes(provider) ? transcriberProviderNeeds(provider, env) : null)),
      speech_to_speech: [status("openai_realtime", { missing: env.OPENAI_API_KEY?.trim() ? [] : ["OPENAI_API_KEY"], hint: "" })],
      defaults: serverSpeechDefaults(env),
    };
    return ok(c, providers, { message: "Speech providers" });
  });

  return router;
}
