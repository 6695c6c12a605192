import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers/accounts";
import { demoCredentials } from "./helpers/demo";

/**
 * The dashboard shows the demo organization's seeded calls with the same totals as the API answers
 * for the same range (asked through the console's proxy to /v1, with the same session).
 */

type Totals = { calls: number; total_cost: number; average_cost: number | null; total_duration_seconds: number; average_duration_seconds: number | null };

async function apiSummary(page: Page, query: Record<string, string>): Promise<Totals> {
  const response = await page.request.get(`/api/console/v1/analytics/summary?${new URLSearchParams(query)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Totals }).data;
}

async function signInAsDemo(page: Page) {
  const demo = demoCredentials();
  await signIn(page, demo.email, demo.password, "/dashboard");
  await expect(page).toHaveURL(/\/dashboard/);
}

async function metric(page: Page, name: string): Promise<number | null> {
  const value = await page.locator(`[data-metric="${name}"]`).getAttribute("data-value");
  return value === "" || value === null ? null : Number(value);
}

test.describe("dashboard", () => {
  test("shows the seeded calls with the API's totals for the same range", async ({ page }) => {
    await signInAsDemo(page);
    await page.goto("/dashboard?from=2020-01-01&to=2030-12-31");
    await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toContainText("at most 366 days");

    const last90 = page.getByRole("button", { name: "Last 90 days" });
    await last90.click();
    await expect(last90).toHaveAttribute("aria-pressed", "true");
    const content = page.locator(`[data-query-from="${new URL(page.url()).searchParams.get("from")}"]`);
    await expect(content).toBeVisible();
    const from = await content.getAttribute("data-range-from");
    const to = await content.getAttribute("data-range-to");
    const totals = await apiSummary(page, { from: from!, to: to! });
    expect(totals.calls).toBeGreaterThan(0);
    expect(await metric(page, "calls")).toBe(totals.calls);
    expect(await metric(page, "total_cost")).toBe(totals.total_cost);
    expect(await metric(page, "average_cost")).toBe(totals.average_cost);
    expect(await metric(page, "total_duration_seconds")).toBe(totals.total_duration_seconds);
    expect(await metric(page, "average_duration_seconds")).toBe(totals.average_duration_seconds);
    await expect(page.getByRole("heading", { name: "Calls and cost per day" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Post-call answers" })).toBeVisible();

    // One agent (the one with the most calls; other specs may have added agents without any): the
    // figures follow the filter and still match the API.
    const byAgent = await page.request.get(`/api/console/v1/analytics/agents?${new URLSearchParams({ from: from!, to: to! })}`);
    const busiest = ((await byAgent.json()) as { data: { agents: { agent_name: string | null; calls: number }[] } }).data.agents
      .filter((agent) => agent.agent_name)
      .sort((a, b) => b.calls - a.calls)[0];
    const agentName = busiest.agent_name!;
    await page.getByLabel("Agent").click();
    await page.getByRole("option", { name: agentName, exact: true }).click();
    await expect(page).toHaveURL(/agent_id=/);
    const agentId = new URL(page.url()).searchParams.get("agent_id")!;
    await expect(page.getByLabel("Agent")).toContainText(agentName);
    const forAgent = await apiSummary(page, { from: from!, to: to!, agent_id: agentId });
    await expect(page.locator('[data-metric="calls"]')).toHaveAttribute("data-value", String(forAgent.calls));
    expect(forAgent.calls).toBeLessThan(totals.calls);
  });

  test("says what to do when the range has no calls", async ({ page }) => {
    await signInAsDemo(page);
    await page.goto("/dashboard?from=2001-01-01&to=2001-01-31");
    await expect(page.getByRole("heading", { name: /No calls in/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to agents" })).toBeVisible();
  });
});
