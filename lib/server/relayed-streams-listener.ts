import { createServer, type Server } from "node:http";
import { carrierMediaPaths } from "@/lib/telephony/carrier-name";
import { answerClientError } from "./client-errors";
import { respondWithError, writeErrorAndClose } from "./raw-error-response";

const relayedPaths = new Set(Object.values(carrierMediaPaths));

/**
 * A cluster server process's private port on loopback, beside the port all processes share: it takes
 * only the carrier media streams another process of the instance passes on to this one (a warm
 * transfer's leg placed here, lib/telephony/media-stream-relay.ts) and hands each to the server's own
 * upgrade handling, draining included. `exclusive`: node:cluster would otherwise share this port too.
 */
export async function listenForRelayedStreams(server: Server): Promise<{ port: number }> {
  const relay = createServer((request, response) => respondWithError(response, "not_found", `No such endpoint: ${request.method} ${request.url}`));
  relay.on("upgrade", (request, socket, head) => {
    const path = (request.url ?? "/").split("?")[0];
    if (!relayedPaths.has(path)) return writeErrorAndClose(socket, "not_found", `No relayed stream at ${path}`);
    server.emit("upgrade", request, socket, head);
  });
  relay.on("clientError", answerClientError);
  await new Promise<void>((resolve, reject) => {
    relay.once("error", reject);
    relay.listen({ host: "127.0.0.1", port: 0, exclusive: true }, () => {
      relay.off("error", reject);
      resolve();
    });
  });
  // The shared server's drain decides when the process ends; this port never holds it open.
  relay.unref();
  server.once("close", () => relay.close());
  return { port: (relay.address() as { port: number }).port };
}
