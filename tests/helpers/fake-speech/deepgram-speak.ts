import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { WebSocket } from "ws";
import { encodeAlaw, encodeMulaw } from "@/lib/media/g711";
import { sleep, type ToneVoice } from "./tones";

// Deepgram's TTS WebSocket `/v1/speak`, message for message from its documentation:
// - reference: https://developers.deepgram.com/reference/text-to-speech/speak-streaming (query model, encoding,
//   sample_rate, speed; messages Speak, Flush, Clear, Close; Metadata, Flushed, Cleared, Warning)
// - https://developers.deepgram.com/docs/tts-ws-flush (Flushed with sequence_id; at most 20 flushes in 60 s, then a Warning)
// - https://developers.deepgram.com/docs/tts-ws-clear (the text and audio buffers cleared, audio stops, Cleared)
// - https://developers.deepgram.com/docs/tts-ws-close (the server closes with 1000)
// - shapes: the official SDK (deepgram/deepgram-js-sdk src/api/resources/speak/resources/v1/types/SpeakV1*.ts)
// Audio is binary, raw in the requested encoding (no container on the socket).

export type DeepgramSpeakSession = { headers: IncomingHttpHeaders; query: URLSearchParams; messages: { type: string; text?: string }[]; clearedAt: number[]; warnings: string[]; closedBy: "client" | "server" | null };

export type SpeakOptions = { voice: ToneVoice; firstByteMs: number; chunkIntervalMs: number; inFlightChunks: number };

const RATES: Record<string, number[]> = { linear16: [8000, 16000, 24000, 32000, 48000], mulaw: [8000, 16000], alaw: [8000, 16000] };

/** Refuses an upgrade Deepgram would refuse: null when the query is acceptable. */
export function speakQueryProblem(query: URLSearchParams): string | null {
  const encoding = query.get("encoding") ?? "linear16";
  const rates = RATES[encoding];
  if (!rates) return `Unsupported encoding ${encoding}`;
  const rate = Number(query.get("sample_rate") ?? (encoding === "linear16" ? 24000 : 8000));
  if (!rates.includes(rate)) return `Unsupported sample_rate ${rate} for ${encoding}`;
  if (query.get("container") && query.get("container") !== "none") return "Containers are not supported on the streaming socket";
  return null;
}

export function serveSpeak(ws: WebSocket, session: DeepgramSpeakSession, options: () => SpeakOptions): void {
  const encoding = session.query.get("encoding") ?? "linear16";
  const rate = Number(session.query.get("sample_rate") ?? (encoding === "linear16" ? 24000 : 8000));
  const model = session.query.get("model") ?? "aura-asteria-en";
  let buffer = "";
  let sequence = 0;
  let generation = 0;
  let chain = Promise.resolve();
  const flushes: number[] = [];
  const send = (message: object) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(message));
  send({ type: "Metadata", request_id: randomUUID(), model_name: model, model_version: "fake", model_uuid: randomUUID() });

  async function speak(text: string, mine: number) {
    const spoken = text.trim();
    if (!spoken || mine !== generation) return;
    const { voice, firstByteMs, chunkIntervalMs, inFlightChunks } = options();
    const pcm = voice.audio(spoken, rate);
    const chunk = Math.round(rate / 25); // 40 ms
    if (firstByteMs) await sleep(firstByteMs);
    // After a Clear, chunks already on the wire still arrive: the client must drop them.
    let inFlight = inFlightChunks;
    for (let offset = 0; offset < pcm.length; offset += chunk) {
      if ((mine !== generation && inFlight-- <= 0) || ws.readyState !== ws.OPEN) return;
      const samples = pcm.subarray(offset, offset + chunk);
      const bytes = encoding === "mulaw" ? encodeMulaw(samples) : encoding === "alaw" ? encodeAlaw(samples) : new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
      ws.send(Buffer.from(bytes));
      if (chunkIntervalMs) await sleep(chunkIntervalMs);
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  ws.on("message", (data, isBinary) => {
    if (isBinary) return send({ type: "Warning", description: "Binary messages are not accepted on the speak socket", code: "INVALID_MESSAGE" });
    let message: { type?: string; text?: unknown };
    try {
      message = JSON.parse(data.toString());
    } catch {
      return send({ type: "Warning", description: "Could not parse the message as JSON", code: "INVALID_MESSAGE" });
    }
    session.messages.push({ type: String(message.type), ...(typeof message.text === "string" ? { text: message.text } : {}) });
    if (message.type === "Speak") {
      if (typeof message.text !== "string") return send({ type: "Warning", description: "Speak needs text", code: "INVALID_MESSAGE" });
      buffer += message.text;
    } else if (message.type === "Flush") {
      const now = Date.now();
      while (flushes.length && flushes[0] <= now - 60_000) flushes.shift();
      if (flushes.length >= 20) {
        session.warnings.push("flush limit");
        return send({ type: "Warning", description: "Too many Flush messages: at most 20 every 60 seconds", code: "FLUSH_LIMIT" });
      }
      flushes.push(now);
      const text = buffer;
      buffer = "";
      const mine = generation;
      const id = sequence++;
      chain = chain.then(async () => {
        await speak(text, mine);
        if (mine === generation) send({ type: "Flushed", sequence_id: id });
      });
    } else if (message.type === "Clear") {
      buffer = "";
      generation++;
      session.clearedAt.push(performance.now());
      const id = sequence++;
      chain = chain.then(() => void send({ type: "Cleared", sequence_id: id }));
    } else if (message.type === "Close") {
      session.closedBy = "server";
      ws.close(1000);
    } else send({ type: "Warning", description: `Unknown message type ${String(message.type)}`, code: "INVALID_MESSAGE" });
  });
  ws.on("close", () => {
    session.closedBy ??= "client";
    generation++;
  });
}
