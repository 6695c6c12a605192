import type { AgentDocument } from "@/lib/agents/normalize";
import type { RecordedEvent } from "@/lib/runtime/types";
import type { RuntimeHostDependencies } from "@/lib/services/calls/call-host";
import { read, speechDefaults, type Env } from "../speech-settings";
import type { SpeechToText } from "../stt/speech-to-text";
import type { TextToSpeech } from "../tts/text-to-speech";
import { RealtimeConnection } from "./realtime-connection";
import { RealtimeListener } from "./realtime-listener";
import { RealtimeConversationPort } from "./realtime-port";
import { RealtimeVoice } from "./realtime-voice";

// `llm.provider: "openai_realtime"`: the whole pipeline on OpenAI's Realtime API (speech-to-speech),
// behind the media session's three ports over one socket: the listener (caller audio in), the port
// (the model's answers, the engine's record and tools) and the voice (the engine's fixed sentences).

export const REALTIME_VOICES = ["alloy", "ash", "ballad", "coral", "echo", "sage", "shimmer", "verse", "marin", "cedar"] as const;
export const defaultRealtimeModel = "gpt-realtime";

/** The three ports a media session runs a speech-to-speech call on, over one Realtime socket. */
export type SpeechToSpeech = { stt: SpeechToText; tts: TextToSpeech; port: RealtimeConversationPort };

export function createRealtimeConversation(host: RuntimeHostDependencies, callId: string, agent: AgentDocument, env: Env, onEvent: (event: RecordedEvent) => void): SpeechToSpeech {
  const connection = new RealtimeConnection({
    baseUrl: read(env, "OPENAI_BASE_URL") ?? speechDefaults.openaiBaseUrl,
    apiKey: read(env, "OPENAI_API_KEY")!,
    model: read(env, "OPENAI_REALTIME_MODEL") ?? defaultRealtimeModel,
  });
  const voice = (REALTIME_VOICES as readonly string[]).includes(agent.voice.name) ? agent.voice.name : "alloy";
  const port = new RealtimeConversationPort(host, callId, onEvent, connection, {
    voice,
    speed: agent.voice.speed,
    transcriptionModel: read(env, "OPENAI_STT_MODEL") ?? speechDefaults.openaiSttModel,
    language: agent.language,
  });
  return { stt: new RealtimeListener(connection), tts: new RealtimeVoice(connection), port };
}
