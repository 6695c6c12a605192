import { expect, test, type Response } from "@playwright/test";
import { signIn } from "./helpers/accounts";
import { demoCredentials } from "./helpers/demo";

// Any whole API key; the console key is one, and no page or answer may carry any.
const API_KEY = /vk_[0-9A-Za-z]{49}/;

test("no console page and no BFF answer carries an API key", async ({ page, request }) => {
  const demo = demoCredentials();
  const v1 = async (path: string) => (await (await request.get(`/v1/${path}`, { headers: { "X-Api-Key": demo.apiKey } })).json()).data;
  const [calls, agents, knowledgeBases] = await Promise.all([v1("calls?limit=1"), v1("agents"), v1("knowledge-bases")]);
  expect(calls.length).toBe(1);

  const seen: string[] = [];
  // Each check is kept, so the test waits for every one before it judges (a handler may still be reading).
  const checks: Promise<void>[] = [];
  let inspected = 0;
  page.on("response", (response: Response) => {
    checks.push(
      (async () => {
        if (!response.url().startsWith(new URL(page.url() || "http://x").origin)) return;
        const type = response.headers()["content-type"] ?? "";
        if (!/html|json|text|javascript|x-component/.test(type)) return;
        const body = await response.text().catch(() => "");
        const headers = JSON.stringify(response.headers());
        inspected += 1;
        if (API_KEY.test(body) || API_KEY.test(headers)) seen.push(response.url());
      })(),
    );
  });

  await signIn(page, demo.email, demo.password);
  const pages = ["/dashboard", "/calls", `/calls/${calls[0].id}`, "/agents", "/phone-numbers", "/knowledge-bases", "/settings/api-keys", "/settings/members", "/settings/organization"];
  if (agents[0]) pages.push(`/agents/${agents[0].id}`);
  if (knowledgeBases[0]) pages.push(`/knowledge-bases/${knowledgeBases[0].id}`);
  for (const path of pages) {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
    const html = await page.request.get(path);
    expect(html.status(), path).toBe(200);
    expect(await html.text(), path).not.toMatch(API_KEY);
  }

  const answers = [
    "/api/console/v1/calls?limit=50&include_transcript=true",
    `/api/console/v1/calls/${calls[0].id}`,
    "/api/console/v1/agents",
    "/api/console/v1/phone-numbers",
    "/api/console/v1/knowledge-bases",
    "/api/console/v1/webhook-secret",
    "/api/console/v1/no-such-endpoint",
    "/api/console/api-keys",
    "/api/console/members",
    "/api/console/invitations",
    "/api/console/organization",
  ];
  for (const path of answers) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBeLessThan(500);
    expect(await response.text(), path).not.toMatch(API_KEY);
    expect(JSON.stringify(response.headers()), path).not.toMatch(API_KEY);
  }
  await Promise.all(checks);
  expect(inspected).toBeGreaterThan(pages.length);
  expect(seen).toEqual([]);
});
