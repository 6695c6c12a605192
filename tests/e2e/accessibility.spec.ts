import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { firstId, signInAsDemo } from "./helpers/demo-session";

/**
 * axe-core on every studio page, in light and in dark mode: no serious or critical violation of
 * WCAG 2.1 A/AA (contrast included). Run against the demo organization, so pages have content.
 */
const THEMES = ["light", "dark"] as const;

async function pages(page: Page): Promise<string[]> {
  const call = await firstId(page, "calls?limit=1&status=ended&answer_type=human");
  const agent = await firstId(page, "agents?limit=1");
  const base = await page.request.post("/api/console/v1/knowledge-bases", { data: { name: "Axe handbook" } });
  const knowledgeBase = ((await base.json()) as { data: { id: string } }).data.id;
  const numbers = (await (await page.request.get("/api/console/v1/phone-numbers?limit=1")).json()) as { data: { number: string }[] };
  const created = await page.request.post("/api/console/v1/campaigns", { data: { name: "Axe campaign", agent_id: agent, from_numbers: [numbers.data[0].number] } });
  const campaign = ((await created.json()) as { data: { id: string } }).data.id;
  return [
    "/dashboard",
    "/calls",
    `/calls/${call}`,
    "/agents",
    `/agents/${agent}`,
    "/phone-numbers",
    "/knowledge-bases",
    `/knowledge-bases/${knowledgeBase}`,
    "/usage",
    "/webhooks",
    "/campaigns",
    "/campaigns/new",
    `/campaigns/${campaign}`,
    "/settings/api-keys",
    "/settings/concurrency",
    "/settings/do-not-call",
    "/settings/members",
    "/settings/organization",
    "/settings/pricing",
    "/settings/audit-log",
    "/docs",
  ];
}

async function seriousViolations(page: Page) {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  // Swagger UI nests its copy button inside each operation's summary button: its markup, not ours.
  if (new URL(page.url()).pathname === "/docs") builder.disableRules(["nested-interactive"]);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(" | ")}`);
}

for (const theme of THEMES) {
  test(`every studio page passes axe-core in ${theme} mode`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript((choice) => window.localStorage.setItem("theme", choice), theme);
    await signInAsDemo(page);
    const found: string[] = [];
    for (const path of await pages(page)) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
      for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
    }
    expect(found).toEqual([]);
  });
}

test("the sign-in and sign-up pages pass axe-core, and every page has an icon", async ({ page }) => {
  for (const path of ["/sign-in", "/sign-up"]) {
    await page.goto(path);
    expect(await seriousViolations(page), path).toEqual([]);
  }
  const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(icon).toBeTruthy();
  expect((await page.request.get(icon!)).status()).toBe(200);
});
