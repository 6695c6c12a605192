import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import { concatPcm, levelDbfs } from "@/lib/media/audio/pcm";
import { listen } from "./http-server";
import { recognized, type TranscriptScript } from "./scripts";

export type DeepgramSession = {
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  /** Control messages received (KeepAlive, Finalize, CloseStream), in order. */
  controls: string[];
  audioBytes: number;
  closedByClient: boolean;
};

/**
 * Deepgram's live transcription socket (`/v1/listen`) on 127.0.0.1: `Authorization: Token …`,
 * linear16 audio in binary frames; `Results` JSON out in real time — interim results revealing the
 * scripted words as voiced audio arrives, a final (`is_final`, `speech_final`) after 300 ms of
 * silence, a flushed final (`from_finalize: true`) on `Finalize`, `Metadata` and a close on
 * `CloseStream`; `KeepAlive` answers nothing. Closes with 1011 after 10 s without audio or KeepAlive.
 */
export async function startFakeDeepgram(options: { apiKey?: string; transcripts?: TranscriptScript; resultDelayMs?: number; idleTimeoutMs?: number } = {}) {
  const apiKey = options.apiKey ?? "dg-test-key";
  const state = { transcripts: options.transcripts ?? (() => ""), resultDelayMs: options.resultDelayMs ?? 0 };
  const sessions: DeepgramSession[] = [];
  const http = await listen((_request, _body, response) => {
    response.writeHead(404);
    response.end();
  });
  const wss = new WebSocketServer({ noServer: true });
  http.server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const refuse = (status: number, reason: string) => {
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n`);
    };
    if (url.pathname !== "/v1/listen") return refuse(404, "Not Found");
    if (request.headers.authorization !== `Token ${apiKey}`) return refuse(401, "Unauthorized");
    if (url.searchParams.get("encoding") !== "linear16" || !url.searchParams.get("sample_rate")) return refuse(400, "Bad Request");
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws, { headers: request.headers, query: url.searchParams, controls: [], audioBytes: 0, closedByClient: false }));
  });

  function serve(ws: WebSocket, session: DeepgramSession) {
    sessions.push(session);
    const sampleRate = Number(session.query.get("sample_rate"));
    const frameSamples = sampleRate / 50;
    const requestId = randomUUID();
    let utterance: Int16Array[] = [];
    let voicedMs = 0;
    let silenceMs = 0;
    let streamedSeconds = 0;
    // Where the utterance's voice began and last sounded on the stream's clock: the words are spread over it, as Deepgram times them.
    let voiceStart = 0;
    let voiceEnd = 0;
    let pending = new Int16Array(0);
    let idle: ReturnType<typeof setTimeout> | null = null;
    const armIdle = () => {
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => ws.close(1011, "NET-0001"), options.idleTimeoutMs ?? 10_000);
    };
    armIdle();

    const send = (message: object) => {
      const deliver = () => ws.readyState === ws.OPEN && ws.send(JSON.stringify(message));
      if (state.resultDelayMs) setTimeout(deliver, state.resultDelayMs);
      else deliver();
    };
    const results = (transcript: string, flags: { is_final: boolean; speech_final: boolean; from_finalize?: boolean }) =>
      send({
        type: "Results",
        channel_index: [0, 1],
        duration: voicedMs / 1000,
        start: streamedSeconds,
        ...flags,
        channel: { alternatives: [{ transcript, confidence: transcript ? 0.98 : 0, words: timedWords(transcript) }] },
        metadata: { request_id: requestId, model_info: { name: "general-nova-3", version: "fake", arch: "nova-3" }, model_uuid: randomUUID() },
      });
    const timedWords = (transcript: string) => {
      const words = transcript.split(/\s+/).filter(Boolean);
      const each = words.length ? (voiceEnd - voiceStart) / words.length : 0;
      const at = (seconds: number) => Math.round(seconds * 1000) / 1000;
      return words.map((word, i) => ({
        word: word.toLowerCase().replace(/[^a-z0-9']/g, ""),
        start: at(voiceStart + i * each),
        end: at(voiceStart + (i + 1) * each),
        confidence: 0.98,
        punctuated_word: word,
      }));
    };
    const script = (partial: boolean) => recognized(state.transcripts({ audio: concatPcm(utterance), sampleRate, partial }));
    const finalize = (fromFinalize: boolean) => {
      const text = voicedMs > 0 ? script(false).text : "";
      results(text, { is_final: true, speech_final: !fromFinalize, ...(fromFinalize ? { from_finalize: true } : {}) });
      utterance = [];
      voicedMs = 0;
      silenceMs = 0;
    };

    ws.on("message", (data, isBinary) => {
      armIdle();
      if (!isBinary) {
        const message = JSON.parse(data.toString()) as { type?: string };
        session.controls.push(String(message.type));
        if (message.type === "Finalize") finalize(true);
        if (message.type === "CloseStream") {
          session.closedByClient = true;
          if (utterance.length) finalize(true);
          send({ type: "Metadata", transaction_key: "deprecated", request_id: requestId, sha256: "", created: new Date().toISOString(), duration: streamedSeconds, channels: 1 });
          setTimeout(() => ws.close(1000), 10);
        }
        return;
      }
      const bytes = data as Buffer;
      session.audioBytes += bytes.length;
      const samples = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length - (bytes.length % 2)));
      const all = concatPcm([pending, samples]);
      let offset = 0;
      for (; offset + frameSamples <= all.length; offset += frameSamples) {
        const frame = all.slice(offset, offset + frameSamples);
        streamedSeconds += 0.02;
        const voiced = levelDbfs(frame) > -45;
        if (voiced) {
          if (voicedMs === 0) voiceStart = streamedSeconds - 0.02;
          voiceEnd = streamedSeconds;
          voicedMs += 20;
          silenceMs = 0;
        } else if (voicedMs > 0) silenceMs += 20;
        if (voicedMs > 0) utterance.push(frame);
        if (voiced && voicedMs % 100 === 0) {
          const heard = script(true);
          const words = heard.text.split(/\s+/).filter(Boolean);
          const share = Math.min(1, voicedMs / (heard.durationMs ?? words.length * 250));
          const count = Math.min(words.length, Math.max(1, Math.ceil(words.length * share)));
          if (words.length && count > 0) results(words.slice(0, count).join(" "), { is_final: false, speech_final: false });
        }
        if (voicedMs > 0 && silenceMs >= 300) finalize(false);
      }
      pending = all.slice(offset);
    });
    ws.on("close", () => idle && clearTimeout(idle));
  }

  return {
    /** For DEEPGRAM_BASE_URL. */
    url: http.url.replace("http:", "ws:"),
    sessions,
    setTranscripts(script: TranscriptScript) {
      state.transcripts = script;
    },
    setResultDelay(ms: number) {
      state.resultDelayMs = ms;
    },
    env(): Record<string, string> {
      return { DEEPGRAM_API_KEY: apiKey, DEEPGRAM_BASE_URL: http.url.replace("http:", "ws:") };
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await http.close();
    },
  };
}

export type FakeDeepgram = Awaited<ReturnType<typeof startFakeDeepgram>>;
