// The text-to-speech interface: a sentence in, its audio streamed out as it is synthesized.

export interface TextToSpeech {
  readonly provider: string;
  /** The PCM rate of the audio it yields. */
  readonly sampleRate: number;
  /** 16-bit mono PCM chunks, as they arrive; abort the signal to stop (and stop paying). */
  synthesize(text: string, signal: AbortSignal): AsyncIterable<Int16Array>;
}

/** A response body of raw little-endian PCM as sample chunks (a byte split across reads is carried over). */
export async function* pcmChunks(body: ReadableStream<Uint8Array>): AsyncIterable<Int16Array> {
  let carry: number | null = null;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) return;
    let bytes = chunk;
      if (carry !== null) {
        bytes = new Uint8Array(chunk.length + 1);
        bytes[0] = carry;
        bytes.set(chunk, 1);
        carry = null;
      }
      if (bytes.length % 2 === 1) carry = bytes[bytes.length - 1];
      const count = bytes.length >> 1;
      if (count === 0) continue;
      const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
      const samples = new Int16Array(count);
      for (let i = 0; i < count; i++) samples[i] = view.getInt16(i * 2, true);
      yield samples;
    }
  } finally {
    // Stopping early (barge-in) must end the download too.
    await reader.cancel().catch(() => undefined);
  }
}
