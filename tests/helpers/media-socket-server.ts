import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { WebSocketServer } from "ws";
import { WEB_CALL_MEDIA_PATH, webCallMediaRoute } from "@/lib/api/web-call-media";
import type { LiveCallDependencies } from "@/lib/media/live-call";

const MEDIA_PATH = new RegExp(`^${WEB_CALL_MEDIA_PATH.replace(":call_id", "([^/]+)")}$`);

/**
 * The API app and the voice web call's media socket on one loopback HTTP server, the way the
 * production server routes them: `/v1/*` to the app, the media path's upgrades to its route.
 */
export async function serveWithMediaSocket(app: { fetch: (request: Request) => Response | Promise<Response> }, deps: LiveCallDependencies) {
  const route = webCallMediaRoute(deps);
  const sockets = new WebSocketServer({ noServer: true });
  const server = createServer((incoming, outgoing) => {
    const init: RequestInit & { duplex?: "half" } = { method: incoming.method, headers: incoming.headers as Record<string, string> };
    if (incoming.method !== "GET" && incoming.method !== "HEAD") {
      init.body = Readable.toWeb(incoming) as ReadableStream<Uint8Array>;
      init.duplex = "half";
    }
    void Promise.resolve(app.fetch(new Request(`http://${incoming.headers.host}${incoming.url}`, init))).then(async (response) => {
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) outgoing.write(chunk);
      outgoing.end();
    });
  });
  server.on("upgrade", (request: IncomingMessage, socket, head) => {
    const url = new URL(request.url ?? "/", `http://${request.headers.host}`);
    const match = MEDIA_PATH.exec(url.pathname);
    const reject = (status: number, message: string) => {
      const body = JSON.stringify({ data: null, message, error: { type: "error", message, status, details: [] }, status });
      socket.end(`HTTP/1.1 ${status} Error\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    };
    if (!match) return reject(404, "No WebSocket endpoint here");
    void route({
      request,
      url,
      params: { call_id: match[1] },
      reject,
      accept: () => new Promise((resolve) => sockets.handleUpgrade(request, socket, head, resolve)),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
