import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { numbersByAgent, deleteDescription } from "@/components/agents/delete-description";
import { callListPath } from "@/components/calls/call-filters";
import { phoneNumbersPath } from "@/components/phone-numbers/phone-number-paging";
import { callCountKey } from "@/lib/swr/use-call-count";
import { callKey, callsKey, isCallsKey } from "@/lib/swr/use-calls";
import { phoneNumbersKey } from "@/lib/swr/use-phone-numbers";
import { browserApi, consoleUrl, describeError, readEnvelope } from "@/lib/voice-api/browser-client";
import { consoleErrorResponse } from "@/lib/console/console-errors";
import { VoiceApiError } from "@/lib/voice-api/errors";
import type { PhoneNumber } from "@/lib/voice-api/phone-numbers";

const caught = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
};

describe("reading the console's answers", () => {
  it("returns a success envelope whole, paging fields included", () => {
    const page = readEnvelope<number[]>(200, JSON.stringify({ data: [1], message: "ok", error: null, status: 200, next_cursor: "c2", total_items: 9 }));
    expect(page).toMatchObject({ data: [1], next_cursor: "c2", total_items: 9 });
    expect(readEnvelope(204, "").data).toBeNull();
  });

  it("turns an error envelope into one VoiceApiError with the API's status, type, message and details", () => {
    const message = "file_sources.0.items: Only PDF files are supported: the content does not start with %PDF-";
    const body = {
      data: null,
      message,
      error: { type: "unsupported_media_type", message, status: 415, details: [{ field: "file_sources.0.items", message: "Only PDF files are supported: the content does not start with %PDF-" }], request_id: "req_1" },
      status: 415,
    };
    const error = caught(() => readEnvelope(415, JSON.stringify(body)));
    expect(error).toBeInstanceOf(VoiceApiError);
    expect(error).toMatchObject({ status: 415, code: "unsupported_media_type", message, requestId: "req_1" });
    expect(describeError(error)).toBe("Only PDF files are supported: the content does not start with %PDF-");
  });

  it("reads the studio handlers' own refusals the same way", async () => {
    const refusal = consoleErrorResponse(403, "permission_error", "Your role in this organization (viewer) cannot do this: it needs admin or above");
    const text = await refusal.text();
    expect(caught(() => readEnvelope(403, text))).toMatchObject({ status: 403, code: "permission_error", message: expect.stringContaining("(viewer) cannot do this") });
  });

  it("says plainly when the body is not an envelope, and keeps several field problems under the API's message", () => {
    expect(caught(() => readEnvelope(502, "<html>Bad gateway</html>"))).toMatchObject({ status: 502, message: "The server answered 502" });
    expect(caught(() => readEnvelope(200, "not json"))).toMatchObject({ message: "The server answered 200" });
    const two = new VoiceApiError(400, "validation_error", "Invalid request: 2 problems", [
      { field: "name", message: "Required" },
      { field: "limit", message: "Too big" },
    ]);
    expect(describeError(two)).toBe("Invalid request: 2 problems");
  });

  it("puts every path under the console: /v1 for the API, the rest for the studio's handlers", () => {
    expect(consoleUrl("/v1/calls?limit=50")).toBe("/api/console/v1/calls?limit=50");
    expect(consoleUrl("/api-keys")).toBe("/api/console/api-keys");
  });
});

describe("the typed client in the browser", () => {
  let server: Server;
  let origin: string;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url} key=${request.headers["x-api-key"] ?? "none"}`);
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ data: null, message: "Call not found", error: { type: "not_found", message: "Call not found", status: 404, details: [] }, status: 404 }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("goes through the proxy without a key and throws the API's error", async () => {
    Object.assign(globalThis, { window: { location: { origin } } });
    const error = await browserApi().get("/calls/abc").catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 404, code: "not_found", message: "Call not found" });
    expect(seen).toEqual(["GET /api/console/v1/calls/abc key=none"]);
  });

  it("reports a network failure as status 0 with the friendly message", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    Object.assign(globalThis, { window: { location: { origin: `http://127.0.0.1:${port}` } } });
    const error = await browserApi().get("/calls").catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(VoiceApiError);
    expect(error).toMatchObject({ status: 0, code: "network_error", message: "The studio could not be reached: check your connection and try again" });
  });
});

describe("cache keys", () => {
  it("lets a deleted call drop every cached page, count and call, and nothing else", () => {
    const page = callsKey(callListPath({ filters: { status: "ended" }, limit: 50 }));
    expect(page).toBe("/v1/calls?status=ended&limit=50");
    expect([page, callCountKey({ status: "ended" }), callKey("c1")].every(isCallsKey)).toBe(true);
    expect(isCallsKey(phoneNumbersKey(phoneNumbersPath({ page: 1, limit: 25 })))).toBe(false);
    expect(callCountKey({})).toBe("/v1/calls/count");
  });
});

describe("deleting an agent", () => {
  const number = (overrides: Partial<PhoneNumber>) => ({ number: "+14155550100", name: null, inbound_agent_id: null, ...overrides });

  it("names the numbers that answer with it", () => {
    const byAgent = numbersByAgent([number({ inbound_agent_id: "a1", name: "Front desk" }), number({ number: "+14155550101", inbound_agent_id: "a1" }), number({ number: "+14155550102" })]);
    expect(byAgent).toEqual({ a1: ["Front desk (+14155550100)", "+14155550101"] });
    expect(deleteDescription(byAgent!.a1)).toContain("The numbers Front desk (+14155550100) and +14155550101 will have no inbound agent");
    expect(deleteDescription([])).toContain("No phone number answers with it.");
  });

  it("says the numbers could not be loaded rather than that none answers", () => {
    expect(numbersByAgent(null)).toBeNull();
    const text = deleteDescription(null);
    expect(text).toContain("The phone numbers could not be loaded");
    expect(text).not.toContain("No phone number answers with it");
  });
});
