import { serverTranscriberProviders, serverVoiceProviders, transcriberProviderNeeds, voiceProviderNeeds } from "@/lib/agents/speech-provider-keys";
import type { Env, SpeechOptions, SpeechSettings } from "./speech-settings";
import { azureTranscriber } from "./stt/azure-stt";
import { deepgramFluxTranscriber } from "./stt/deepgram-flux-stt";
import { deepgramTranscriber } from "./stt/deepgram-stt";
import { compatibleTranscriber, openAiTranscriber } from "./stt/openai-stt";
import type { SpeechToText } from "./stt/speech-to-text";
import { azureVoice } from "./tts/azure-tts";
import { cartesiaVoice } from "./tts/cartesia-tts";
import { deepgramVoice } from "./tts/deepgram-tts";
import { elevenLabsVoice } from "./tts/elevenlabs-tts";
import { compatibleVoice, openAiVoice } from "./tts/openai-tts";
import type { TextToSpeech } from "./tts/text-to-speech";

// Which speech providers an agent uses, built from its settings and the environment: a small
// registry of the providers that run on the server, each built by its own file. Providers are
// configured by environment variables only; a missing one is reported by name, never faked.

export type { SpeechSettings } from "./speech-settings";
export { speechDefaults } from "./speech-settings";

type VoiceFactory = (settings: SpeechSettings, env: Env, options: SpeechOptions) => TextToSpeech;
type TranscriberFactory = (settings: SpeechSettings, env: Env) => SpeechToText;

const voices: Record<string, VoiceFactory> = {
  openai: openAiVoice,
  openai_compatible: compatibleVoice,
  azure: azureVoice,
  elevenlabs: elevenLabsVoice,
  cartesia: cartesiaVoice,
  deepgram: deepgramVoice,
};

const transcribers: Record<string, TranscriberFactory> = {
  openai: openAiTranscriber,
  openai_compatible: compatibleTranscriber,
  azure: azureTranscriber,
  deepgram: deepgramTranscriber,
  deepgram_flux: deepgramFluxTranscriber,
};

/** The providers a voice call can use, in the API's order. */
export const serverVoices = serverVoiceProviders.filter((provider) => provider in voices);
export const serverTranscribers = serverTranscriberProviders.filter((provider) => provider in transcribers);

/** What keeps a voice call from starting: the agent field, and the environment variables to set. */
export type SpeechConfigurationProblem = { field: "transcriber.provider" | "voice.provider" | "llm.provider"; provider: string; missing: string[]; message: string };

function problemFor(field: SpeechConfigurationProblem["field"], provider: string, env: Env): SpeechConfigurationProblem | null {
  const voice = field === "voice.provider";
  const what = voice ? "voice" : "transcriber";
  const choices = voice ? serverVoices : serverTranscribers;
  const runs = (choices as readonly string[]).includes(provider);
  const needs = runs ? (voice ? voiceProviderNeeds(provider, env) : transcriberProviderNeeds(provider, env)) : null;
  if (!needs) return { field, provider, missing: [], message: `The ${provider} ${what} does not run on the server; a voice call needs ${field} set to ${choices.join(", ")}.` };
  if (needs.missing.length === 0) return null;
  return { field, provider, missing: needs.missing, message: `The ${provider} ${what} is not configured: set ${needs.missing.join(" and ")}${needs.hint}.` };
}

/**
 * Everything that keeps this agent from a voice call; empty when both providers are ready. A
 * speech-to-speech agent (`llm.provider: "openai_realtime"`) needs only OpenAI's key: the model hears and speaks.
 */
export function speechConfigurationProblems(settings: Pick<SpeechSettings, "voice" | "transcriber"> & { llm?: { provider: string } }, env: Env = process.env): SpeechConfigurationProblem[] {
  if (settings.llm?.provider === "openai_realtime") {
    const missing = env.OPENAI_API_KEY?.trim() ? [] : ["OPENAI_API_KEY"];
    return missing.length ? [{ field: "llm.provider", provider: "openai_realtime", missing, message: "The openai_realtime model is not configured: set OPENAI_API_KEY (and OPENAI_BASE_URL for a proxy)." }] : [];
  }
  return [problemFor("transcriber.provider", settings.transcriber.provider, env), problemFor("voice.provider", settings.voice.provider, env)].filter(
    (problem): problem is SpeechConfigurationProblem => problem !== null,
  );
}

export class SpeechNotConfiguredError extends Error {
  constructor(readonly problems: SpeechConfigurationProblem[]) {
    super(problems.map((problem) => problem.message).join(" "));
    this.name = "SpeechNotConfiguredError";
  }
}

function assertConfigured(field: SpeechConfigurationProblem["field"], provider: string, env: Env): void {
  const problem = problemFor(field, provider, env);
  if (problem) throw new SpeechNotConfiguredError([problem]);
}

export function createSpeechToText(settings: SpeechSettings, env: Env = process.env): SpeechToText {
  assertConfigured("transcriber.provider", settings.transcriber.provider, env);
  return transcribers[settings.transcriber.provider](settings, env);
}

/** `options.sampleRate`: the call's output rate, which input-streaming voices produce directly. */
export function createTextToSpeech(settings: SpeechSettings, env: Env = process.env, options: SpeechOptions = {}): TextToSpeech {
  assertConfigured("voice.provider", settings.voice.provider, env);
  return voices[settings.voice.provider](settings, env, options);
}
