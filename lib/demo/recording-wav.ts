/** Recordings for seeded calls: 8 kHz, 8-bit mono PCM WAVs (8 KB a second). */
export type Tone = { frequency: number; ms: number };

const SAMPLE_RATE = 8000;

/** Three rising tones with short pauses, about 2.4 seconds, 19 KB. */
export const SAMPLE_TONES: Tone[] = [
  { frequency: 440, ms: 600 },
  { frequency: 0, ms: 150 },
  { frequency: 554.37, ms: 600 },
  { frequency: 0, ms: 150 },
  { frequency: 659.25, ms: 900 },
];

function wavHeader(samples: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples).fill(128); // 8-bit PCM is unsigned, silence at 128
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE, true); // byte rate: 1 byte a sample
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, samples, true);
  return bytes;
}

export function toneWav(tones: readonly Tone[] = SAMPLE_TONES): Uint8Array {
  const samples = tones.reduce((sum, tone) => sum + Math.round((tone.ms / 1000) * SAMPLE_RATE), 0);
  const bytes = wavHeader(samples);
  let offset = 44;
  for (const tone of tones) {
    const count = Math.round((tone.ms / 1000) * SAMPLE_RATE);
    const fade = Math.max(1, Math.min(160, Math.floor(count / 4))); // 20 ms in and out, so tones do not click
    for (let i = 0; i < count; i++) {
      const envelope = Math.min(1, i / fade, (count - 1 - i) / fade);
      const value = tone.frequency ? Math.sin((2 * Math.PI * tone.frequency * i) / SAMPLE_RATE) * 0.5 * envelope : 0;
      bytes[offset++] = Math.round(128 + value * 127); // 8-bit PCM is unsigned, silence at 128
    }
  }
  return bytes;
}

/** The pitch of each side in a seeded conversation's recording. */
export const SPEAKER_FREQUENCIES = { agent: 440, user: 294 } as const;

/**
 * A stand-in recording of a conversation, `totalMs` long: while a line is spoken its side's tone
 * plays, pulsing about four times a second like syllables; silence in between. So the recording
 * is as long as the call and its sound lines up with the transcript.
 */
export function conversationWav(lines: readonly { role: "agent" | "user"; startMs: number; ms: number }[], totalMs: number): Uint8Array {
  const samples = Math.round((totalMs / 1000) * SAMPLE_RATE);
  const bytes = wavHeader(samples);
  for (const line of lines) {
    const first = Math.round((line.startMs / 1000) * SAMPLE_RATE);
    const count = Math.min(Math.round((line.ms / 1000) * SAMPLE_RATE), samples - first);
    const frequency = SPEAKER_FREQUENCIES[line.role];
    for (let i = 0; i < count; i++) {
      const syllable = 0.55 + 0.45 * Math.sin((2 * Math.PI * 4 * i) / SAMPLE_RATE);
      const fade = Math.min(1, i / 160, (count - 1 - i) / 160);
      bytes[44 + first + i] = Math.round(128 + Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) * 0.5 * syllable * fade * 127);
    }
  }
  return bytes;
}
