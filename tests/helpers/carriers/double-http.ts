import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type DoubleRequest = { method: string; url: URL; headers: IncomingMessage["headers"]; body: string };
export type DoubleReply = { status: number; body: unknown };
export type DoubleHandler = (request: DoubleRequest) => Promise<DoubleReply> | DoubleReply;

/** A JSON HTTP server on 127.0.0.1 (a free port) for a carrier double. */
export async function startDoubleServer(handler: DoubleHandler): Promise<{ server: Server; baseUrl: string; close(): Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      let reply: DoubleReply;
      try {
        reply = await handler({ method: req.method ?? "GET", url: new URL(req.url ?? "/", "http://127.0.0.1"), headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      } catch (error) {
        reply = { status: 500, body: { message: error instanceof Error ? error.message : String(error) } };
      }
      res.writeHead(reply.status, { "Content-Type": "application/json" });
      res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function randomHex(length: number): string {
  let out = "";
  while (out.length < length) out += Math.floor(Math.random() * 16).toString(16);
  return out;
}

export const e164 = /^\+[1-9]\d{6,14}$/;

/** How the scripted far end answers a call. */
export type CallOutcome = "human" | "voicemail" | "busy" | "no_answer" | "failed";

export type TransferOutcome = "completed" | "busy" | "no_answer" | "failed";

export type CallScript = {
  outcome: CallOutcome;
  /** How long it rings before the outcome (default 50 ms). */
  ringMs?: number;
  /** What the far end says once answered (8 kHz PCM), in real time. */
  speech?: Int16Array;
  /** A voicemail greeting's length before its beep (default 300 ms). */
  greetingMs?: number;
  /** The far end hangs up this long after answering. */
  hangUpAfterMs?: number;
  /** How a transfer from this call goes; the reported duration is scripted, the wait short. */
  transfer?: { outcome: TransferOutcome; durationSeconds?: number; ringMs?: number };
  /** Telnyx: deliver some media frames out of order. */
  reorder?: boolean;
};

/** Resolves when `check` holds (polled), or fails after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 5000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}
