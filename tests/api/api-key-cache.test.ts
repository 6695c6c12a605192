import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_CACHE_TTL_MS } from "@/lib/auth/api-key-cache";
import { generateApiKey } from "@/lib/auth/api-key-token";
import { revokeApiKey } from "@/lib/auth/api-keys";
import { revokeUserApiKey } from "@/lib/auth/user-api-keys";
import { apiKeys } from "@/lib/db/schema";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
});

afterAll(async () => {
  await api.close();
});

const status = async (apiKey: string) => (await api.request("GET", "/v1/calls?limit=1", { apiKey })).status;

describe("API key look-ups are cached for a second", () => {
  it("a key revoked in this process stops working at once", async () => {
    const org = await api.createOrganization();
    expect(await status(org.apiKey)).toBe(200);
    await revokeApiKey({ db: api.db, organizationId: org.organizationId }, org.apiKeyId);
    expect(await status(org.apiKey)).toBe(401);
  });

  it("a key revoked in the studio stops working at once", async () => {
    const org = await api.createOrganization();
    expect(await status(org.apiKey)).toBe(200);
    await revokeUserApiKey({ db: api.db, organizationId: org.organizationId }, org.apiKeyId);
    expect(await status(org.apiKey)).toBe(401);
  });

  it("a key revoked by another instance (straight in the database) stops working within the cache's second", async () => {
    const org = await api.createOrganization();
    expect(await status(org.apiKey)).toBe(200);
    const revokedAt = Date.now();
    await api.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, org.apiKeyId));
    // Until the cached answer expires this instance has not seen it; after that it has.
    let accepted = 0;
    while ((await status(org.apiKey)) === 200) {
      accepted += 1;
      expect(Date.now() - revokedAt).toBeLessThan(API_KEY_CACHE_TTL_MS + 500);
      await sleep(50);
    }
    expect(accepted).toBeGreaterThan(0);
    expect(await status(org.apiKey)).toBe(401);
  });

  it("a well-formed key that does not exist is refused, also when asked again", async () => {
    const unknown = generateApiKey().key;
    expect(await status(unknown)).toBe(401);
    expect(await status(unknown)).toBe(401);
  });
});
