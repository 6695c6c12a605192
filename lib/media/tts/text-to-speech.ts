// The text-to-speech interface: a sentence in, its audio streamed out as it is synthesized. Providers
// that take input streaming over a WebSocket (ElevenLabs, Cartesia, Deepgram) also open one stream
// per agent response, so each sentence goes out the moment the model has written it.

import { PcmBytes } from "../audio/pcm";

export interface TextToSpeech {
  readonly provider: string;
  /** The PCM rate of the audio it yields. */
  readonly sampleRate: number;
  /** 16-bit mono PCM chunks, as they arrive; abort the signal to stop (and stop paying). */
  synthesize(text: string, signal: AbortSignal): AsyncIterable<Int16Array>;
  /**
   * Input streaming: one stream per agent response, sentences sent as they are written and their
   * audio returned in order. Aborting the signal cancels it at the provider at once (its cancel or
   * clear message, or the socket closed), and no audio of it is yielded after that.
   */
  stream?(signal: AbortSignal): SpeechStream;
  /** The call is over: close the provider's connections. */
  close?(): Promise<void>;
}

/** One agent response's speech on an input-streaming provider. */
export interface SpeechStream {
  /** Sends a sentence now; its audio follows the previous sentences' audio. */
  say(text: string): AsyncIterable<Int16Array>;
  /** No more sentences will come (the provider flushes what it holds). */
  end(): void;
}

/** A whole sentence through a provider's stream (previews, fillers said on their own). */
export async function* synthesizeOnStream(tts: Required<Pick<TextToSpeech, "stream">>, text: string, signal: AbortSignal): AsyncIterable<Int16Array> {
  const stream = tts.stream(signal);
  const audio = stream.say(text);
  stream.end();
  yield* audio;
}

/** A response body of raw little-endian PCM as sample chunks (a byte split across reads is carried over). */
export async function* pcmChunks(body: ReadableStream<Uint8Array>): AsyncIterable<Int16Array> {
  const decoder = new PcmBytes();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) return;
      const samples = decoder.push(chunk);
      if (samples.length) yield samples;
    }
  } finally {
    // Stopping early (barge-in) must end the download too.
    await reader.cancel().catch(() => undefined);
  }
}
