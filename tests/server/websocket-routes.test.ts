import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { echoRoute, ECHO_PATH } from "@/lib/server/echo-route";
import { pathPattern } from "@/lib/server/path-pattern";
import { WebSocketRoutes } from "@/lib/server/websocket-routes";
import { startInProcessServer, type InProcessServer } from "../helpers/in-process-server";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let server: InProcessServer;
let apiKey: string;

type Refusal = { status: number; headers: Record<string, string | string[] | undefined>; body: { data: null; status: number; error: { type: string; message: string } } };

beforeAll(async () => {
  api = await createTestApi();
  ({ apiKey } = await api.createOrganization());
  const routes = new WebSocketRoutes()
    .add(ECHO_PATH, echoRoute(api.db))
    // What a media route does: the call id from the path, a token from the query, refused before the handshake.
    .add("/v1/calls/web/:id/media", async ({ params, url, accept, reject }) => {
      if (url.searchParams.get("token") !== `token-for-${params.id}`) return reject(401, "Invalid session token");
      const socket = await accept();
      socket.send(JSON.stringify({ call: params.id }));
    })
    .add("/broken/throws", async () => {
      throw new Error("boom");
    })
    .add("/broken/undecided", async () => undefined)
    .add("/small", async ({ accept }) => void (await accept()), { maxPayloadBytes: 16 });
  server = await startInProcessServer(api, routes);
});

afterAll(async () => {
  await server.close();
  await api.close();
});

const url = (path: string) => `ws://127.0.0.1:${server.port}${path}`;

function open(path: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url(path), { headers });
    socket.once("open", () => resolve(socket));
    socket.once("unexpected-response", () => reject(new Error("refused")));
    socket.once("error", reject);
  });
}

function refusal(path: string, headers: Record<string, string> = {}): Promise<Refusal> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url(path), { headers });
    socket.once("open", () => reject(new Error(`${path} was upgraded`)));
    socket.once("error", () => undefined);
    socket.once("unexpected-response", (_request, response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) }));
    });
  });
}

const next = (socket: WebSocket) =>
  new Promise<{ data: string; binary: boolean }>((resolve) => socket.once("message", (data, binary) => resolve({ data: data.toString(), binary })));

describe("WebSocket routes", () => {
  it("echoes text as text and binary as binary for a valid API key", async () => {
    const socket = await open(ECHO_PATH, { "x-api-key": apiKey });
    const text = next(socket);
    socket.send("hello");
    expect(await text).toEqual({ data: "hello", binary: false });
    const binary = next(socket);
    socket.send(Buffer.from([1, 2, 3]));
    expect(await binary).toEqual({ data: "\u0001\u0002\u0003", binary: true });
    socket.close();
  });

  it("refuses the echo without a valid key with the 401 envelope, before any handshake", async () => {
    for (const headers of [{}, { "x-api-key": "vk_not_a_key" }] as Record<string, string>[]) {
      const refused = await refusal(ECHO_PATH, headers);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ data: null, status: 401, error: { type: "authentication_error" } });
    }
  });

  it("gives a route its path parameters, and lets it refuse with a status of its choosing", async () => {
    const socket = new WebSocket(url("/v1/calls/web/3f2a/media?token=token-for-3f2a"));
    expect(JSON.parse((await next(socket)).data)).toEqual({ call: "3f2a" });
    socket.close();
    const refused = await refusal("/v1/calls/web/3f2a/media?token=token-for-other");
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe("Invalid session token");
  });

  it("answers 404 with the envelope for a path no route takes", async () => {
    for (const path of ["/v1/calls/web/3f2a/media/extra", "/v1/nothing-here", "/"]) {
      const refused = await refusal(path);
      expect(refused.status).toBe(404);
      expect(refused.body.error.type).toBe("not_found");
    }
  });

  it("answers 500 when a handler fails or decides nothing, and the server keeps serving", async () => {
    expect((await refusal("/broken/throws")).status).toBe(500);
    expect((await refusal("/broken/undecided")).status).toBe(500);
    const socket = await open(ECHO_PATH, { "x-api-key": apiKey });
    socket.close();
  });

  it("closes a socket that sends a message over the route's limit with 1009", async () => {
    const socket = await open("/small");
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    socket.send("x".repeat(17));
    expect(await closed).toBe(1009);
  });

  it("answers 400 for an upgrade that is not a valid WebSocket handshake", async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(server.port, "127.0.0.1", () =>
        socket.write(`GET ${ECHO_PATH} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\r\n`),
      );
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("end", () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)).error.message).toMatch(/Sec-WebSocket-Key/);
  });

  it("refuses new upgrades with 503 and Retry-After while the server drains", async () => {
    server.lifecycle.draining = true;
    try {
      const refused = await refusal(ECHO_PATH, { "x-api-key": apiKey });
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBe("5");
      expect(refused.body.error.type).toBe("service_unavailable");
    } finally {
      server.lifecycle.draining = false;
    }
  });
});

describe("pathPattern", () => {
  it("matches whole segments, decodes parameters, and refuses malformed ones", () => {
    const media = pathPattern("/v1/calls/web/:id/media");
    expect(media.match("/v1/calls/web/a%20b/media")).toEqual({ id: "a b" });
    expect(media.match("/v1/calls/web//media")).toBeNull();
    expect(media.match("/v1/calls/web/a/b/media")).toBeNull();
    expect(media.match("/v1/calls/web/%E0%A4%A/media")).toBeNull();
    expect(pathPattern("/telephony/:carrier/streams/:id").match("/telephony/twilio/streams/MZ1")).toEqual({ carrier: "twilio", id: "MZ1" });
    expect(pathPattern("/v1.x/:a").match("/v1_x/b")).toBeNull();
    expect(() => pathPattern("/a/:id/:id")).toThrow();
    expect(() => pathPattern("no-slash")).toThrow();
  });
});
