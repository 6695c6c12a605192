import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCalls } from "@/lib/demo/calls";
import { insertAgent, insertCall } from "../helpers/fixtures";
import { startInProcessServer, type InProcessServer } from "../helpers/in-process-server";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let server: InProcessServer;
let apiKey: string;
let recordedCallId: string;

beforeAll(async () => {
  // A fixed clock, so that both ways sign the same recording links.
  api = await createTestApi({ links: { now: () => new Date("2026-06-10T00:00:00Z") } });
  const org = await api.createOrganization();
  apiKey = org.apiKey;
  await seedCalls(api.db, { organizationId: org.organizationId, count: 120, seed: 3 });
  const agentId = await insertAgent(api.db, org.organizationId);
  recordedCallId = await insertCall(api.db, org.organizationId, agentId, { recordingBlobKey: `organizations/${org.organizationId}/recordings/a.wav` });
  server = await startInProcessServer(api);
});

afterAll(async () => {
  await server.close();
  await api.close();
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port: server.port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("/v1 over the server's HTTP listener", () => {
  it("answers byte for byte what the app answers in-process, with a Content-Length and the rate-limit headers", async () => {
    for (const path of ["/v1/calls?limit=50", "/v1/calls?limit=7&include_transcript=true", "/v1/calls?use_cursor=false&page=3&limit=20", "/v1/agents"]) {
      const overHttp = await send("GET", path, { "x-api-key": apiKey, host: "api.test" });
      const inProcess = await api.app.request(`http://api.test${path}`, { headers: { "x-api-key": apiKey } });
      expect(overHttp.status).toBe(200);
      expect(overHttp.body.toString("utf8")).toBe(await inProcess.text());
      expect(Number(overHttp.headers["content-length"])).toBe(overHttp.body.length);
      expect(overHttp.headers["content-type"]).toBe("application/json");
      expect(overHttp.headers["x-ratelimit-limit"]).toBeDefined();
      expect(overHttp.headers["ratelimit-policy"]).toMatch(/^"per-key";q=\d+;w=60$/);
    }
  });

  it("answers errors with the envelope, and HEAD with headers only", async () => {
    const refused = await send("GET", "/v1/calls", { "x-api-key": "vk_nope" });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body.toString()).error.type).toBe("authentication_error");
    const head = await send("HEAD", "/v1/calls?limit=1", { "x-api-key": apiKey });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("reads JSON bodies, and takes a DELETE without one", async () => {
    const body = JSON.stringify({ name: "Over HTTP" });
    const created = await send("POST", "/v1/knowledge-bases", { "x-api-key": apiKey, "content-type": "application/json", "content-length": String(body.length) }, body);
    expect(created.status, created.body.toString()).toBe(201);
    const id = JSON.parse(created.body.toString()).data.id as string;
    const deleted = await send("DELETE", `/v1/knowledge-bases/${id}`, { "x-api-key": apiKey });
    expect(deleted.status, deleted.body.toString()).toBeLessThan(300);
    const gone = await send("GET", `/v1/knowledge-bases/${id}`, { "x-api-key": apiKey });
    expect(gone.status).toBe(404);
  });

  it("signs links for the origin the client used: https behind a TLS proxy", async () => {
    const direct = JSON.parse((await send("GET", `/v1/calls/${recordedCallId}`, { "x-api-key": apiKey, host: "voice.example.com" })).body.toString());
    expect(direct.data.recording_url).toMatch(/^http:\/\/voice\.example\.com\/files\//);
    const proxied = JSON.parse(
      (await send("GET", `/v1/calls/${recordedCallId}`, { "x-api-key": apiKey, host: "voice.example.com", "x-forwarded-proto": "https" })).body.toString(),
    );
    expect(proxied.data.recording_url).toMatch(/^https:\/\/voice\.example\.com\/files\//);
  });
});
