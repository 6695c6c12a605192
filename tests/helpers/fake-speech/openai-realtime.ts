import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import { bytesToPcm, concatPcm, pcmToBytes } from "@/lib/media/audio/pcm";
import { json, listen } from "./http-server";
import { recognized, type TranscriptScript } from "./scripts";
import { sleep, ToneVoice } from "./tones";

// OpenAI's Realtime API (GA) on 127.0.0.1, event for event from its documentation:
// - the WebSocket guide https://platform.openai.com/docs/guides/realtime-websocket (`/v1/realtime?model=…`,
//   `Authorization: Bearer`)
// - client events https://platform.openai.com/docs/api-reference/realtime-client-events and server events
//   https://platform.openai.com/docs/api-reference/realtime-server-events; shapes from the official SDK
//   (openai/openai-node src/resources/realtime/realtime.ts): session.update/updated, input_audio_buffer.append/
//   commit/clear (committed, cleared; an empty commit is an error), conversation.item.create/delete/truncate
//   (added, done, deleted, truncated), conversation.item.input_audio_transcription.completed, response.create/
//   cancel → response.created, response.output_item.added, response.content_part.added, response.output_audio.delta,
//   response.output_audio_transcript.delta/done, response.output_audio.done, response.function_call_arguments.delta/
//   done, response.output_item.done, response.done (status completed or cancelled); error events name the client event.
// Audio is `audio/pcm`: 24 kHz 16-bit mono, base64. The model is a script: what it says (a tone per
// sentence, as the other fakes) and which functions it calls.

export type RealtimeItem = { id: string; type: string; role?: string; text?: string; transcript?: string; /** What the model hears in a user audio item (its transcription event comes later). */ heard?: string; call_id?: string; name?: string; output?: string; audioMs?: number; deleted?: boolean; truncatedAt?: number };
export type RealtimeTurn = {
  /** The conversation as the model sees it (deleted items gone, truncated audio cut). */
  items: RealtimeItem[];
  instructions: string;
  tools: string[];
  /** An out-of-band response's own instructions (`conversation: "none"`). */
  responseInstructions: string | null;
};
export type RealtimeReply = { text?: string; calls?: { name: string; arguments?: Record<string, unknown> }[] };
export type RealtimeSession = { headers: IncomingHttpHeaders; query: URLSearchParams; received: Record<string, unknown>[]; session: Record<string, unknown>; items: RealtimeItem[]; cancelledAt: number[]; truncatedAt: number[] };

const RATE = 24000;

/**
 * The Realtime server: `reply(turn)` decides each in-conversation response; an out-of-band response
 * whose instructions quote a sentence ("Say exactly …: \"…\"") speaks that sentence. Audio streams
 * faster than real time unless `chunkIntervalMs` is set; `inFlightChunks` more audio deltas still
 * arrive after a `response.cancel` (they were on the wire), then `response.done` (cancelled).
 */
