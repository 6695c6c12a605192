import type { RawData, WebSocket } from "ws";
import { isSupportedRate, type SampleRate } from "@/lib/media/audio/pcm";
import { startLiveCall, type LiveCallDependencies, type LiveCallEvent, type LiveCallHandle } from "@/lib/media/live-call";
import { BrowserSocketTransport } from "@/lib/media/transports/browser-socket-transport";
import { ConflictError } from "@/lib/utils/domain-errors";
import { callChanges } from "@/lib/services/calls/call-changes";
import { readLiveCallRow } from "@/lib/services/calls/live-calls";
import { recordedEventsAfter, type StoredRuntimeState } from "@/lib/services/calls/runtime-calls";
import { sessionTokenMatches } from "@/lib/services/calls/web-calls";
import type { WebSocketHandler } from "./websocket-routes";
import { isUuid } from "@/lib/schemas/ids";
import type { Admission } from "@/lib/load/load-limits";

export const WEB_CALL_MEDIA_PATH = "/v1/calls/web/:call_id/media";

export const DEFAULT_INPUT_RATE: SampleRate = 16000;
export const DEFAULT_OUTPUT_RATE: SampleRate = 24000;
/** How long the socket waits for an optional start frame before the defaults apply. */
const START_FRAME_WAIT_MS = 500;

type ClientFrame = { type: "start"; input_sample_rate?: unknown; output_sample_rate?: unknown } | { type: "text"; text?: unknown } | { type: "hangup" };

function parseFrame(data: RawData): { frame: ClientFrame } | { problem: { field: string; message: string } } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(data));
  } catch {
    return { problem: { field: "frame", message: "A text frame must be a JSON object" } };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { problem: { field: "frame", message: "A text frame must be a JSON object" } };
  const type = (parsed as { type?: unknown }).type;
  if (type !== "start" && type !== "text" && type !== "hangup") return { problem: { field: "type", message: "Must be start, text or hangup" } };
  return { frame: parsed as ClientFrame };
}

function rateOf(value: unknown, fallback: SampleRate, field: string): SampleRate | { field: string; message: string } {
  if (value === undefined) return fallback;
  return typeof value === "number" && isSupportedRate(value) ? value : { field, message: "Must be 8000, 16000, 24000 or 48000" };
}

const sendJson = (socket: WebSocket, value: unknown) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(value));
};

const protocolError = (socket: WebSocket, problem: { field: string; message: string }) =>
  sendJson(socket, { type: "error", error: { type: "generic_error", message: `${problem.field}: ${problem.message}`, status: 400, details: [problem] } });

/** The first frame, if it comes soon: a start frame sets the rates; anything else is handled as usual afterwards. */
function firstFrame(socket: WebSocket): Promise<{ data: RawData; isBinary: boolean } | null> {
  return new Promise((resolve) => {
    const done = (value: { data: RawData; isBinary: boolean } | null) => {
      clearTimeout(timer);
      socket.off("message", onMessage);
      socket.off("close", onClose);
      resolve(value);
    };
    const onMessage = (data: RawData, isBinary: boolean) => done({ data, isBinary });
    const onClose = () => done(null);
    const timer = setTimeout(() => done(null), START_FRAME_WAIT_MS);
    socket.on("message", onMessage);
    socket.on("close", onClose);
  });
}

const toBytes = (data: RawData): Uint8Array => (Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data);

/**
 * `GET /v1/calls/web/{call_id}/media?session_token=…` (WebSocket): a voice web call's audio and live
 * events. Binary frames are 16-bit little-endian mono PCM (in at 16 kHz, out at 24 kHz paced in
 * real time, unless a first text frame `{"type":"start","input_sample_rate":N,"output_sample_rate":M}`
 * says otherwise); text frames are JSON: `text` and `hangup` from the client; `clear`, the media
 * session's events and every recorded event of the call from the server. One socket per call.
 */
