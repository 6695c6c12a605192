import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomFunctionTool } from "@/lib/agents/normalize";
import { normalizeAgent } from "@/lib/agents/normalize";
import type { VariableValue } from "@/lib/schemas/call-values";
import { createSafeFetch } from "@/lib/net/safe-fetch";
import { runCustomFunction } from "@/lib/runtime/custom-function";
import { CallEngine } from "@/lib/runtime/engine";
import { initialSnapshot } from "@/lib/runtime/initial-snapshot";
import type { HttpClient } from "@/lib/runtime/types";
import { fakeClock, scriptedLlm } from "../helpers/scripted-llm";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };
let server: Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    const path = req.url!.split("?")[0];
    if (path === "/slow") {
      setTimeout(() => res.end("{}"), 2000);
      return;
    }
    if (path === "/fail") {
      res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: "down for maintenance" }));
      return;
    }
    if (path === "/text") {
      res.writeHead(200, { "content-type": "text/plain" }).end("plain words");
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ data: { slots: [{ time: "09:30", doctor: "Dr. Li" }, { time: "11:00" }], reservation: { id: 4711 } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await safeFetch.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// The production client, with the loopback test server allowed as OUTBOUND_ALLOWED_HOSTS would.
const safeFetch = createSafeFetch({ allowlist: ["127.0.0.1"] });
const http: HttpClient = safeFetch;
const values: VariableValue[] = [
  { name: "patient_id", type: "string", value: "p-42", timestamp: "2026-03-01T10:00:00.000Z" },
  { name: "api_token", type: "string", value: "tok 1", timestamp: "2026-03-01T10:00:00.000Z" },
];

function tool(overrides: Partial<CustomFunctionTool>): CustomFunctionTool {
  return {
    type: "custom_function",
    name: "find_slots",
    description: "Finds slots",
    filler_sentence: "",
    url: `${base}/slots`,
    method: "GET",
    content_type: "url_params",
    headers: [],
    parameters: [
      { name: "day", type: "string", description: "Day of the week" },
      { name: "patient", value: { source: "variable", variable: "patient_id" } },
      { name: "size", value: { source: "llm_parameter", llm_parameter: { name: "party_size", type: "integer", description: "Guests" } } },
    ],
    response_mapping: [
      { json_path_to_data: "$.data.slots[0].time", destination_variable: "slot_time" },
      { json_path_to_data: "$.data.reservation.id", destination_variable: "reservation_id" },
      { json_path_to_data: "$.data.missing", destination_variable: "nothing" },
    ],
    timeout_ms: 10_000,
    ...overrides,
  };
}

describe("custom_function", () => {
  it("GET with url_params: parameters from the model and from variables in the query string; headers with {{variables}}", async () => {
    const outcome = await runCustomFunction(
      tool({ headers: [{ name: "Authorization", value: "Bearer {{api_token}}", description: "" }] }),
      { day: "tuesday", party_size: 3 },
      values,
      http,
    );
    const request = seen.at(-1)!;
    expect(request.method).toBe("GET");
    const query = new URL(request.url, base).searchParams;
    expect(Object.fromEntries(query)).toEqual({ day: "tuesday", patient: "p-42", size: "3" });
    expect(request.headers.authorization).toBe("Bearer tok 1");
    expect(outcome.ok).toBe(true);
    expect(outcome.mapped).toEqual([
      { name: "slot_time", value: "09:30" },
      { name: "reservation_id", value: 4711 },
    ]);
  });

  it("POST with a JSON body", async () => {
    await runCustomFunction(tool({ method: "POST", content_type: "json" }), { day: "friday", party_size: 2 }, values, http);
    const request = seen.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({ day: "friday", patient: "p-42", size: 2 });
    expect(new URL(request.url, base).search).toBe("");
  });

  it("POST as a form", async () => {
    await runCustomFunction(tool({ method: "POST", content_type: "form" }), { day: "monday", party_size: 4 }, values, http);
    const request = seen.at(-1)!;
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({ day: "monday", patient: "p-42", size: "4" });
  });

  it("gives up after the tool's timeout", async () => {
    const started = Date.now();
    const outcome = await runCustomFunction(tool({ url: `${base}/slow`, timeout_ms: 200 }), {}, values, http);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(outcome).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/within 200 ms/), mapped: [] });
  });

  it("refuses a loopback address when the allowlist does not name it", async () => {
    const strict = createSafeFetch();
    const before = seen.length;
    const outcome = await runCustomFunction(tool({}), { day: "tuesday" }, values, strict);
    await strict.close();
    expect(outcome).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/Refused to connect to 127\.0\.0\.1/), mapped: [] });
    expect(seen.length).toBe(before);
  });

  it("reports an error status with the body and maps nothing", async () => {
    const outcome = await runCustomFunction(tool({ url: `${base}/fail` }), {}, values, http);
    expect(outcome).toMatchObject({ ok: false, status: 503, body: { error: "down for maintenance" }, mapped: [] });
  });

  it("keeps a non-JSON answer as text", async () => {
    const outcome = await runCustomFunction(tool({ url: `${base}/text` }), {}, values, http);
    expect(outcome).toMatchObject({ ok: true, body: "plain words", mapped: [] });
  });

  it("through the engine: speaks the filler, stores mapped values in variables and hands the result to the model", async () => {
    const agent = normalizeAgent({
      name: "Slots",
      initial_state_name: "main",
      states: [
        {
          name: "main",
          prompt: "Find a slot with {{find_slots}}.",
          tools: [
            {
              type: "custom_function",
              name: "find_slots",
              filler_sentence: "Let me look.",
              url: `${base}/slots`,
              parameters: [{ name: "day", type: "string" }],
              response_mapping: [{ json_path_to_data: "$.data.slots[0].time", destination_variable: "slot_time" }],
            },
          ],
        },
      ],
    });
    const clock = fakeClock();
    const llm = scriptedLlm((request) => (request.messages.at(-1)?.role === "tool" ? { text: "There is a slot at 09:30." } : { calls: [{ name: "find_slots", input: { day: "wed" } }] }));
    const engine = new CallEngine(
      agent,
      initialSnapshot(agent, { callId: "c", fromNumber: null, toNumber: null, startTime: clock.now(), dynamicVariables: null }, clock.now()),
      { clock, llm: llm.port, http, sink: () => {} },
    );
    await engine.handleUserTurn("Anything on Wednesday?");
    expect(engine.snapshot.transcript.filter((e) => e.role === "agent").map((e) => e.content)).toEqual(["Let me look.", "There is a slot at 09:30."]);
    expect(engine.snapshot.variable_values.find((v) => v.name === "slot_time")).toMatchObject({ value: "09:30", type: "string" });
    const toolMessage = llm.requests[1].messages.at(-1);
    expect(toolMessage).toMatchObject({ role: "tool", results: [{ name: "find_slots", output: { status: 200, body: { data: { slots: [{ time: "09:30" }, { time: "11:00" }] } } } }] });

    // A preemptive answer (the caller may not have finished) that is dropped: the request is never made.
    const before = seen.length;
    const abort = new AbortController();
    const preemptive = new CallEngine(
      agent,
      initialSnapshot(agent, { callId: "c", fromNumber: null, toNumber: null, startTime: clock.now(), dynamicVariables: null }, clock.now()),
      { clock, llm: llm.port, http, sink: () => {} },
    );
    const dropped = preemptive.handleUserTurn("Anything on Wednesday?", abort.signal, {
      holdSideEffects: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        abort.abort();
        throw new Error("dropped");
      },
    });
    await expect(dropped).rejects.toThrow("dropped");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before);
    expect(preemptive.snapshot.variable_values.find((v) => v.name === "slot_time")).toBeUndefined();
  });
});