export async function startFakeRealtime(options: { apiKey?: string; voice?: ToneVoice; transcripts?: TranscriptScript; reply?: (turn: RealtimeTurn) => RealtimeReply; transcriptionDelayMs?: number } = {}) {
  const apiKey = options.apiKey ?? "sk-realtime";
  /** The fake's key, or one derived from it (`<key>.<anything>`: the bench gives each call its own, to tell their sessions apart). */
  const accepted = (header: string | undefined) => header === `Bearer ${apiKey}` || Boolean(header?.startsWith(`Bearer ${apiKey}.`));
  const state = {
    voice: options.voice ?? new ToneVoice(),
    transcripts: options.transcripts ?? (() => ""),
    reply: options.reply ?? (() => ({ text: "Hello." })),
    transcriptionDelayMs: options.transcriptionDelayMs ?? 50,
    chunkIntervalMs: 0,
    firstAudioMs: 0,
    inFlightChunks: 2,
  };
  const sessions: RealtimeSession[] = [];
  const http = await listen((_request, _body, response) => json(response, 404, { error: { message: "Not found" } }));
  const wss = new WebSocketServer({ noServer: true });
  http.server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const refuse = (status: number, reason: string, message: string) => {
      const body = JSON.stringify({ error: { message, type: "invalid_request_error" } });
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    };
    if (url.pathname !== "/v1/realtime") return refuse(404, "Not Found", "Not found");
    if (!accepted(request.headers.authorization)) return refuse(401, "Unauthorized", "Incorrect API key provided");
    if (!url.searchParams.get("model")) return refuse(400, "Bad Request", "Missing required parameter: 'model'.");
    wss.handleUpgrade(request, socket, head, (ws) =>
      serve(ws, {
        headers: request.headers,
        query: url.searchParams,
        received: [],
        items: [],
        cancelledAt: [],
        truncatedAt: [],
        session: { type: "realtime", model: url.searchParams.get("model"), instructions: "", tools: [], output_modalities: ["audio"], audio: { input: { format: { type: "audio/pcm", rate: RATE }, transcription: null, turn_detection: { type: "server_vad" } }, output: { format: { type: "audio/pcm", rate: RATE }, voice: "alloy" } } },
      }),
    );
  });

  function serve(ws: WebSocket, session: RealtimeSession) {
    sessions.push(session);
    let buffer: Int16Array[] = [];
    let active: { id: string; cancelled: boolean } | null = null;
    /** Every response by id, for response.cancel with a response_id (out-of-band ones included). */
    const responses = new Map<string, { id: string; cancelled: boolean }>();
    const send = (event: Record<string, unknown>) => ws.readyState === ws.OPEN && ws.send(JSON.stringify({ event_id: `event_${randomUUID()}`, ...event }));
    const error = (clientEvent: Record<string, unknown>, code: string, message: string, param: string | null = null) =>
      send({ type: "error", error: { type: "invalid_request_error", code, message, param, event_id: (clientEvent.event_id as string | undefined) ?? null } });
    const lastId = () => session.items.filter((item) => !item.deleted).at(-1)?.id ?? null;
    const addItem = (item: RealtimeItem, wire: Record<string, unknown>) => {
      const previous = lastId();
      session.items.push(item);
      send({ type: "conversation.item.added", previous_item_id: previous, item: wire });
      send({ type: "conversation.item.done", previous_item_id: previous, item: wire });
    };
    send({ type: "session.created", session: session.session });

    async function respond(clientEvent: Record<string, unknown>) {
      const params = (clientEvent.response ?? {}) as Record<string, unknown>;
      const outOfBand = params.conversation === "none";
      if (!outOfBand && active) return error(clientEvent, "conversation_already_has_active_response", "Conversation already has an active response in progress.");
      const response = { id: `resp_${randomUUID()}`, cancelled: false };
      responses.set(response.id, response);
      if (!outOfBand) active = response;
      const base = { object: "realtime.response", id: response.id, conversation_id: outOfBand ? null : "conv_fake", metadata: params.metadata ?? null };
      send({ type: "response.created", response: { ...base, status: "in_progress", output: [] } });
      const tools = (session.session.tools as { name: string }[]).map((tool) => tool.name);
      const instructions = (params.instructions as string | undefined) ?? null;
      const quoted = instructions ? /"((?:[^"\\]|\\.)*)"\s*$/.exec(instructions) : null;
      const reply: RealtimeReply = outOfBand
        ? { text: quoted ? (JSON.parse(`"${quoted[1]}"`) as string) : "" }
        : state.reply({ items: session.items.filter((item) => !item.deleted), instructions: String(session.session.instructions ?? ""), tools, responseInstructions: instructions });
      const output: Record<string, unknown>[] = [];
      let outputIndex = 0;
      if (reply.text) {
        const itemId = `item_${randomUUID()}`;
        const item: RealtimeItem = { id: itemId, type: "message", role: "assistant", transcript: "", audioMs: 0 };
        const ids = { response_id: response.id, item_id: itemId, output_index: outputIndex, content_index: 0 };
        const wire = { id: itemId, object: "realtime.item", type: "message", role: "assistant", status: "in_progress", content: [] };
        send({ type: "response.output_item.added", response_id: response.id, output_index: outputIndex, item: wire });
        if (!outOfBand) addItem(item, wire);
        send({ type: "response.content_part.added", ...ids, part: { type: "audio", transcript: "" } });
        const pcm = state.voice.audio(reply.text, RATE);
        const chunk = RATE / 25; // 40 ms
        const words = reply.text.split(" ");
        if (state.firstAudioMs) await sleep(state.firstAudioMs);
        let inFlight = state.inFlightChunks;
        for (let offset = 0, word = 0; offset < pcm.length; offset += chunk) {
          if (response.cancelled && inFlight-- <= 0) break;
          if (ws.readyState !== ws.OPEN) return;
          // The transcript runs a little ahead of the audio, as the model's does.
          const share = Math.min(words.length, Math.ceil(((offset + chunk) / pcm.length) * words.length) + 1);
          if (word < share) {
            send({ type: "response.output_audio_transcript.delta", ...ids, delta: (word ? " " : "") + words.slice(word, share).join(" ") });
            word = share;
          }
          const samples = pcm.subarray(offset, offset + chunk);
          item.audioMs! += (samples.length / RATE) * 1000;
          send({ type: "response.output_audio.delta", ...ids, delta: Buffer.from(pcmToBytes(samples)).toString("base64") });
          if (state.chunkIntervalMs) await sleep(state.chunkIntervalMs);
          else await new Promise((resolve) => setImmediate(resolve));
        }
        item.transcript = response.cancelled ? words.slice(0, Math.ceil((item.audioMs! / ((pcm.length / RATE) * 1000)) * words.length)).join(" ") : reply.text;
        if (!response.cancelled) {
          send({ type: "response.output_audio.done", ...ids });
          send({ type: "response.output_audio_transcript.done", ...ids, transcript: reply.text });
          send({ type: "response.content_part.done", ...ids, part: { type: "audio", transcript: reply.text } });
        }
        const done = { ...wire, status: response.cancelled ? "incomplete" : "completed", content: [{ type: "output_audio", transcript: item.transcript }] };
        send({ type: "response.output_item.done", response_id: response.id, output_index: outputIndex++, item: done });
        output.push(done);
      }
      for (const call of response.cancelled ? [] : (reply.calls ?? [])) {
        const itemId = `item_${randomUUID()}`;
        const callId = `call_${randomUUID().slice(0, 8)}`;
        const args = JSON.stringify(call.arguments ?? {});
        const wire = { id: itemId, object: "realtime.item", type: "function_call", status: "in_progress", call_id: callId, name: call.name, arguments: "" };
        send({ type: "response.output_item.added", response_id: response.id, output_index: outputIndex, item: wire });
        if (!outOfBand) addItem({ id: itemId, type: "function_call", call_id: callId, name: call.name }, wire);
        send({ type: "response.function_call_arguments.delta", response_id: response.id, item_id: itemId, output_index: outputIndex, call_id: callId, delta: args });
        send({ type: "response.function_call_arguments.done", response_id: response.id, item_id: itemId, output_index: outputIndex, call_id: callId, name: call.name, arguments: args });
        const done = { ...wire, status: "completed", arguments: args };
        send({ type: "response.output_item.done", response_id: response.id, output_index: outputIndex++, item: done });
        output.push(done);
      }
      if (active === response) active = null;
      send({
        type: "response.done",
        response: {
          ...base,
          status: response.cancelled ? "cancelled" : "completed",
          status_details: response.cancelled ? { type: "cancelled", reason: "client_cancelled" } : null,
          output,
          usage: { total_tokens: 150, input_tokens: 100, output_tokens: 50 },
        },
      });
    }
    ws.on("message", (data, isBinary) => {
      let event: Record<string, unknown>;
      try {
        if (isBinary) throw new Error("binary");
        event = JSON.parse(data.toString()) as Record<string, unknown>;
      } catch {
        return send({ type: "error", error: { type: "invalid_request_error", code: "invalid_json", message: "The message is not valid JSON.", param: null, event_id: null } });
      }
      session.received.push(event);
      switch (event.type) {
        case "session.update": {
          const update = (event.session ?? {}) as Record<string, unknown>;
          if (update.type !== "realtime") return error(event, "missing_required_parameter", "Missing required parameter: 'session.type'.", "session.type");
          session.session = { ...session.session, ...update, audio: { ...(session.session.audio as object), ...(update.audio as object | undefined) } };
          return send({ type: "session.updated", session: session.session });
        }
        case "input_audio_buffer.append":
          buffer.push(bytesToPcm(new Uint8Array(Buffer.from(String(event.audio ?? ""), "base64"))));
          return;
        case "input_audio_buffer.clear":
          buffer = [];
          return send({ type: "input_audio_buffer.cleared" });
        case "input_audio_buffer.commit": {
          const audio = concatPcm(buffer);
          buffer = [];
          if (audio.length < RATE / 10) return error(event, "input_audio_buffer_commit_empty", `Error committing input audio buffer: buffer too small. Expected at least 100ms of audio, but buffer only has ${Math.round((audio.length / RATE) * 1000)}ms of audio.`);
          const itemId = `item_${randomUUID()}`;
          const previous = lastId();
          // The model hears the audio at once; the transcription (a separate model) follows.
          const item: RealtimeItem = { id: itemId, type: "message", role: "user", heard: recognized(state.transcripts({ audio, sampleRate: RATE, partial: false })).text };
          send({ type: "input_audio_buffer.committed", previous_item_id: previous, item_id: itemId });
          addItem(item, { id: itemId, object: "realtime.item", type: "message", role: "user", status: "completed", content: [{ type: "input_audio", transcript: null }] });
          const transcription = (session.session.audio as { input?: { transcription?: { model?: string } | null } }).input?.transcription;
          if (transcription?.model) {
            setTimeout(() => {
              const text = item.heard ?? "";
              item.transcript = text;
              send({ type: "conversation.item.input_audio_transcription.completed", item_id: itemId, content_index: 0, transcript: text, usage: { type: "duration", seconds: audio.length / RATE } });
            }, state.transcriptionDelayMs);
          }
          return;
        }
        case "conversation.item.create": {
          const wire = event.item as { id?: string; type?: string; role?: string; content?: { type?: string; text?: string }[]; call_id?: string; output?: string };
          if (wire?.type === "function_call_output" && !session.items.some((item) => item.call_id === wire.call_id && item.type === "function_call")) {
            return error(event, "invalid_value", `No function call with call_id ${String(wire.call_id)}.`, "item.call_id");
          }
          const itemId = wire?.id ?? `item_${randomUUID()}`;
          const text = wire?.content?.map((part) => part.text ?? "").join("") ?? "";
          return addItem({ id: itemId, type: String(wire?.type), role: wire?.role, text, call_id: wire?.call_id, output: wire?.output }, { ...wire, id: itemId, object: "realtime.item", status: "completed" });
        }
        case "conversation.item.delete": {
          const item = session.items.find((candidate) => candidate.id === event.item_id && !candidate.deleted);
          if (!item) return error(event, "invalid_value", `Item with item_id not found: ${String(event.item_id)}`, "item_id");
          item.deleted = true;
          return send({ type: "conversation.item.deleted", item_id: item.id });
        }
        case "conversation.item.truncate": {
          session.truncatedAt.push(performance.now());
          const item = session.items.find((candidate) => candidate.id === event.item_id && !candidate.deleted);
          if (!item || item.role !== "assistant" || item.audioMs === undefined) return error(event, "invalid_value", "Only assistant messages with audio can be truncated.", "item_id");
          const end = Number(event.audio_end_ms);
          if (!(end >= 0) || end > item.audioMs + 1) return error(event, "invalid_value", `audio_end_ms ${end} is past the audio's ${Math.round(item.audioMs)} ms.`, "audio_end_ms");
          item.truncatedAt = end;
          return send({ type: "conversation.item.truncated", item_id: item.id, content_index: Number(event.content_index ?? 0), audio_end_ms: end });
        }
        case "response.create":
          void respond(event);
          return;
        case "response.cancel": {
          session.cancelledAt.push(performance.now());
          const target = event.response_id ? responses.get(String(event.response_id)) : active;
          if (target) target.cancelled = true;
          return;
        }
        default:
          return error(event, "invalid_value", `Invalid value: '${String(event.type)}'.`, "type");
      }
    });
    ws.on("close", () => {
      for (const response of responses.values()) response.cancelled = true;
    });
  }

  return {
    /** OPENAI_BASE_URL for the realtime socket (`…/v1`). */
    url: `${http.url}/v1`,
    voice: state.voice,
    sessions,
    setReply(reply: (turn: RealtimeTurn) => RealtimeReply) {
      state.reply = reply;
    },
    setTranscripts(script: TranscriptScript) {
      state.transcripts = script;
    },
    setDelays(delays: Partial<Pick<typeof state, "chunkIntervalMs" | "firstAudioMs" | "transcriptionDelayMs" | "inFlightChunks">>) {
      Object.assign(state, delays);
    },
    env(): Record<string, string> {
      return { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: `${http.url}/v1`, OPENAI_REALTIME_MODEL: "gpt-realtime" };
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await http.close();
    },
  };
}

export type FakeRealtime = Awaited<ReturnType<typeof startFakeRealtime>>;
