// bench:voice --provider NAME: the calls speak (or listen, or both) through a real provider client
// against its loopback fake, which speaks the provider's protocol (tests/helpers/fake-speech): the
// figures are then our client's cost and, at barge-in, how soon the provider is told to stop and
// whether any audio of the cancelled answer is still played.
import { createOrganization } from "@/lib/auth/organizations";
import { connectPglite } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { levelDbfs } from "@/lib/media/audio/pcm";
import type { ConversationPort } from "@/lib/media/session/conversation-port";
import { createSpeechToText, createTextToSpeech, type SpeechSettings } from "@/lib/media/speech-providers";
import { createRealtimeConversation } from "@/lib/media/speech-to-speech/openai-realtime";
import type { SpeechToText } from "@/lib/media/stt/speech-to-text";
import type { TextToSpeech } from "@/lib/media/tts/text-to-speech";
import { createAgent } from "@/lib/services/agents";
import { openLiveCall } from "@/lib/services/calls/live-calls";
import { startWebCall } from "@/lib/services/calls/web-calls";
import { startFakeSpeech } from "../../tests/helpers/fake-speech";
import { startFakeRealtime } from "../../tests/helpers/fake-speech/openai-realtime";
import type { TranscriptScript } from "../../tests/helpers/fake-speech/scripts";

export const BENCH_PROVIDERS = ["elevenlabs", "cartesia", "deepgram", "deepgram_flux", "openai_realtime"] as const;
export type BenchProvider = (typeof BENCH_PROVIDERS)[number];

export type ProviderCalls = {
  /** The call's providers; `port` only when the provider is the conversation too (speech-to-speech). */
  call(index: number): Promise<{ stt?: SpeechToText; tts?: TextToSpeech; port?: ConversationPort }>;
  /** When the provider was told to stop (its cancel, Clear, or the socket closed), for every barge-in of call `index`. */
  cancelTimes(index: number): number[];
  close(): Promise<void>;
};

const SHORT_REPLY = "Sure, I can help you with that. What time would suit you?";
const LONG_REPLY = "We are open from nine in the morning until eight in the evening on weekdays, and from ten until four on Saturdays, and closed on Sundays.";

/** What the fakes hear: a second or more of sound is the request, less is "stop" (as the bench's callers say). */
const heard: TranscriptScript = ({ audio, sampleRate }) => {
  const block = Math.round(sampleRate / 50);
  let voiced = 0;
  for (let start = 0; start + block <= audio.length; start += block) if (levelDbfs(audio.subarray(start, start + block)) > -45) voiced++;
  return voiced === 0 ? "" : voiced * 20 >= 1000 ? "I would like to book a table." : "Stop.";
};

const settings = (voice: string, transcriber: string): SpeechSettings => ({
  language: "en-US",
  custom_vocabulary: [],
  voice: { provider: voice as SpeechSettings["voice"]["provider"], name: "", speed: 1, instructions: "" },
  transcriber: { provider: transcriber },
});

