import type { AgentDocument } from "@/lib/agents/normalize";
import { AzureSpeechToText } from "./stt/azure-stt";
import { DeepgramSpeechToText } from "./stt/deepgram-stt";
import { OpenAiSpeechToText } from "./stt/openai-stt";
import type { SpeechToText } from "./stt/speech-to-text";
import { AzureTextToSpeech } from "./tts/azure-tts";
import { OpenAiTextToSpeech } from "./tts/openai-tts";
import type { TextToSpeech } from "./tts/text-to-speech";

// Which speech providers an agent uses, built from its settings and the environment. Providers
// are configured by environment variables only; a missing one is reported by name, never faked.

export type SpeechSettings = Pick<AgentDocument, "language" | "custom_vocabulary"> & {
  voice: Pick<AgentDocument["voice"], "provider" | "name" | "speed" | "instructions">;
  transcriber: { provider: string };
};

type Env = Record<string, string | undefined>;

/** What keeps a voice call from starting: the agent field, and the environment variables to set. */
export type SpeechConfigurationProblem = { field: "transcriber.provider" | "voice.provider"; provider: string; missing: string[]; message: string };

export const serverTranscribers = ["openai", "openai_compatible", "azure", "deepgram"] as const;
export const serverVoices = ["openai", "openai_compatible", "azure"] as const;

export const speechDefaults = {
  openaiSttModel: "gpt-4o-mini-transcribe",
  openaiTtsModel: "gpt-4o-mini-tts",
  compatibleSttModel: "whisper-1",
  compatibleTtsModel: "tts-1",
  openaiBaseUrl: "https://api.openai.com/v1",
  deepgramBaseUrl: "wss://api.deepgram.com",
  deepgramModel: "nova-3",
  azureVoice: "en-US-AvaMultilingualNeural",
};

const read = (env: Env, name: string) => env[name]?.trim() || undefined;

function azureBase(env: Env, service: "stt" | "tts"): string | undefined {
  const endpoint = read(env, "AZURE_SPEECH_ENDPOINT");
  if (endpoint) return endpoint;
  const region = read(env, "AZURE_SPEECH_REGION");
  return region ? `https://${region}.${service}.speech.microsoft.com` : undefined;
}

function compatibleBase(env: Env, service: "STT" | "TTS"): string | undefined {
  return read(env, `OPENAI_COMPATIBLE_${service}_BASE_URL`) ?? read(env, "OPENAI_COMPATIBLE_BASE_URL");
}

function unsupported(field: SpeechConfigurationProblem["field"], provider: string, choices: readonly string[]): SpeechConfigurationProblem {
  const what = field === "voice.provider" ? "voice" : "transcriber";
  return {
    field,
    provider,
    missing: [],
    message: `The ${provider} ${what} does not run on the server; a voice call needs ${field} set to ${choices.join(", ")}.`,
  };
}

function missingFor(field: SpeechConfigurationProblem["field"], provider: string, env: Env): SpeechConfigurationProblem | null {
  const what = field === "voice.provider" ? "voice" : "transcriber";
  const service = field === "voice.provider" ? "TTS" : "STT";
  let missing: string[] = [];
  let hint = "";
  switch (provider) {
    case "openai":
      if (!read(env, "OPENAI_API_KEY")) missing = ["OPENAI_API_KEY"];
      hint = " (and OPENAI_BASE_URL for a proxy)";
      break;
    case "openai_compatible":
      if (!compatibleBase(env, service)) missing = ["OPENAI_COMPATIBLE_BASE_URL"];
      hint = ` (or OPENAI_COMPATIBLE_${service}_BASE_URL for a separate ${service === "STT" ? "speech-to-text" : "text-to-speech"} server; OPENAI_COMPATIBLE_API_KEY if it wants one)`;
      break;
    case "azure":
      if (!read(env, "AZURE_SPEECH_KEY")) missing.push("AZURE_SPEECH_KEY");
      if (!azureBase(env, "stt")) missing.push("AZURE_SPEECH_REGION");
      hint = " (AZURE_SPEECH_ENDPOINT instead of AZURE_SPEECH_REGION for a custom endpoint)";
      break;
    case "deepgram":
      if (!read(env, "DEEPGRAM_API_KEY")) missing = ["DEEPGRAM_API_KEY"];
      break;
  }
  if (missing.length === 0) return null;
  return { field, provider, missing, message: `The ${provider} ${what} is not configured: set ${missing.join(" and ")}${hint}.` };
}

