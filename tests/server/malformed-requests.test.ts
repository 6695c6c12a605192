import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessServer, type InProcessServer } from "../helpers/in-process-server";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let server: InProcessServer;

beforeAll(async () => {
  api = await createTestApi();
  server = await startInProcessServer(api);
});

afterAll(async () => {
  await server.close();
  await api.close();
});

type RawAnswer = { head: string; body: string; error: string | null; ended: boolean };

/** Sends bytes on a raw socket and reads until the server closes: what came back, and how the connection ended. */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(server.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let error: string | null = null;
    let ended = false;
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on("end", () => (ended = true));
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      resolve({ head: text.slice(0, split), body: text.slice(split + 4), error, ended });
    });
    socket.write(request);
  });
}

const envelope = (answer: RawAnswer) => JSON.parse(answer.body);

describe("requests Node's parser refuses", () => {
  it("answers a URL over 16 KiB with 414 and the envelope", async () => {
    const answer = await raw(`GET /v1/calls?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.head).toMatch(/^HTTP\/1\.1 414 URI Too Long\r\n/);
    expect(answer.head).toMatch(/\r\nContent-Type: application\/json/i);
    expect(envelope(answer)).toMatchObject({ data: null, status: 414, error: { type: "uri_too_long", status: 414, details: [] } });
    expect(envelope(answer).error.request_id).toMatch(/^req_/);
  });

  it("answers a 100 kB URL the same way, and closes without a reset", async () => {
    const answer = await raw(`GET /v1/calls?q=${"a".repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.error).toBeNull();
    expect(answer.ended).toBe(true);
    expect(answer.head).toMatch(/^HTTP\/1\.1 414 /);
    expect(envelope(answer).error.type).toBe("uri_too_long");
  });

  it("answers a header block over 16 KiB with 431 and the envelope", async () => {
    const answer = await raw(`GET /v1/calls HTTP/1.1\r\nHost: x\r\nX-Padding: ${"b".repeat(20_000)}\r\n\r\n`);
    expect(answer.error).toBeNull();
    expect(answer.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(envelope(answer)).toMatchObject({ status: 431, error: { type: "header_fields_too_large" } });
  });

  it("answers a request that is not HTTP with 400 and the envelope", async () => {
    const answer = await raw("HELLO THERE\r\n\r\n");
    expect(answer.head).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelope(answer).error.type).toBe("generic_error");
  });

  it("keeps serving afterwards", async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
