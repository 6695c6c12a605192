import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { WebSocket } from "ws";
import { concatPcm, levelDbfs } from "@/lib/media/audio/pcm";
import { recognized, type TranscriptScript } from "./scripts";

// Deepgram Flux's `/v2/listen`, message for message from its documentation:
// - https://developers.deepgram.com/docs/flux/quickstart (model flux-general-en, raw linear16 with encoding and sample_rate, 80 ms chunks)
// - the state machine https://developers.deepgram.com/docs/flux/state: StartOfTurn, Update about every 0.25 s of audio,
//   EagerEndOfTurn (always a transcript) → TurnResumed or EndOfTurn (the same transcript), turn_index up after EndOfTurn
// - thresholds https://developers.deepgram.com/docs/flux/configuration (eot_threshold, eager_eot_threshold: no eager
//   events without it, eot_timeout_ms 500–10000, default 5000)
// - https://developers.deepgram.com/docs/flux/force-end-turn (ForceEndTurn → EndOfTurn at once)
// - https://developers.deepgram.com/docs/flux/close-stream (CloseStream: Updates for what was received, then a close
//   without a status code, no EndOfTurn)
// - shapes: deepgram/deepgram-js-sdk src/api/resources/listen/resources/v2/types (Connected, TurnInfo, FatalError)
// The model's confidence is played by silence: eager after `eagerMs`, the end after `endMs` of it.

export type DeepgramFluxSession = { headers: IncomingHttpHeaders; query: URLSearchParams; controls: string[]; audioBytes: number; events: { event: string; at: number; transcript: string }[] };

export type FluxOptions = { transcripts: TranscriptScript; eagerMs: number; endMs: number };

/** Refuses an upgrade Flux would refuse: null when the query is acceptable. */
export function fluxQueryProblem(query: URLSearchParams): string | null {
  if (!query.get("model")?.startsWith("flux-")) return "model must be a Flux model";
  if (query.get("encoding") !== "linear16" || !query.get("sample_rate")) return "raw audio needs encoding and sample_rate";
  const timeout = Number(query.get("eot_timeout_ms") ?? 5000);
  if (!(timeout >= 500 && timeout <= 10_000)) return "eot_timeout_ms out of range";
  const eager = query.get("eager_eot_threshold");
  if (eager !== null && !(Number(eager) >= 0.3 && Number(eager) <= 0.9)) return "eager_eot_threshold out of range";
  return null;
}

export function serveFlux(ws: WebSocket, session: DeepgramFluxSession, options: () => FluxOptions): void {
  const rate = Number(session.query.get("sample_rate"));
  const frameSamples = rate / 50;
  const timeoutMs = Number(session.query.get("eot_timeout_ms") ?? 5000);
  const eagerOn = session.query.get("eager_eot_threshold") !== null;
  const requestId = randomUUID();
  let sequence = 0;
  let turnIndex = 0;
  let state: "Initial" | "TurnOngoing" | "AwaitingEnd" = "Initial";
  let audio: Int16Array[] = [];
  let voicedMs = 0;
  let silenceMs = 0;
  let sinceUpdateMs = 0;
  let streamedMs = 0;
  let turnStartMs = 0;
  let eagerText = "";
  let pending = new Int16Array(0);
  const send = (message: object) => ws.readyState === ws.OPEN && ws.send(JSON.stringify({ ...message, sequence_id: sequence++ }));
  const transcript = (partial: boolean) => {
    const heard = recognized(options().transcripts({ audio: concatPcm(audio), sampleRate: rate, partial }));
    if (!partial) return heard.text;
    const words = heard.text.split(/\s+/).filter(Boolean);
    const share = Math.min(1, voicedMs / (heard.durationMs ?? words.length * 250));
    return words.slice(0, Math.ceil(words.length * share)).join(" ");
  };
  const turnInfo = (event: string, text: string, confidence: number) => {
    session.events.push({ event, at: performance.now(), transcript: text });
    send({
      type: "TurnInfo",
      request_id: requestId,
      event,
      turn_index: turnIndex,
      audio_window_start: turnStartMs / 1000,
      audio_window_end: streamedMs / 1000,
      transcript: text,
      words: text.split(/\s+/).filter(Boolean).map((word) => ({ word, confidence: 0.97 })),
      end_of_turn_confidence: confidence,
    });
  };
  const endTurn = () => {
    // The EndOfTurn transcript is the preceding EagerEndOfTurn's, when there was one.
    turnInfo("EndOfTurn", eagerText || transcript(false), 0.9);
    turnIndex++;
    state = "Initial";
    audio = [];
    voicedMs = 0;
    silenceMs = 0;
    eagerText = "";
  };
  send({ type: "Connected", request_id: requestId });

  ws.on("message", (data, isBinary) => {
    if (!isBinary) {
      const message = JSON.parse(data.toString()) as { type?: string };
      session.controls.push(String(message.type));
      if (message.type === "ForceEndTurn" && state !== "Initial") endTurn();
      else if (message.type === "Configure") send({ type: "ConfigureSuccess", request_id: requestId });
      else if (message.type === "CloseStream") {
        if (state !== "Initial") turnInfo("Update", transcript(true), 0.1);
        setTimeout(() => ws.close(), 10); // no status code, as the documentation says
      } else if (message.type !== "ForceEndTurn") {
        send({ type: "Error", code: "INVALID_MESSAGE", description: `Unknown message type ${String(message.type)}` });
      }
      return;
    }
    const bytes = data as Buffer;
    session.audioBytes += bytes.length;
    const samples = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length - (bytes.length % 2)));
    const all = concatPcm([pending, samples]);
    let offset = 0;
    const { eagerMs, endMs } = options();
    for (; offset + frameSamples <= all.length; offset += frameSamples) {
      const frame = all.slice(offset, offset + frameSamples);
      streamedMs += 20;
      const voiced = levelDbfs(frame) > -45;
      if (state === "Initial") {
        if (!voiced) continue;
        state = "TurnOngoing";
        turnStartMs = streamedMs - 20;
        sinceUpdateMs = 0;
        audio.push(frame);
        voicedMs = 20;
        turnInfo("StartOfTurn", "", 0.01);
        continue;
      }
      audio.push(frame);
      sinceUpdateMs += 20;
      if (voiced) {
        voicedMs += 20;
        silenceMs = 0;
        if (state === "AwaitingEnd") {
          state = "TurnOngoing";
          eagerText = "";
          turnInfo("TurnResumed", transcript(true), 0.2);
          sinceUpdateMs = 0;
        }
      } else silenceMs += 20;
      if (state === "TurnOngoing" && eagerOn && silenceMs >= eagerMs) {
        const text = transcript(false);
        if (text) {
          state = "AwaitingEnd";
          eagerText = text;
          turnInfo("EagerEndOfTurn", text, 0.55);
          sinceUpdateMs = 0;
        }
      }
      if (silenceMs >= Math.min(endMs, timeoutMs) && (transcript(false) || silenceMs >= timeoutMs)) {
        endTurn();
        continue;
      }
      if (sinceUpdateMs >= 240) {
        sinceUpdateMs = 0;
        turnInfo("Update", transcript(true), silenceMs > 0 ? 0.3 : 0.05);
      }
    }
    pending = all.slice(offset);
  });
}
