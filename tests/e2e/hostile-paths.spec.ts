import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { fillSignUpForm, signUp, uniqueEmail, PASSWORD } from "./helpers/accounts";

/**
 * What an outside probe did through the studio with real sessions: encoded `?`, `/`, `\` and `..` in
 * the forwarding layer's path to pass a role check, and an organization's remote API URL aimed at a
 * loopback service. Every such request is refused and nothing changes.
 */

/** Someone opens an invitation link, creates an account and joins; returns their signed-in page. */
async function join(browser: Browser, link: string, organization: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.getByRole("link", { name: "Create an account and join" }).click();
  await fillSignUpForm(page, { email: uniqueEmail("joiner"), password: PASSWORD });
  // Signing up from the invitation joins at once.
  await expect(page).toHaveURL(/\/dashboard$/);
  // The switcher is named by what it shows (the organization, the role), then what it does.
  await expect(page.getByRole("button", { name: new RegExp(`^${organization} \\w+ \\(switch organization\\)$`) }).first()).toBeAttached();
  return page;
}

async function invite(owner: Page, role: "viewer" | "member"): Promise<string> {
  const created = await owner.request.post("/api/console/invitations", { data: { role } });
  expect(created.status()).toBe(201);
  return (await created.json()).data.url;
}

test("encoded path characters never get a viewer or a member past their role", async ({ page, browser }) => {
  const organization = "Probed Studio";
  await signUp(page, { organization });
  const viewer = await join(browser, await invite(page, "viewer"), organization);
  const member = await join(browser, await invite(page, "member"), organization);
  const secret = async () => (await (await page.request.get("/api/console/v1/webhook-secret")).json()).data.secret as string;
  const pricing = async () => (await (await page.request.get("/api/console/v1/pricing")).json()).data;
  const secretBefore = await secret();
  const pricingBefore = await pricing();
  expect(secretBefore).toMatch(/^whsec_/);

  for (const path of ["webhook-secret%3F", "webhook-secret%23", "%2Fwebhook-secret", "calls%2F..%2Fwebhook-secret", "x%5C..%5Cwebhook-secret"]) {
    for (const who of [viewer, member]) {
      const response = await who.request.get(`/api/console/v1/${path}`);
      expect([403, 404], path).toContain(response.status());
      expect(await response.text()).not.toContain("whsec_");
    }
  }

  const agent = { name: "Sneaky agent", initial_state_name: "main", states: [{ name: "main" }] };
  for (const path of ["knowledge-bases/..%5Cagents%3F/search", "knowledge-bases/..%2Fagents%3F/search"]) {
    expect((await viewer.request.post(`/api/console/v1/${path}`, { data: agent })).status(), path).toBe(404);
  }
  const agents = await (await page.request.get("/api/console/v1/agents")).json();
  expect(agents.data.map((a: { name: string }) => a.name)).not.toContain("Sneaky agent");

  for (const path of ["%2Fwebhook-secret/rotate", "calls%2F..%2Fwebhook-secret/rotate"]) {
    expect((await member.request.post(`/api/console/v1/${path}`, { data: {} })).status(), path).toBe(404);
  }
  for (const path of ["%2Fpricing", "pricing%3F", "calls%2F..%2Fpricing"]) {
    expect((await member.request.patch(`/api/console/v1/${path}`, { data: { telephony_per_minute: 0 } })).status(), path).toBe(404);
  }
  expect(await secret()).toBe(secretBefore);
  expect(await pricing()).toEqual(pricingBefore);

  // The plain paths: refused by role for a member, allowed for the owner.
  expect((await member.request.post("/api/console/v1/webhook-secret/rotate", { data: {} })).status()).toBe(403);
  expect((await page.request.get("/api/console/v1/webhook-secret")).status()).toBe(200);
});

test("a new organization cannot point the studio at a loopback, private or metadata address", async ({ page }) => {
  const requests: string[] = [];
  const loopback: Server = createServer((req, res) => {
    requests.push(req.url ?? "/");
    res.writeHead(200, { "content-type": "application/json" }).end('{"secret":"internal"}');
  });
  await new Promise<void>((resolve) => loopback.listen(0, "127.0.0.1", resolve));
  const port = (loopback.address() as AddressInfo).port;
  try {
    await signUp(page, { organization: "Curious Newcomer" });
    for (const url of [`http://127.0.0.1:${port}`, `http://localhost:${port}`, "http://169.254.169.254", "http://10.0.0.1:8080", `http://[::1]:${port}`]) {
      const saved = await page.request.patch("/api/console/organization", { data: { remote_api_url: url } });
      expect(saved.status(), url).toBe(400);
      const body = await saved.json();
      expect(body.error.details[0].field).toBe("remote_api_url");
    }
    const settings = await (await page.request.get("/api/console/organization")).json();
    expect(settings.data.remoteApiUrl).toBeNull();
    for (const path of ["..%2Flookup", "calls%2F..%2F..%2Flookup", "%2E%2E%2Flookup"]) {
      const response = await page.request.get(`/api/console/v1/${path}`);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).not.toContain("internal");
    }
    expect(requests).toEqual([]);
  } finally {
    await new Promise((resolve) => loopback.close(resolve));
  }
});
