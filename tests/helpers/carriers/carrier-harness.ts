import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import type { Carrier, InboundAction, WebhookReply } from "@/lib/telephony/carrier";
import { CarrierWebhookError } from "@/lib/telephony/carrier-error";
import type { CarrierEvent } from "@/lib/telephony/carrier-event";
import type { MediaStreamAdapter, MediaStreamStart } from "@/lib/telephony/media-stream";
import { until } from "./double-http";

export type HarnessStream = {
  adapter: MediaStreamAdapter;
  start: MediaStreamStart | null;
  frames: Int16Array[];
  frameTimes: number[];
  dtmf: string[];
  marks: string[];
  stopped: boolean;
  closed: boolean;
  close(): void;
};

/**
 * Our side of a carrier on 127.0.0.1, as the integration will wire it: webhook routes that verify,
 * parse and answer, and the media-stream WebSocket fed to the carrier's adapter.
 */
export class CarrierHarness {
  readonly events: CarrierEvent[] = [];
  readonly rejected: { path: string; reason: string }[] = [];
  readonly streams: HarnessStream[] = [];
  /** What to do with an inbound call (default: stream it to us). */
  decide: (event: Extract<CarrierEvent, { type: "inbound_call" }>) => InboundAction = () => ({ kind: "stream", callId: "inbound-call", streamParameters: { token: "tok" } });
  publicBaseUrl = "";
  carrier!: Carrier;
  private close_: () => Promise<void> = async () => {};

  static async start(makeCarrier: (publicBaseUrl: string) => Carrier): Promise<CarrierHarness> {
    const harness = new CarrierHarness();
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", async () => {
        const reply = await harness.webhook(req, Buffer.concat(chunks).toString("utf8"));
        res.writeHead(reply.status, { "Content-Type": reply.contentType });
        res.end(reply.body);
      });
    });
    const sockets = new WebSocketServer({ server });
    sockets.on("connection", (socket) => {
      const stream: HarnessStream = {
        adapter: null as unknown as MediaStreamAdapter,
        start: null,
        frames: [],
        frameTimes: [],
        dtmf: [],
        marks: [],
        stopped: false,
        closed: false,
        close: () => socket.close(1000),
      };
      stream.adapter = harness.carrier.createMediaStream({
        send: (text) => socket.send(text),
        handlers: {
          start: (start) => (stream.start = start),
          audio: (frame) => {
            stream.frames.push(frame);
            stream.frameTimes.push(performance.now());
          },
          dtmf: (digit) => stream.dtmf.push(digit),
          mark: (name) => stream.marks.push(name),
          stop: () => (stream.stopped = true),
        },
        log: () => {},
      });
      socket.on("message", (data, isBinary) => stream.adapter.receive(isBinary ? (data as Buffer) : data.toString()));
      socket.on("close", () => (stream.closed = true));
      harness.streams.push(stream);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    harness.publicBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    harness.carrier = makeCarrier(harness.publicBaseUrl);
    harness.close_ = () =>
      new Promise((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      });
    return harness;
  }

  close(): Promise<void> {
    return this.close_();
  }

  eventsOf(type: CarrierEvent["type"]): CarrierEvent[] {
    return this.events.filter((event) => event.type === type);
  }

  async waitForEvent<T extends CarrierEvent["type"]>(type: T, match: (event: Extract<CarrierEvent, { type: T }>) => boolean = () => true, timeoutMs = 5000): Promise<Extract<CarrierEvent, { type: T }>> {
    let found: Extract<CarrierEvent, { type: T }> | undefined;
    await until(() => (found = this.events.find((event): event is Extract<CarrierEvent, { type: T }> => event.type === type && match(event as Extract<CarrierEvent, { type: T }>))) !== undefined, timeoutMs, `a ${type} event`);
    return found as Extract<CarrierEvent, { type: T }>;
  }

  async waitForStream(index = 0, timeoutMs = 5000): Promise<HarnessStream> {
    await until(() => this.streams[index]?.start != null, timeoutMs, "a started media stream");
    return this.streams[index];
  }

  private async webhook(req: IncomingMessage, rawBody: string): Promise<WebhookReply> {
    const path = req.url ?? "/";
    const request = { url: `${this.publicBaseUrl}${path}`, method: req.method, headers: req.headers, rawBody };
    const verification = this.carrier.verifyWebhook(request);
    if (!verification.ok) {
      this.rejected.push({ path, reason: verification.reason });
      return { status: 403, contentType: "text/plain", body: verification.reason };
    }
    let events: CarrierEvent[];
    try {
      events = this.carrier.parseWebhook(request);
    } catch (error) {
      if (error instanceof CarrierWebhookError) return { status: 400, contentType: "text/plain", body: error.message };
      throw error;
    }
    this.events.push(...events);
    const inbound = events.find((event): event is Extract<CarrierEvent, { type: "inbound_call" }> => event.type === "inbound_call");
    if (inbound) return this.carrier.answerInbound(inbound, this.decide(inbound));
    const played = events.find((event) => event.type === "message_played");
    if (played) await this.carrier.hangUp(played.carrierCallId);
    return this.carrier.acknowledge();
  }
}