export function webCallMediaRoute(deps: LiveCallDependencies, admission?: () => Admission): WebSocketHandler {
  return async ({ url, params, accept, reject }) => {
    const callId = params.call_id ?? "";
    if (!isUuid(callId)) return reject(404, "Call not found");
    const row = await readLiveCallRow(deps.db, callId);
    const state = (row?.runtimeState ?? null) as StoredRuntimeState | null;
    const token = url.searchParams.get("session_token") ?? undefined;
    if (!row || !state || !sessionTokenMatches(state, token, deps.clock?.now() ?? new Date())) {
      return reject(401, "Invalid session token: send the call's session_token as ?session_token= (it is unknown, for another call, or expired)");
    }
    if (state.timers !== "media") return reject(400, "This web call was started in text mode: start it with mode voice for audio");
    if (row.status !== "in_progress") return reject(409, "The call has ended");
    if (state.media_started_at) return reject(409, "The call's audio is already connected (one socket per call)");
    // Past capacity this process takes no new call's audio; the client connects again after Retry-After (to another process).
    const admitted = admission?.();
    if (admitted && !admitted.accepting) {
      return reject(503, `This server is at capacity and takes no new calls (${admitted.reason}): connect again after ${admitted.retryAfterSeconds} s`, {
        "Retry-After": String(admitted.retryAfterSeconds),
      });
    }

    const socket = await accept();
    const first = await firstFrame(socket);
    if (socket.readyState !== socket.OPEN) return;
    let rates: [SampleRate, SampleRate] = [DEFAULT_INPUT_RATE, DEFAULT_OUTPUT_RATE];
    let pending = first;
    if (first && !first.isBinary) {
      const parsed = parseFrame(first.data);
      if ("frame" in parsed && parsed.frame.type === "start") {
        const input = rateOf(parsed.frame.input_sample_rate, DEFAULT_INPUT_RATE, "input_sample_rate");
        const output = rateOf(parsed.frame.output_sample_rate, DEFAULT_OUTPUT_RATE, "output_sample_rate");
        const problem = typeof input === "object" ? input : typeof output === "object" ? output : null;
        if (problem) {
          protocolError(socket, problem);
          return void socket.close(1008, `${problem.field}: ${problem.message}`.slice(0, 120));
        }
        rates = [input as SampleRate, output as SampleRate];
        pending = null;
      }
    }

    let closing = false;
    const transport = new BrowserSocketTransport(socket, rates[0], rates[1], () => (closing = true));
    let lastSeq = 0;
    const forward = (event: LiveCallEvent) => {
      if (event.type === "clear") return; // the transport sends it when it drops the audio
      if ("seq" in event) {
        if (event.seq <= lastSeq) return;
        lastSeq = event.seq;
      }
      sendJson(socket, event);
    };
    let handle: LiveCallHandle;
    try {
      handle = await startLiveCall(deps, { callId, transport, answeredAt: new Date(), row, onEvent: forward });
    } catch (error) {
      const message = error instanceof ConflictError ? error.message : error instanceof Error ? error.message : "The call could not start";
      sendJson(socket, { type: "error", error: { type: error instanceof ConflictError ? "conflict" : "internal_error", message, status: error instanceof ConflictError ? 409 : 500, details: [] } });
      return void socket.close(1011, "The call could not start");
    }
    sendJson(socket, { type: "started", call_id: callId, input_sample_rate: rates[0], output_sample_rate: rates[1] });

    const onFrame = (data: RawData, isBinary: boolean) => {
      if (isBinary) return transport.receive(toBytes(data));
      const parsed = parseFrame(data);
      if ("problem" in parsed) return protocolError(socket, parsed.problem);
      const frame = parsed.frame;
      if (frame.type === "hangup") return handle.hangup();
      if (frame.type === "start") return protocolError(socket, { field: "type", message: "start is only accepted as the first frame" });
      if (typeof frame.text !== "string" || !frame.text.trim()) return protocolError(socket, { field: "text", message: "Required: a non-empty string" });
      if (frame.text.length > 4000) return protocolError(socket, { field: "text", message: "At most 4000 characters" });
      handle.sendText(frame.text);
    };
    socket.on("message", onFrame);
    if (pending) onFrame(pending.data, pending.isBinary);

    // Events recorded by other writers (POST …/turns, the hang-up endpoint, another instance) join
    // the stream when they are notified (lib/services/calls/call-changes.ts); one read at a time.
    // An event this socket forwarded already (its own conversation's) is not read again.
    let reading = false;
    let again = false;
    const readOthers = () => {
      if (reading) return void (again = true);
      reading = true;
      void recordedEventsAfter(deps.db, callId, lastSeq)
        .then((events) => events.forEach(forward), () => undefined)
        .finally(() => {
          reading = false;
          if (again) {
            again = false;
            readOthers();
          }
        });
    };
    const stopWatching = callChanges(deps.db).watch(callId, (change, seq) => {
      if (change === "status" || (seq !== undefined && seq <= lastSeq)) return;
      readOthers();
    });
    const result = await handle.ended.catch(() => null);
    stopWatching();
    for (const event of await recordedEventsAfter(deps.db, callId, lastSeq).catch(() => [])) forward(event);
    if (socket.readyState === socket.OPEN) socket.close(1000, closing || result ? "The call ended" : "The call failed");
  };
}
