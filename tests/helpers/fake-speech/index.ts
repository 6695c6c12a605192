import { startFakeAzureSpeech } from "./azure-speech";
import { startFakeCartesia } from "./cartesia";
import { startFakeDeepgram } from "./deepgram";
import { startFakeElevenLabs } from "./elevenlabs";
import { startFakeOpenAiSpeech } from "./openai-speech";
import { transcriptsByFixture, type TranscriptScript } from "./scripts";
import { ToneVoice } from "./tones";

export { fixedTranscript, transcriptSequence, transcriptsByFixture, type TranscriptScript } from "./scripts";
export { ToneVoice } from "./tones";

/**
 * Every fake speech provider at once, sharing one tone voice (so a sentence sounds at the same
 * frequency whichever provider spoke it) and one transcript script; `env` points every provider
 * variable at them (openai, openai_compatible, azure, deepgram and deepgram_flux, elevenlabs, cartesia).
 */
export async function startFakeSpeech(options: { transcripts?: TranscriptScript; voice?: ToneVoice } = {}) {
  const voice = options.voice ?? new ToneVoice();
  const transcripts = options.transcripts ?? transcriptsByFixture({});
  const [openai, azure, deepgram, elevenlabs, cartesia] = await Promise.all([
    startFakeOpenAiSpeech({ transcripts, voice }),
    startFakeAzureSpeech({ transcripts, voice }),
    startFakeDeepgram({ transcripts, voice }),
    startFakeElevenLabs({ voice }),
    startFakeCartesia({ voice }),
  ]);
  return {
    openai,
    azure,
    deepgram,
    elevenlabs,
    cartesia,
    voice,
    setTranscripts(script: TranscriptScript) {
      openai.setTranscripts(script);
      azure.setTranscripts(script);
      deepgram.setTranscripts(script);
    },
    env(): Record<string, string> {
      return { ...openai.env(), ...azure.env(), ...deepgram.env(), ...elevenlabs.env(), ...cartesia.env() };
    },
    async close() {
      await Promise.all([openai.close(), azure.close(), deepgram.close(), elevenlabs.close(), cartesia.close()]);
    },
  };
}

export type FakeSpeech = Awaited<ReturnType<typeof startFakeSpeech>>;
