import { createConnection, createServer, type Server, type Socket } from "node:net";

/**
 * A load balancer on 127.0.0.1 for tests of several instances: each TCP connection (HTTP requests,
 * carrier webhooks, WebSocket media streams alike) goes to the next backend in turn, skipping one
 * that refuses the connection (a killed instance), as a real balancer's health checks would.
 */
export async function startTcpBalancer(backends: number[]): Promise<{ port: number; url: string; close: () => Promise<void> }> {
  let next = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.pause();
    const tryBackend = (attempt: number) => {
      if (attempt >= backends.length) return client.destroy();
      const port = backends[next++ % backends.length];
      const upstream = createConnection({ host: "127.0.0.1", port });
      upstream.once("connect", () => {
        sockets.add(upstream);
        upstream.on("close", () => sockets.delete(upstream));
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
        upstream.on("error", () => client.destroy());
        client.on("error", () => upstream.destroy());
      });
      upstream.once("error", () => tryBackend(attempt + 1));
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
