import type WebSocket from "ws";
import { bytesToPcm } from "../audio/pcm";
import { closedError, openProviderSocket, socketBase } from "../provider-socket";
import { SpeechProviderError } from "../stt/speech-to-text";

// One call's socket to OpenAI's Realtime API (GA: https://platform.openai.com/docs/guides/realtime-websocket,
// events https://platform.openai.com/docs/api-reference/realtime-client-events and …/realtime-server-events;
// shapes from openai/openai-node src/resources/realtime/realtime.ts). It routes each response's events
// to whoever created the response; everything else goes to the listeners.

export type RealtimeConfig = {
  /** OPENAI_BASE_URL (`https://api.openai.com/v1`): the socket is `{base}/realtime?model=…`. */
  baseUrl: string;
  apiKey: string;
  model: string;
};

/** A server event, with the fields we read. */
export type RealtimeEvent = {
  type: string;
  event_id?: string;
  response_id?: string;
  item_id?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  delta?: string;
  transcript?: string;
  item?: { id?: string; type?: string; role?: string };
  response?: { id?: string; status?: string; status_details?: { type?: string; reason?: string; error?: { message?: string; code?: string } } | null; usage?: { input_tokens?: number; output_tokens?: number } | null };
  error?: { type?: string; code?: string | null; message?: string; event_id?: string | null; param?: string | null };
};

export type ResponseHandler = (event: RealtimeEvent) => void;

/** Base64 PCM16 at 24 kHz (the API's `audio/pcm`) to samples. */
export const decodeAudio = (base64: string) => bytesToPcm(new Uint8Array(Buffer.from(base64, "base64")));

export class RealtimeConnection {
  private readonly socket: Promise<WebSocket>;
  private chain: Promise<unknown>;
  private readonly listeners = new Set<(event: RealtimeEvent) => void>();
  /** response.create requests waiting for their response.created, by client event id, in the order sent. */
  private readonly creating: { eventId: string; resolve(id: string): void; reject(error: Error): void; handler: ResponseHandler }[] = [];
  private readonly responses = new Map<string, ResponseHandler>();
  private counter = 0;
  private closed = false;
  failure: Error | null = null;

  constructor(config: RealtimeConfig) {
    const url = new URL(`${socketBase(config.baseUrl)}/realtime`);
    url.searchParams.set("model", config.model);
    this.socket = openProviderSocket("openai_realtime", url.toString(), { Authorization: `Bearer ${config.apiKey}` });
    this.socket.then(
      (ws) => {
        ws.on("message", (data, isBinary) => !isBinary && this.onMessage(data.toString()));
        ws.on("close", (code, reason) => {
          if (!this.closed) this.fail(closedError("openai_realtime", code, reason));
        });
      },
      (error: Error) => this.fail(error),
    );
    this.chain = this.socket.catch(() => undefined);
  }

  /** Sends a client event once the socket is open, in order. */
  send(event: Record<string, unknown>): void {
    this.chain = this.chain.then(() => this.socket).then((ws) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(event))).catch(() => undefined);
  }

  onEvent(listener: (event: RealtimeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks for a response; its events (from response.created to response.done) go to `handler`. Resolves with its id. */
  createResponse(response: Record<string, unknown> | undefined, handler: ResponseHandler): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    const eventId = `evt_response_${++this.counter}`;
    return new Promise<string>((resolve, reject) => {
      this.creating.push({ eventId, resolve, reject, handler });
      this.send({ type: "response.create", event_id: eventId, ...(response ? { response } : {}) });
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.fail(new SpeechProviderError("openai_realtime", "openai_realtime: the call is over"));
    void this.socket.then((ws) => ws.close(1000)).catch(() => undefined);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const pending of this.creating.splice(0)) pending.reject(error);
    for (const [id, handler] of this.responses) {
      handler({ type: "response.done", response: { id, status: "failed", status_details: { type: "failed", error: { message: error.message } } } });
    }
    this.responses.clear();
    for (const listener of this.listeners) listener({ type: "error", error: { type: "connection", message: error.message } });
  }

  private onMessage(raw: string): void {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(raw) as RealtimeEvent;
    } catch {
      return;
    }
    if (event.type === "response.created" && event.response?.id) {
      // Responses are created in the order asked for (no server VAD makes any of its own).
      const pending = this.creating.shift();
      if (pending) {
        this.responses.set(event.response.id, pending.handler);
        pending.resolve(event.response.id);
      }
    }
    if (event.type === "error" && event.error?.event_id) {
      const index = this.creating.findIndex((pending) => pending.eventId === event.error!.event_id);
      if (index >= 0) {
        const [pending] = this.creating.splice(index, 1);
        pending.reject(new SpeechProviderError("openai_realtime", `openai_realtime: ${event.error.message ?? event.error.code ?? "error"}`));
        return;
      }
    }
    const responseId = event.response_id ?? event.response?.id;
    const handler = responseId ? this.responses.get(responseId) : undefined;
    if (handler) {
      handler(event);
      if (event.type === "response.done") this.responses.delete(responseId!);
      return;
    }
    for (const listener of this.listeners) listener(event);
  }
}
