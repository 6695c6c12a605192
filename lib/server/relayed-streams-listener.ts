import { createServer, type Server } from "node:http";
import { carrierMediaPaths } from "@/lib/telephony/carrier-name";
import { answerClientError } from "./client-errors";
import { respondWithError, writeErrorAndClose } from "./raw-error-response";

const relayedPaths = new Set(Object.values(carrierMediaPaths));

/**
 * A server process's own port (on MEDIA_RELAY_HOST, loopback by default), beside the port it serves:
 * it takes only the carrier media streams another process passes on to this one (a warm transfer's
 * leg placed here that reached a sibling or another instance, lib/telephony/media-stream-relay.ts)
 * and hands each to the server's own upgrade handling, draining included. `exclusive`: node:cluster
 * would otherwise share this port among the processes too. Returns its WebSocket base URL.
 */
export async function listenForRelayedStreams(server: Server, host: string): Promise<string> {
  const relay = createServer((request, response) => respondWithError(response, "not_found", `No such endpoint: ${request.method} ${request.url}`));
  relay.on("upgrade", (request, socket, head) => {
    const path = (request.url ?? "/").split("?")[0];
    if (!relayedPaths.has(path)) return writeErrorAndClose(socket, "not_found", `No relayed stream at ${path}`);
    server.emit("upgrade", request, socket, head);
  });
  relay.on("clientError", answerClientError);
  await new Promise<void>((resolve, reject) => {
    relay.once("error", (error: NodeJS.ErrnoException) => reject(new Error(`MEDIA_RELAY_HOST=${host}: this process cannot listen there (${error.code ?? error.message})`)));
    relay.listen({ host, port: 0, exclusive: true }, () => {
      relay.removeAllListeners("error");
      resolve();
    });
  });
  // The shared server's drain decides when the process ends; this port never holds it open.
  relay.unref();
  server.once("close", () => relay.close());
  const { port } = relay.address() as { port: number };
  return `ws://${host.includes(":") ? `[${host}]` : host}:${port}`;
}