/** Everything that keeps this agent from a voice call; empty when both providers are ready. */
export function speechConfigurationProblems(settings: SpeechSettings, env: Env = process.env): SpeechConfigurationProblem[] {
  const problems: SpeechConfigurationProblem[] = [];
  const transcriber = settings.transcriber.provider;
  if (!(serverTranscribers as readonly string[]).includes(transcriber)) problems.push(unsupported("transcriber.provider", transcriber, serverTranscribers));
  else {
    const problem = missingFor("transcriber.provider", transcriber, env);
    if (problem) problems.push(problem);
  }
  const voice = settings.voice.provider;
  if (!(serverVoices as readonly string[]).includes(voice)) problems.push(unsupported("voice.provider", voice, serverVoices));
  else {
    const problem = missingFor("voice.provider", voice, env);
    if (problem) problems.push(problem);
  }
  return problems;
}

export class SpeechNotConfiguredError extends Error {
  constructor(readonly problems: SpeechConfigurationProblem[]) {
    super(problems.map((problem) => problem.message).join(" "));
    this.name = "SpeechNotConfiguredError";
  }
}

function assertConfigured(settings: SpeechSettings, env: Env, field: SpeechConfigurationProblem["field"]): void {
  const problems = speechConfigurationProblems(settings, env).filter((problem) => problem.field === field);
  if (problems.length) throw new SpeechNotConfiguredError(problems);
}

export function createSpeechToText(settings: SpeechSettings, env: Env = process.env): SpeechToText {
  assertConfigured(settings, env, "transcriber.provider");
  const vocabulary = settings.custom_vocabulary;
  switch (settings.transcriber.provider) {
    case "openai":
      return new OpenAiSpeechToText({
        provider: "openai",
        baseUrl: read(env, "OPENAI_BASE_URL") ?? speechDefaults.openaiBaseUrl,
        apiKey: read(env, "OPENAI_API_KEY"),
        model: read(env, "OPENAI_STT_MODEL") ?? speechDefaults.openaiSttModel,
        language: settings.language,
        vocabulary,
      });
    case "openai_compatible":
      return new OpenAiSpeechToText({
        provider: "openai_compatible",
        baseUrl: compatibleBase(env, "STT")!,
        apiKey: read(env, "OPENAI_COMPATIBLE_API_KEY"),
        model: read(env, "OPENAI_COMPATIBLE_STT_MODEL") ?? speechDefaults.compatibleSttModel,
        language: settings.language,
        vocabulary,
      });
    case "azure":
      return new AzureSpeechToText({ baseUrl: azureBase(env, "stt")!, key: read(env, "AZURE_SPEECH_KEY")!, language: settings.language });
    default:
      return new DeepgramSpeechToText({
        baseUrl: read(env, "DEEPGRAM_BASE_URL") ?? speechDefaults.deepgramBaseUrl,
        apiKey: read(env, "DEEPGRAM_API_KEY")!,
        model: read(env, "DEEPGRAM_MODEL") ?? speechDefaults.deepgramModel,
        language: settings.language,
        vocabulary,
      });
  }
}

/** Azure voices are named like en-US-AvaMultilingualNeural; another name (OpenAI's default "alloy") gets the configured default. */
const AZURE_VOICE_NAME = /^[a-z]{2,3}-[A-Za-z]{2,4}(-[A-Za-z]+)*-\w+$/;

export function createTextToSpeech(settings: SpeechSettings, env: Env = process.env): TextToSpeech {
  assertConfigured(settings, env, "voice.provider");
  const { name, speed, instructions } = settings.voice;
  switch (settings.voice.provider) {
    case "openai":
      return new OpenAiTextToSpeech({
        provider: "openai",
        baseUrl: read(env, "OPENAI_BASE_URL") ?? speechDefaults.openaiBaseUrl,
        apiKey: read(env, "OPENAI_API_KEY"),
        model: read(env, "OPENAI_TTS_MODEL") ?? speechDefaults.openaiTtsModel,
        voice: name,
        speed,
        instructions,
      });
    case "openai_compatible":
      return new OpenAiTextToSpeech({
        provider: "openai_compatible",
        baseUrl: compatibleBase(env, "TTS")!,
        apiKey: read(env, "OPENAI_COMPATIBLE_API_KEY"),
        model: read(env, "OPENAI_COMPATIBLE_TTS_MODEL") ?? speechDefaults.compatibleTtsModel,
        voice: name,
        speed,
        instructions,
        sampleRate: Number(read(env, "OPENAI_COMPATIBLE_TTS_SAMPLE_RATE") ?? 24000),
      });
    default:
      return new AzureTextToSpeech({
        baseUrl: azureBase(env, "tts")!,
        key: read(env, "AZURE_SPEECH_KEY")!,
        voice: AZURE_VOICE_NAME.test(name) ? name : (read(env, "AZURE_SPEECH_VOICE") ?? speechDefaults.azureVoice),
        language: settings.language,
        speed,
      });
  }
}