export async function providerCalls(provider: BenchProvider): Promise<ProviderCalls> {
  if (provider === "openai_realtime") return realtimeCalls();
  const fake = await startFakeSpeech({ transcripts: heard });
  // Providers stream faster than speech, not instantly: about four times real time, here.
  fake.elevenlabs.setDelays({ chunkIntervalMs: 12 });
  fake.cartesia.setDelays({ chunkIntervalMs: 10 });
  fake.deepgram.setSpeakDelays({ chunkIntervalMs: 10 });
  fake.deepgram.setFluxTiming({ eagerMs: 10_000, endMs: 400 });
  // Each call its own key (the fakes take `<key>.<suffix>`), so each provider session is known to be its call's.
  const keyed = (index: number) => {
    const env = fake.env();
    return { ...env, CARTESIA_API_KEY: `${env.CARTESIA_API_KEY}.call${index}`, DEEPGRAM_API_KEY: `${env.DEEPGRAM_API_KEY}.call${index}`, ELEVENLABS_API_KEY: `${env.ELEVENLABS_API_KEY}.call${index}` };
  };
  const contexts = (index: number) => new Set(fake.cartesia.sessions.filter((session) => session.headers.authorization?.endsWith(`.call${index}`)).flatMap((session) => session.requests.map((request) => request.context_id)));
  return {
    async call(index) {
      if (provider === "deepgram_flux") return { stt: createSpeechToText({ ...settings("openai", "deepgram_flux"), end_of_turn: { max_wait_ms: 2000 } }, keyed(index)) };
      return { tts: createTextToSpeech(settings(provider, "openai"), keyed(index), { sampleRate: 24000 }) };
    },
    cancelTimes(index) {
      if (provider === "cartesia") return fake.cartesia.cancels.filter((cancel) => contexts(index).has(cancel.contextId)).map((cancel) => cancel.at);
      if (provider === "deepgram") return fake.deepgram.speakSessions.filter((session) => session.headers.authorization?.endsWith(`.call${index}`)).flatMap((session) => session.clearedAt);
      // ElevenLabs' stream-input has no cancel: the socket is closed (one generation per socket, so a barge-in closes one before its end).
      if (provider === "elevenlabs") {
        return fake.elevenlabs.sessions
          .filter((session) => session.headers["xi-api-key"] === `${fake.elevenlabs.env().ELEVENLABS_API_KEY}.call${index}` && session.closedBy === "client" && session.closeCode === 1000 && session.messages.length > 1)
          .map((session) => session.closedAt!);
      }
      return [];
    },
    close: () => fake.close(),
  };
}

/** Speech-to-speech: the conversation is the engine on in-memory PGlite, the model the fake Realtime API. */
async function realtimeCalls(): Promise<ProviderCalls> {
  let turns = 0;
  const realtime = await startFakeRealtime({ transcripts: heard, reply: ({ items }) => (/stop/i.test(items.filter((item) => item.role === "user").at(-1)?.heard ?? "") ? { text: "Okay." } : { text: ++turns % 2 === 0 ? LONG_REPLY : SHORT_REPLY }) });
  realtime.setDelays({ chunkIntervalMs: 10, transcriptionDelayMs: 150 });
  const base = realtime.env();
  const keyed = (index: number) => ({ ...base, OPENAI_API_KEY: `${base.OPENAI_API_KEY}.call${index}` });
  const connection = await connectPglite();
  await applyMigrations(connection);
  const db = connection.db;
  const queue = { send: async () => undefined };
  const organization = await createOrganization(db, "Bench");
  const ctx = { db, organizationId: organization.id };
  const agent = await createAgent(ctx, { name: "Bench agent", llm: { provider: "openai_realtime" }, initial_state_name: "main", states: [{ name: "main", prompt: "Help the caller." }], max_call_duration: 3600, presence_check_idle_threshold: 600 });
  const host = { db, queue, llm: () => (async function* () {})(), http: () => Promise.reject(new Error("no HTTP")) };
  const sessions: { close(): void }[] = [];
  return {
    async call(index) {
      const env = keyed(index);
      const { callId } = await startWebCall(ctx, queue, { agent_id: agent.id, mode: "voice" }, { env, speechProblems: () => [] });
      const call = await openLiveCall(db, callId);
      const conversation = createRealtimeConversation(host, callId, call.agent, env, () => {});
      sessions.push({ close: () => void conversation.tts.close?.() });
      return conversation;
    },
    // response.cancel while the answer streams, conversation.item.truncate at what was played (the one that matters once it has all arrived).
    cancelTimes: (index) => realtime.sessions.filter((session) => session.headers.authorization?.endsWith(`.call${index}`)).flatMap((session) => [...session.cancelledAt, ...session.truncatedAt]),
    async close() {
      for (const session of sessions) session.close();
      await realtime.close();
      await connection.close();
    },
  };
}
