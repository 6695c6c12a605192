import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api?.close());

describe("smoke", () => {
  it("refuses a request without a key", async () => {
    const res = await api.request("GET", "/v1/calls");
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.error.type).toBe("authentication_error");
  });
  it("serves openapi", async () => {
    const res = await api.request("GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
  });
});
