/* eslint-disable @typescript-eslint/no-explicit-any -- API answers read loosely in this test; their shapes are asserted field by field */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAgent, insertPhoneNumber } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let org: { organizationId: string; apiKey: string };
let agentId: string;
const FROM = "+14155550100";

beforeAll(async () => {
  api = await createTestApi();
  org = await api.createOrganization("Campaigns");
  agentId = await insertAgent(api.db, org.organizationId);
  await insertPhoneNumber(api.db, org.organizationId, FROM);
});
afterAll(async () => api?.close());

const call = (method: string, path: string, body?: unknown) => api.request(method, path, { apiKey: org.apiKey, body });
const json = async (res: Response) => (await res.json()) as { data: any; error: any; next_cursor?: string | null };

async function newCampaign(extra: Record<string, unknown> = {}) {
  const res = await call("POST", "/v1/campaigns", { name: "Spring", agent_id: agentId, from_numbers: [FROM], ...extra });
  expect(res.status).toBe(201);
  return (await json(res)).data;
}

describe("campaigns", () => {
  it("creates a draft with every default filled", async () => {
    const campaign = await newCampaign();
    expect(campaign.status).toBe("draft");
    expect(campaign.schedule).toEqual({ start_at: null, end_at: null, timezone: "UTC", windows: [{ days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: "09:00", end: "20:00" }], recipient_timezone: true });
    expect(campaign.pacing).toEqual({ max_concurrent_calls: 10, calls_per_second: 1 });
    expect(campaign.retry).toEqual({ max_attempts: 1, retry_on: [], delay_minutes: 60 });
    expect(campaign.progress.total).toBe(0);
  });

  it("refuses bad fields, each by its path", async () => {
    const res = await call("POST", "/v1/campaigns", {
      name: "x",
      agent_id: agentId,
      from_numbers: ["+14155550999"],
      schedule: { timezone: "Mars/Olympus", windows: [{ days: ["mon"], start: "18:00", end: "09:00" }] },
      pacing: { max_concurrent_calls: 0, calls_per_second: 500 },
      retry: { max_attempts: 11, retry_on: ["bored"] },
      extra: 1,
    });
    expect(res.status).toBe(400);
    const fields = (await json(res)).error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(["schedule.timezone", "schedule.windows[0].end", "pacing.max_concurrent_calls", "pacing.calls_per_second", "retry.max_attempts", "retry.retry_on[0]", "extra"]));
    const notOurs = await call("POST", "/v1/campaigns", { name: "x", agent_id: agentId, from_numbers: ["+14155550999"] });
    expect(notOurs.status).toBe(400);
    expect((await json(notOurs)).error.details).toEqual([{ field: "from_numbers[0]", message: "Not a phone number of your organization" }]);
  });

  it("imports JSON contacts: normalised, duplicates dropped, bad rows rejected, listed numbers skipped", async () => {
    const campaign = await newCampaign();
    await call("POST", "/v1/do-not-call", { phone_numbers: ["+1 415 555 0177"] });
    const res = await call("POST", `/v1/campaigns/${campaign.id}/contacts`, {
      contacts: [
        { phone_number: "+1 (212) 555-0123", dynamic_variables_values: { name: "Ada" }, metadata: { crm: "A1" } },
        { phone_number: "+12125550123" },
        { phone_number: "not a number" },
        { phone_number: "+442071838750", timezone: "Europe/Paris" },
        { phone_number: "+14155550177" },
        { phone_number: "+14155550188", timezone: "Nowhere/Land" },
      ],
    });
    expect(res.status).toBe(200);
    const result = (await json(res)).data;
    expect(result).toMatchObject({ added: 3, duplicates: 1, skipped_dnc: 1 });
    expect(result.rejected.map((r: { row: number; field: string }) => [r.row, r.field])).toEqual([
      [2, "phone_number"],
      [5, "timezone"],
    ]);
    const contacts = (await json(await call("GET", `/v1/campaigns/${campaign.id}/contacts`))).data;
    expect(contacts.map((c: { phone_number: string; status: string; timezone: string | null }) => [c.phone_number, c.status, c.timezone])).toEqual([
      ["+12125550123", "pending", "America/New_York"],
      ["+442071838750", "pending", "Europe/Paris"],
      ["+14155550177", "skipped_dnc", "America/Los_Angeles"],
    ]);
    expect(contacts[0].dynamic_variables_values).toEqual({ name: "Ada" });
    const got = (await json(await call("GET", `/v1/campaigns/${campaign.id}`))).data;
    expect(got.progress).toMatchObject({ total: 3, pending: 2, skipped_dnc: 1 });
  });

  it("imports a CSV with per-row errors, variables and metadata columns", async () => {
    const campaign = await newCampaign();
    const csv = "Mobile,first_name,metadata.crm,timezone\n+14155550101,Ada,A1,\n12,Bob,B2,\n+14155550102,Cy,,America/Chicago\n";
    const form = new FormData();
    form.set("file", new Blob([csv], { type: "text/csv" }), "list.csv");
    form.set("column_mapping", JSON.stringify({ Mobile: "phone_number" }));
    const res = await api.request("POST", `/v1/campaigns/${campaign.id}/contacts`, { apiKey: org.apiKey, rawBody: form });
    expect(res.status).toBe(200);
    const result = (await json(res)).data;
    expect(result.added).toBe(2);
    expect(result.rejected).toEqual([{ row: 3, field: "phone_number", message: expect.any(String) }]);
    const contacts = (await json(await call("GET", `/v1/campaigns/${campaign.id}/contacts`))).data;
    expect(contacts[0]).toMatchObject({ phone_number: "+14155550101", dynamic_variables_values: { first_name: "Ada" }, metadata: { crm: "A1" } });
    expect(contacts[1].timezone).toBe("America/Chicago");
  });

  it("starts only with contacts; pause, resume and cancel follow the state rules", async () => {
    const campaign = await newCampaign();
    const empty = await call("POST", `/v1/campaigns/${campaign.id}/start`);
    expect(empty.status).toBe(400);
    await call("POST", `/v1/campaigns/${campaign.id}/contacts`, { contacts: [{ phone_number: "+14155550111" }, { phone_number: "+14155550112" }] });
    expect((await call("POST", `/v1/campaigns/${campaign.id}/resume`)).status).toBe(409);
    const paused = await call("POST", `/v1/campaigns/${campaign.id}/pause`);
    expect(paused.status).toBe(409);
    // Scheduled a day ahead: nothing is dialled, but it can be paused and cancelled.
    await call("PATCH", `/v1/campaigns/${campaign.id}`, { schedule: { start_at: new Date(Date.now() + 86_400_000).toISOString() } });
    const started = await json(await call("POST", `/v1/campaigns/${campaign.id}/start`));
    expect(started.data.status).toBe("scheduled");
    expect((await call("PATCH", `/v1/campaigns/${campaign.id}`, { name: "renamed" })).status).toBe(409);
    expect((await call("DELETE", `/v1/campaigns/${campaign.id}`)).status).toBe(409);
    expect((await json(await call("POST", `/v1/campaigns/${campaign.id}/pause`))).data.status).toBe("paused");
    expect((await json(await call("POST", `/v1/campaigns/${campaign.id}/resume`))).data.status).toBe("scheduled");
    const cancelled = (await json(await call("POST", `/v1/campaigns/${campaign.id}/cancel`))).data;
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.progress).toMatchObject({ total: 2, cancelled: 2, pending: 0 });
    expect((await call("DELETE", `/v1/campaigns/${campaign.id}`)).status).toBe(200);
    expect((await call("GET", `/v1/campaigns/${campaign.id}`)).status).toBe(404);
  });

  it("lists by status in cursor pages; other organizations see nothing", async () => {
    const first = (await json(await call("GET", "/v1/campaigns?limit=2"))).next_cursor;
    expect(first).toBeTruthy();
    const drafts = (await json(await call("GET", "/v1/campaigns?status=draft&limit=100"))).data;
    expect(drafts.every((c: { status: string }) => c.status === "draft")).toBe(true);
    const other = await api.createOrganization("Other");
    expect((await api.request("GET", `/v1/campaigns/${drafts[0].id}`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await api.request("GET", "/v1/campaigns/not-a-uuid", { apiKey: other.apiKey })).status).toBe(404);
  });
});
