import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { firstId, signInAsDemo } from "./helpers/demo-session";

/**
 * axe-core on every studio page (and every tab of an agent), in light and in dark mode, and on the
 * API reference: no violation of WCAG 2.1 A/AA (contrast included), with no rule switched off, of any
 * impact. Run against the demo organization, so pages have content.
 */
const THEMES = ["light", "dark"] as const;
const AGENT_TABS = ["Settings", "Post-call questions", "Versions", "JSON", "Talk"];

// The current axe-core release (a devDependency of its own), injected into @axe-core/playwright: the
// wrapper's own 4.14 declares Node 22, and the rules are axe-core's, not the wrapper's.
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const axeVersion = (JSON.parse(readFileSync(require.resolve("axe-core/package.json"), "utf8")) as { version: string }).version;

type ListedCall = { id: string; type: string; recording_url: string | null; transcript?: unknown[] };

async function pages(page: Page): Promise<{ path: string; tabs?: string[] }[]> {
  const listed = await page.request.get("/api/console/v1/calls?limit=500&status=ended&answer_type=human&include_transcript=true");
  const calls = ((await listed.json()) as { data: ListedCall[] }).data;
  // A recorded call (its transcript lines are buttons that play from there) and a web call (no numbers).
  const recorded = calls.find((call) => call.recording_url && (call.transcript?.length ?? 0) > 0);
  const web = calls.find((call) => call.type === "web_call");
  expect(recorded, "a seeded call with a recording").toBeTruthy();
  expect(web, "a seeded web call").toBeTruthy();
  const agent = await firstId(page, "agents?limit=1");
  const base = await page.request.post("/api/console/v1/knowledge-bases", { data: { name: "Axe handbook" } });
  const knowledgeBase = ((await base.json()) as { data: { id: string } }).data.id;
  const invitation = await page.request.post("/api/console/invitations", { data: { role: "member" } });
  const invite = new URL(((await invitation.json()) as { data: { url: string } }).data.url).pathname;
  const numbers = (await (await page.request.get("/api/console/v1/phone-numbers?limit=1")).json()) as { data: { number: string }[] };
  const created = await page.request.post("/api/console/v1/campaigns", { data: { name: "Axe campaign", agent_id: agent, from_numbers: [numbers.data[0].number] } });
  const campaign = ((await created.json()) as { data: { id: string } }).data.id;
  return [
    { path: "/dashboard" },
    { path: "/calls" },
    { path: `/calls/${recorded!.id}` },
    { path: `/calls/${web!.id}` },
    { path: "/agents" },
    { path: `/agents/${agent}`, tabs: AGENT_TABS },
    { path: "/phone-numbers" },
    { path: "/knowledge-bases" },
    { path: `/knowledge-bases/${knowledgeBase}` },
    { path: "/usage" },
    { path: "/webhooks" },
    { path: "/campaigns" },
    { path: "/campaigns/new" },
    { path: `/campaigns/${campaign}` },
    { path: "/settings/api-keys" },
    { path: "/settings/concurrency" },
    { path: "/settings/do-not-call" },
    { path: "/settings/members" },
    { path: "/settings/organization" },
    { path: "/settings/pricing" },
    { path: "/settings/telephony" },
    { path: "/settings/audit-log" },
    { path: "/create-organization" },
    { path: invite },
    { path: "/docs" },
  ];
}

async function violations(page: Page) {
  const results = await new AxeBuilder({ page, axeSource }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.testEngine.version).toBe(axeVersion);
  return results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(" | ")}`,
  );
}

for (const theme of THEMES) {
  test(`every studio page passes axe-core in ${theme} mode`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript((choice) => window.localStorage.setItem("theme", choice), theme);
    await signInAsDemo(page);
    const found: string[] = [];
    for (const { path, tabs } of await pages(page)) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
      if (path === "/docs") await expect(page.locator(".opblock").first()).toBeVisible();
      for (const violation of await violations(page)) found.push(`${path}: ${violation}`);
      for (const tab of tabs ?? []) {
        await page.getByRole("tab", { name: tab, exact: true }).click();
        await expect(page.getByRole("tab", { name: tab, exact: true })).toHaveAttribute("aria-selected", "true");
        for (const violation of await violations(page)) found.push(`${path} (${tab}): ${violation}`);
      }
    }
    expect(found).toEqual([]);
  });
}

test("the sign-in and sign-up pages pass axe-core, and every page has an icon", async ({ page }) => {
  for (const path of ["/sign-in", "/sign-up"]) {
    await page.goto(path);
    expect(await violations(page), path).toEqual([]);
  }
  const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(icon).toBeTruthy();
  expect((await page.request.get(icon!)).status()).toBe(200);
});
