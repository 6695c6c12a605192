import http from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import path from "node:path";
import { eq } from "drizzle-orm";
import { connectPglite, connectPostgres } from "@/lib/db/client";
import { calls } from "@/lib/db/schema";
import { DUPLICATE_SIGNAL_MS } from "@/lib/server/stop-signals";
import { descendants, startServerProcess, type ServerProcess } from "../helpers/app-server-process";
import { startFakeOpenAiSpeech } from "../helpers/fake-speech/openai-speech";
import { MediaSocketClient } from "../helpers/media-socket-client";
import { voiceAgent } from "../helpers/voice-call";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function read(request: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request.once("error", reject);
    request.once("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
  });
}

function send(port: number, agent: http.Agent, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const request = http.request({ host: "127.0.0.1", port, method, path, agent, headers });
  const answer = read(request);
  request.end(body);
  return answer;
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function openEcho(server: ServerProcess): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/v1/ws/echo`, { headers: { "x-api-key": server.apiKey } });
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

function echo(socket: WebSocket, text: string): Promise<string> {
  return new Promise((resolve) => {
    socket.once("message", (data) => resolve(data.toString()));
    socket.send(text);
  });
}

const closed = (socket: WebSocket) => new Promise<{ code: number; reason: string }>((resolve) => socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })));

/** The call's row once the server has exited: from its Postgres database, or by opening its embedded one. */
async function readCall(process: ServerProcess, callId: string) {
  const connection = process.databaseUrl ? connectPostgres(process.databaseUrl, 1) : await connectPglite(path.join(process.dataDir, "pglite"));
  try {
    return (await connection.db.select().from(calls).where(eq(calls.id, callId)))[0];
  } finally {
    await connection.close();
  }
}

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.cleanUp();
  server = undefined;
});

describe("SIGTERM on the server process", () => {
  it("lets a request in flight and an open WebSocket finish, refuses new connections and new calls, answers health 503, and exits 0", async () => {
    server = await startServerProcess();
    const { port, apiKey } = server;
    const auth = { "x-api-key": apiKey };
    // Kept-alive connections opened before the signal: a load balancer's health checks and a client.
    const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const clientAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(port, healthAgent, "GET", "/api/health")).status).toBe(200);
    expect((await send(port, clientAgent, "GET", "/v1/calls?limit=1", auth)).status).toBe(200);
    const socket = await openEcho(server);
    expect(await echo(socket, "before")).toBe("before");

    // A request whose body is still on its way when the signal arrives.
    const body = JSON.stringify({ name: "Created while draining" });
    const inFlight = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/v1/knowledge-bases",
      headers: { ...auth, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
    });
    const inFlightAnswer = read(inFlight);
    inFlight.write(body.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.child.kill("SIGTERM");
    await until(() => connectionRefused(port));

    const health = await send(port, healthAgent, "GET", "/api/health");
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: "draining" });
    expect(health.headers.connection).toBe("close");

    const call = await send(port, clientAgent, "POST", "/v1/calls/web", { ...auth, "content-type": "application/json" }, "{}");
    expect(call.status).toBe(503);
    expect(call.headers["retry-after"]).toBe("5");
    const envelope = JSON.parse(call.body);
    expect(envelope).toMatchObject({ data: null, status: 503, error: { type: "service_unavailable", status: 503 } });

    inFlight.end(body.slice(5));
    const created = await inFlightAnswer;
    expect(created.status, created.body).toBe(201);
    expect(JSON.parse(created.body).data.name).toBe("Created while draining");

    expect(await echo(socket, "during the drain")).toBe("during the drain");
    const started = Date.now();
    socket.close(1000, "done");
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    // It left as soon as the last call ended, not at the 30 s drain limit.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toMatch(/draining/);
    healthAgent.destroy();
    clientAgent.destroy();
  }, 120_000);

  it("closes live WebSockets with 1001 when SHUTDOWN_DRAIN_SECONDS runs out, then exits 0", async () => {
    server = await startServerProcess({ SHUTDOWN_DRAIN_SECONDS: "1" });
    const socket = await openEcho(server);
    const closing = closed(socket);
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    const close = await closing;
    expect(close.code).toBe(1001);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 120_000);

  it("ends a live voice call cut by the drain as server_shutdown (not the caller's hang-up), telling the browser before the socket closes", async () => {
    const speech = await startFakeOpenAiSpeech();
    try {
      server = await startServerProcess({ ...speech.env(), SHUTDOWN_DRAIN_SECONDS: "1" });
      const api = (method: string, path: string, body?: unknown) =>
        fetch(`http://127.0.0.1:${server!.port}${path}`, { method, headers: { "x-api-key": server!.apiKey, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
      const agent = await (await api("POST", "/v1/agents", voiceAgent())).json();
      const started = await (await api("POST", "/v1/calls/web", { agent_id: agent.data.id, mode: "voice" })).json();
      expect(started.error).toBeNull();
      const { call_id: callId, media_url: mediaUrl, session_token: token } = started.data as { call_id: string; media_url: string; session_token: string };
      const browser = await MediaSocketClient.connect(`${mediaUrl}${mediaUrl.includes("?") ? "&" : "?"}session_token=${token}`);
      await until(async () => browser.events.some((event) => event.frame.type === "started"));
      server.child.kill("SIGTERM");
      expect(await server.exited).toEqual({ code: 0, signal: null });
      const frames = browser.events.map((event) => event.frame);
      expect(frames.find((frame) => frame.type === "call_ended")).toMatchObject({ end_reason: "server_shutdown" });
      expect(browser.closed?.code).toBe(1000);
      const row = await readCall(server, callId);
      expect(row).toMatchObject({ status: "ended", endReason: "server_shutdown" });
    } finally {
      await speech.close();
    }
  }, 120_000);

  it("exits at once on a second SIGTERM", async () => {
    server = await startServerProcess();
    const socket = await openEcho(server);
    const closing = closed(socket);
    server.child.kill("SIGTERM");
    await until(() => connectionRefused(server!.port));
    // Closer than this, a repeat is the first signal delivered twice (a terminal's group and npm's forward).
    await new Promise((resolve) => setTimeout(resolve, DUPLICATE_SIGNAL_MS));
    const again = Date.now();
    server.child.kill("SIGTERM");
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(Date.now() - again).toBeLessThan(3_000);
    await closing;
  }, 120_000);
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// What a service manager or a container runtime does: it signals the main process, `npm start`, and
// nothing else. npm runs the script through `sh -c`; unless the script execs node, the signal ends npm
// and the shell and the server, re-parented, goes on answering (issue 20). Signals are the same
// whatever the database: run once, on the embedded one.
describe.skipIf(process.env.TEST_DB === "postgres")("a stop signal to `npm start`", () => {
  it("SIGTERM to npm's own pid drains the server (health 503, a live WebSocket finishes), then npm exits 0 and no process is left", async () => {
    server = await startServerProcess({ SHUTDOWN_DRAIN_SECONDS: "20" }, { viaNpm: true });
    const { port, child } = server;
    const tree = [child.pid!, ...descendants(child.pid!)];
    const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(port, healthAgent, "GET", "/api/health")).status).toBe(200);
    const socket = await openEcho(server);

    child.kill("SIGTERM"); // npm's pid only, not its group
    await until(async () => (await send(port, healthAgent, "GET", "/api/health").catch(() => ({ status: 0 }))).status === 503, 5_000);
    await until(() => connectionRefused(port));
    // The call goes on past the signal, well within SHUTDOWN_DRAIN_SECONDS …
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await echo(socket, "still here")).toBe("still here");
    expect(alive(child.pid!)).toBe(true);
    // … and once it ends, everything exits.
    const ended = Date.now();
    socket.close(1000, "done");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - ended).toBeLessThan(10_000);
    await until(async () => tree.every((pid) => !alive(pid)), 3_000);
    expect(server.output()).toMatch(/SIGTERM received: draining/);
    healthAgent.destroy();
  }, 120_000);

  it("Ctrl-C (SIGINT to npm's whole process group) drains once, not as two signals, and cuts a live WebSocket at SHUTDOWN_DRAIN_SECONDS", async () => {
    server = await startServerProcess({ SHUTDOWN_DRAIN_SECONDS: "2" }, { viaNpm: true });
    const { child } = server;
    const tree = [child.pid!, ...descendants(child.pid!)];
    const socket = await openEcho(server);
    const closing = closed(socket);
    const signalled = Date.now();
    process.kill(-child.pid!, "SIGINT"); // the terminal signals the group; npm forwards it to node as well
    expect(await echo(socket, "during the drain")).toBe("during the drain");
    const close = await closing;
    expect(close.code).toBe(1001);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_900);
    const exit = await server.exited;
    expect(server.output()).not.toMatch(/again: exiting now/);
    expect(exit.code === 0 || exit.signal === "SIGINT", JSON.stringify(exit)).toBe(true);
    await until(async () => tree.every((pid) => !alive(pid)), 3_000);
  }, 120_000);
});
