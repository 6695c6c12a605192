// SIP over UDP and TCP (RFC 3261 §18): one UDP socket and one TCP listener on the same port.
// Received requests get `received`/`rport` on their top Via (RFC 3581) so responses find NATed peers.

import dgram from "node:dgram";
import net from "node:net";
import { formatVia, parseVia } from "./header-values";
import { serializeMessage, type SipMessage } from "./message";
import { parseMessage, type SipParseError } from "./parser";
import { StreamFramer } from "./stream-framer";

export type SipTransportKind = "udp" | "tcp";
export type SipEndpoint = { transport: SipTransportKind; address: string; port: number };

export type SipTransportHandlers = {
  onMessage(message: SipMessage, source: SipEndpoint): void;
  onMalformed(error: SipParseError, source: SipEndpoint): void;
};

const TCP_CONNECT_TIMEOUT_MS = 5_000;
const MAX_TCP_CONNECTIONS = 2_048;

const endpointKey = (address: string, port: number) => `${address.replace(/^::ffff:/, "")}|${port}`;

export class SipTransport {
  private readonly connections = new Map<string, net.Socket>();
  private closed = false;
  /** Messages sent and received, for tests and metrics. */
  readonly counters = { received: 0, sent: 0, malformed: 0 };
  handlers: SipTransportHandlers = { onMessage: () => {}, onMalformed: () => {} };

  private constructor(
    private readonly udp: dgram.Socket,
    private readonly tcp: net.Server,
    readonly bindAddress: string,
    readonly port: number,
  ) {
    udp.on("message", (data, info) => this.receive(data, { transport: "udp", address: info.address, port: info.port }));
    udp.on("error", () => {}); // ICMP errors on an unconnected socket: nothing to do, transactions time out
    tcp.on("connection", (socket) => this.adopt(socket));
  }

  /** Binds UDP and TCP on `port` (0 picks a free port shared by both). */
  static async open(options: { bindAddress: string; port: number }): Promise<SipTransport> {
    const family = net.isIPv6(options.bindAddress) ? "udp6" : "udp4";
    for (let attempt = 0; ; attempt++) {
      const udp = dgram.createSocket({ type: family });
      await new Promise<void>((resolve, reject) => {
        udp.once("error", reject);
        // exclusive: in a cluster's server process the socket is this process's own, never shared through the primary (a dialog lives in one process).
        udp.bind({ port: options.port, address: options.bindAddress, exclusive: true }, () => {
          udp.off("error", reject);
          resolve();
        });
      });
      const port = udp.address().port;
      const tcp = net.createServer();
      try {
        await new Promise<void>((resolve, reject) => {
          tcp.once("error", reject);
          tcp.listen({ port, host: options.bindAddress, exclusive: true }, () => {
            tcp.off("error", reject);
            resolve();
          });
        });
        return new SipTransport(udp, tcp, options.bindAddress, port);
      } catch (error) {
        udp.close();
        if (options.port !== 0 || attempt >= 20) throw error;
      }
    }
  }

  async send(message: SipMessage, destination: SipEndpoint): Promise<void> {
    if (this.closed) throw new Error("SIP transport is closed");
    const data = serializeMessage(message);
    this.counters.sent++;
    if (destination.transport === "udp") {
      await new Promise<void>((resolve, reject) => this.udp.send(data, destination.port, destination.address, (error) => (error ? reject(error) : resolve())));
      return;
    }
    const socket = await this.connection(destination);
    await new Promise<void>((resolve, reject) => socket.write(data, (error) => (error ? reject(error) : resolve())));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const socket of this.connections.values()) socket.destroy();
    this.connections.clear();
    await Promise.all([new Promise<void>((resolve) => this.udp.close(() => resolve())), new Promise<void>((resolve) => this.tcp.close(() => resolve()))]);
  }

  private async connection(destination: SipEndpoint): Promise<net.Socket> {
    const key = endpointKey(destination.address, destination.port);
    const existing = this.connections.get(key);
    if (existing && !existing.destroyed) return existing;
    const socket = net.connect({ host: destination.address, port: destination.port, timeout: TCP_CONNECT_TIMEOUT_MS });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => {
        socket.off("error", reject);
        socket.setTimeout(0);
        resolve();
      });
      socket.once("error", reject);
      socket.once("timeout", () => {
        socket.destroy();
        reject(new Error(`TCP connection to ${destination.address}:${destination.port} timed out`));
      });
    });
    this.adopt(socket, key);
    return socket;
  }

  private adopt(socket: net.Socket, key = endpointKey(socket.remoteAddress ?? "", socket.remotePort ?? 0)): void {
    if (this.closed || this.connections.size >= MAX_TCP_CONNECTIONS) {
      socket.destroy();
      return;
    }
    this.connections.set(key, socket);
    socket.setNoDelay(true);
    const framer = new StreamFramer();
    const source: SipEndpoint = { transport: "tcp", address: (socket.remoteAddress ?? "").replace(/^::ffff:/, ""), port: socket.remotePort ?? 0 };
    socket.on("data", (chunk) => {
      for (const item of framer.push(chunk)) {
        if (item.kind === "message") this.receive(item.data, source);
        else if (item.kind === "ping") socket.write("\r\n");
        else {
          this.counters.malformed++;
          this.handlers.onMalformed({ reason: item.reason, status: 400 }, source);
          socket.destroy();
        }
      }
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      if (this.connections.get(key) === socket) this.connections.delete(key);
    });
  }

  private receive(data: Buffer, source: SipEndpoint): void {
    const result = parseMessage(data);
    if (!result.ok) {
      if (result.error.empty) return;
      this.counters.malformed++;
      this.handlers.onMalformed(result.error, source);
      return;
    }
    this.counters.received++;
    const message = result.message;
    if (message.kind === "request") {
      const index = message.headers.findIndex((header) => header.name === "Via");
      const via = parseVia(message.headers[index].value);
      if (via) {
        if (via.host.replace(/^\[|\]$/g, "") !== source.address) via.params.received = source.address;
        if ("rport" in via.params) via.params.rport = String(source.port);
        message.headers[index] = { name: "Via", value: formatVia(via) };
      }
    }
    try {
      this.handlers.onMessage(message, source);
    } catch (error) {
      console.error("sip: handling a message failed:", error); // a handler's bug must not take the socket down
    }
  }
}
