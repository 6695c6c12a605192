import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMembership } from "@/lib/auth/memberships";
import { createOrganizationWithOwner } from "@/lib/auth/organizations";
import { createPasswordUser } from "@/lib/auth/users";
import { buildConsoleContext } from "@/lib/server/console-context";
import type { VoiceApiClient } from "@/lib/voice-api/client";
import { createTestApi, type TestApi } from "../helpers/test-api";

const LIMIT = 5;
let api: TestApi;
let organizationId: string;
let ownerId: string;
let viewerId: string;

beforeAll(async () => {
  api = await createTestApi({ settings: { rateLimitPerMinute: LIMIT } });
  ({ organizationId, userId: ownerId } = await createOrganizationWithOwner(api.db, {
    name: "Shared key",
    ownerEmail: "owner@limit.test",
    ownerPassword: "owner-password",
  }));
  const viewer = await createPasswordUser(api.db, { email: "viewer@limit.test", password: "password-123" });
  await addMembership(api.db, organizationId, viewer.id, "viewer");
  viewerId = viewer.id;
});

afterAll(async () => {
  await api.close();
});

async function clientOf(userId: string): Promise<VoiceApiClient> {
  const result = await buildConsoleContext({ db: api.db, userId, requestedOrganizationId: organizationId, origin: "http://studio.test", app: api.app });
  if (!result.ok) throw new Error(result.reason);
  return result.context.api;
}

describe("the studio's requests to /v1", () => {
  it("count per signed-in user: one member spending the limit does not lock the others out", async () => {
    const viewer = await clientOf(viewerId);
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await viewer.fetch("GET", "calls")).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);

    const owner = await clientOf(ownerId);
    const answer = await owner.fetch("GET", "calls");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("ratelimit-policy")).toBe(`"per-user";q=${LIMIT};w=60`);
    expect(answer.headers.get("x-ratelimit-remaining")).toBe(String(LIMIT - 1));
  });

  it("cannot be passed off by an HTTP client: a user id sent over HTTP is ignored", async () => {
    const org = await api.createOrganization("Outside");
    const send = (userId: string) =>
      api.app.fetch(new Request("http://api.test/v1/calls", { headers: { "x-api-key": org.apiKey, "x-studio-user-id": userId } }));
    for (let i = 0; i < LIMIT; i++) expect((await send(`user-${i}`)).status).toBe(200);
    const refused = await send("someone-else");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-policy")).toBe(`"per-key";q=${LIMIT};w=60`);
  });
});
