import dgram from "node:dgram";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { freePort, startServerProcess, type ServerProcess } from "../helpers/app-server-process";

// The one server with SIP_PORT set runs the SIP user agent beside HTTP: it answers OPTIONS, and on
// SIGTERM it drains with the rest (OPTIONS and INVITEs get 503 so a dispatcher moves on) and exits 0.
let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.cleanUp();
  server = undefined;
});

/** Sends an out-of-dialog OPTIONS over UDP; the status code of the answer, or null after 1 s. */
function options(port: number): Promise<number | null> {
  const socket = dgram.createSocket("udp4");
  const branch = `z9hG4bK${randomBytes(6).toString("hex")}`;
  return new Promise((resolve) => {
    socket.bind(0, "127.0.0.1", () => {
      const local = socket.address().port;
      const message = [
        `OPTIONS sip:probe@127.0.0.1:${port} SIP/2.0`,
        `Via: SIP/2.0/UDP 127.0.0.1:${local};branch=${branch}`,
        "Max-Forwards: 70",
        `From: <sip:probe@127.0.0.1:${local}>;tag=probe`,
        `To: <sip:probe@127.0.0.1:${port}>`,
        `Call-ID: ${branch}@127.0.0.1`,
        "CSeq: 1 OPTIONS",
        "Content-Length: 0",
        "",
        "",
      ].join("\r\n");
      const timer = setTimeout(() => (socket.close(), resolve(null)), 1_000);
      socket.once("message", (data) => {
        clearTimeout(timer);
        socket.close();
        resolve(Number(/^SIP\/2\.0 (\d{3})/.exec(data.toString())?.[1]));
      });
      socket.send(message, port, "127.0.0.1");
    });
  });
}

describe("the server with SIP_PORT set", () => {
  it("answers SIP, refuses new SIP work while draining on SIGTERM, and exits 0", async () => {
    const sipPort = await freePort();
    // One process (the WebSocket that keeps the drain going must be on the process that holds the SIP port).
    server = await startServerProcess({ SIP_PORT: String(sipPort), SIP_BIND_ADDRESS: "127.0.0.1", RTP_PORT_MIN: "39000", RTP_PORT_MAX: "39999", SHUTDOWN_DRAIN_SECONDS: "3", WEB_CONCURRENCY: "1" });
    expect(server.output()).toMatch(new RegExp(`SIP user agent on 127\\.0\\.0\\.1:${sipPort}`));
    expect(await options(sipPort)).toBe(200);

    // An open WebSocket keeps the drain going for SHUTDOWN_DRAIN_SECONDS, long enough to probe SIP.
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/v1/ws/echo`, { headers: { "x-api-key": server.apiKey } });
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await options(sipPort)).toBe(503);
    expect((await server.exited).code).toBe(0);
    expect(await options(sipPort)).toBeNull();
  }, 60_000);

  it("runs no SIP user agent without SIP_PORT", async () => {
    server = await startServerProcess();
    expect(server.output()).not.toMatch(/SIP user agent/);
  }, 60_000);
});
