import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string; at: number; path: string };

/** What the receiver does with the next request: answer a status (with headers and a body) or never answer. */
export type ReceiverReply = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | "hang";

/**
 * A webhook endpoint on 127.0.0.1 that records every request. Replies are taken from the script in
 * order; when it is empty the receiver answers 200.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const script: ReceiverReply[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now(), path: req.url ?? "/" });
      for (const waiter of [...waiters]) {
        if (received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      const reply = script.shift() ?? { status: 200, body: "ok" };
      if (reply === "hang") {
        hanging.add(res);
        return;
      }
      setTimeout(() => res.writeHead(reply.status, reply.headers).end(reply.body ?? ""), reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    reply: (...replies: ReceiverReply[]) => script.push(...replies),
    /** Resolves once `count` requests have arrived in all (rejects after `timeoutMs`). */
    waitFor: (count: number, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (received.length >= count) return resolve();
        const timer = setTimeout(() => reject(new Error(`expected ${count} webhook requests, got ${received.length}`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      }),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
