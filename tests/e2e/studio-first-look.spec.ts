import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./helpers/accounts";
import { demoCredentials } from "./helpers/demo";
import { signInAsDemo } from "./helpers/demo-session";

/**
 * The studio as a new user finds it (issue 20, item 8): money in one format that adds up, usage that
 * counts short calls and speaks the page's time zone, a web call that says what it is, and a frame,
 * voice picker and Talk panel that show everything whole.
 */

/** "$1,234.5600" → decimals 4 and 12345600 units of the last decimal. */
function money(text: string): { decimals: number; units: number } {
  const match = /^\$(\d{1,3}(?:,\d{3})*)\.(\d+)$/.exec(text.trim());
  expect(match, `"${text}" is a dollar amount`).toBeTruthy();
  return { decimals: match![2].length, units: Number(match![1].replace(/,/g, "") + match![2]) };
}

/** A demo agent by name (other specs add agents of their own; calls made here must not land on theirs). */
async function demoAgent(page: Page, name = "Appointment booking"): Promise<string> {
  const response = await page.request.get("/api/console/v1/agents?limit=100");
  return ((await response.json()) as { data: { id: string; name: string }[] }).data.find((agent) => agent.name === name)!.id;
}

/** Starts a text web call as the page's signed-in member (through the BFF, as Talk does). */
async function startStudioWebCall(page: Page, agentId: string) {
  const started = await page.request.post("/api/console/v1/calls/web", { data: { agent_id: agentId, mode: "text" } });
  expect(started.status()).toBe(201);
  return ((await started.json()) as { data: { call_id: string; session_token: string; hangup_url: string } }).data;
}

async function hangUp(page: Page, session: { session_token: string; hangup_url: string }) {
  const ended = await page.request.post(session.hangup_url, { headers: { Authorization: `Bearer ${session.session_token}` } });
  expect(ended.ok()).toBe(true);
}

test.describe("money", () => {
  test("every call cost in the list has the same four decimals, and a call's breakdown adds up to its total", async ({ page }) => {
    await signInAsDemo(page, "/calls");
    await expect(page.getByTestId("call-cost")).toHaveCount(50);
    // A call that never connected (a campaign's failed dial in another spec) has no cost: a dash, not $0.
    const costs = (await page.getByTestId("call-cost").allTextContents()).filter((text) => text.trim() !== "—");
    expect(costs.length).toBeGreaterThan(10);
    const decimals = new Set(costs.map((text) => money(text).decimals));
    expect([...decimals]).toEqual([4]);

    const listed = await page.request.get("/api/console/v1/calls?limit=100&status=ended&answer_type=human");
    const call = ((await listed.json()) as { data: { id: string; cost_breakdown: Record<string, number> | null }[] }).data.find(
      (candidate) => candidate.cost_breakdown && Object.values(candidate.cost_breakdown).filter((amount) => amount > 0).length >= 3,
    )!;
    await page.goto(`/calls/${call.id}`);
    const breakdown = page.getByRole("table", { name: "Cost breakdown" });
    // Waits for the table (allTextContents does not): read before it rendered, it had no lines.
    await expect(breakdown.locator("tbody td")).toHaveCount(Object.keys(call.cost_breakdown!).length);
    const lines = (await breakdown.locator("tbody td").allTextContents()).map(money);
    const total = money(await breakdown.locator("tfoot td").innerText());
    expect(new Set([...lines, total].map((amount) => amount.decimals)).size).toBe(1);
    expect(lines.reduce((sum, line) => sum + line.units, 0)).toBe(total.units);
    // The call's Cost fact reads as the breakdown's total.
    await expect(page.locator("dt", { hasText: /^Cost$/ }).locator("xpath=..").locator("dd")).toHaveText(await breakdown.locator("tfoot td").innerText());
  });
});

test.describe("usage", () => {
  test("a call of a few seconds counts in minutes, and days and agents add up to the totals", async ({ page }) => {
    await signUp(page, { organization: "Short Calls Ltd" });
    const created = await page.request.post("/api/console/v1/agents", {
      data: { name: "Quick agent", initial_state_name: "main", states: [{ name: "main", prompt: "Greet the caller." }] },
    });
    expect(created.ok()).toBe(true);
    const agentId = ((await created.json()) as { data: { id: string } }).data.id;
    const session = await startStudioWebCall(page, agentId);
    await page.waitForTimeout(2_200);
    await hangUp(page, session);

    await page.goto("/usage?timezone=Asia/Tokyo");
    const minutes = page.locator('[data-usage="minutes"]');
    await expect(minutes).toHaveText(/^0\.\d\d min$/);
    expect(Number(await minutes.getAttribute("data-value"))).toBeGreaterThan(0);
    await expect(minutes).not.toHaveText("0.00 min");
    await expect(page.locator('[data-day="total"]')).toContainText(/0\.\d\d/);
  });

  test("the days' minutes and costs add up to the total row, and the peak is in the page's time zone", async ({ page }) => {
    await signInAsDemo(page, "/usage?timezone=Asia/Tokyo");
    await expect(page.locator('tfoot tr[data-day="total"]')).toBeVisible();
    const rows = page.locator("tbody tr[data-day]");
    expect(await rows.count()).toBeGreaterThan(20);
    const cells = async (row: ReturnType<Page["locator"]>) => row.locator("td").allTextContents();
    const days = await Promise.all((await rows.all()).map(cells));
    const total = await cells(page.locator('tfoot tr[data-day="total"]'));
    const hundredths = (text: string) => Math.round(Number(text.replace(/,/g, "")) * 100);
    expect(days.reduce((sum, day) => sum + hundredths(day[1]), 0)).toBe(hundredths(total[1]));
    expect(days.reduce((sum, day) => sum + money(day[2]).units, 0)).toBe(money(total[2]).units);
    await expect(page.locator('[data-usage="cost"]')).toHaveText(total[2]);

    const usage = (await (await page.request.get("/api/console/v1/analytics/usage?timezone=Asia/Tokyo")).json()) as { data: { peak_at: string } };
    const tokyo = new Date(usage.data.peak_at).toLocaleString("en-US", { timeZone: "Asia/Tokyo", hour: "numeric", minute: "2-digit" });
    const hint = page.locator('[data-usage="peak"] + dd');
    await expect(hint).toContainText(`${tokyo} GMT+9`);
    await expect(hint).not.toContainText("UTC");
  });
});

test.describe("a web call's page", () => {
  test("says it ran in a browser and who started it: a member in the studio, or an API key", async ({ page }) => {
    await signInAsDemo(page);
    const agentId = await demoAgent(page);
    const fromStudio = await startStudioWebCall(page, agentId);
    await hangUp(page, fromStudio);
    const fact = (label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=..").locator("dd");

    await page.goto(`/calls/${fromStudio.call_id}`);
    await expect(fact("Type")).toHaveText("Web call, in a browser");
    await expect(fact("Started by")).toContainText("Demo Owner");
    await expect(fact("Started by")).toContainText(demoCredentials().email);
    await expect(fact("Started by")).toContainText("in the studio");
    for (const label of ["From", "To", "Answered by"]) await expect(page.locator("dt", { hasText: new RegExp(`^${label}$`) })).toHaveCount(0);

    const viaApi = await page.request.post("/v1/calls/web", { headers: { "X-Api-Key": demoCredentials().apiKey }, data: { agent_id: agentId, mode: "text" } });
    expect(viaApi.status()).toBe(201);
    const session = ((await viaApi.json()) as { data: { call_id: string; session_token: string; hangup_url: string } }).data;
    await hangUp(page, session);
    await page.goto(`/calls/${session.call_id}`);
    await expect(fact("Started by")).toContainText("API key “Demo key”");
    await expect(fact("Started by")).toContainText(`through the API · ${demoCredentials().apiKey.slice(0, 8)}`);
    await expect(page.locator("main")).not.toContainText(demoCredentials().apiKey);
  });
});

test.describe("the frame and the agent's panels", () => {
  test("the sidebar runs the whole height of a long page and its navigation stays in view", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsDemo(page, "/calls");
    await expect(page.locator("tr[data-call-id]")).toHaveCount(50);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeGreaterThan(1600);
    const sidebar = await page.getByTestId("sidebar").boundingBox();
    expect(sidebar!.y).toBe(0);
    expect(Math.abs(sidebar!.height - pageHeight)).toBeLessThanOrEqual(1);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Dashboard" })).toBeInViewport();
  });

  for (const width of [390, 1024]) {
    test(`the voice picker shows every voice whole at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAsDemo(page);
      await page.goto(`/agents/${await demoAgent(page)}`);
      await page.getByRole("tab", { name: /^Settings/ }).click();
      await page.getByLabel("Provider", { exact: true }).first().selectOption("azure");
      const list = page.getByRole("list", { name: "Voices of azure" });
      await expect(list.getByRole("radio")).toHaveCount(7);
      // Nothing scrolls inside the list (no row cut at its edge), and no name or description is cut short.
      expect(await list.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1);
      const cut = await list.locator("label span span").evaluateAll((spans) =>
        spans.filter((span) => span.scrollWidth > span.clientWidth + 1 || getComputedStyle(span).textOverflow === "ellipsis").map((span) => span.textContent),
      );
      expect(cut).toEqual([]);
    });

    test(`Talk's variables keep a call id on one line at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAsDemo(page);
      await page.goto(`/agents/${await demoAgent(page)}`);
      await page.getByRole("tab", { name: "Talk" }).click();
      const panel = page.locator('[aria-label="Talk to this agent"]');
      await panel.getByLabel("Voice").uncheck();
      await panel.getByRole("button", { name: "Start call" }).click();
      const callId = page.getByLabel("Variables").locator("dt", { hasText: /^call_id$/ }).locator("xpath=following-sibling::dd[1]");
      await expect(callId).toHaveText(/^[0-9a-f-]{36}$/);
      const lines = await callId.evaluate((element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight));
      expect(lines).toBeLessThan(1.5);
      await panel.getByRole("button", { name: "Hang up" }).click();
      await expect(panel).toContainText("The call ended");
    });
  }
});

test("the API reference opens a shared link's operation, with no link inside an operation's button", async ({ page }) => {
  await page.goto("/docs#/Calls/getCall");
  await expect(page.locator("#operations-Calls-getCall")).toHaveClass(/is-open/);
  expect(await page.locator(".opblock-summary-control").count()).toBeGreaterThan(30);
  await expect(page.locator(".opblock-summary-control a[href], .opblock-summary-control button")).toHaveCount(0);
  await page.locator("#operations-Calls-listCalls .opblock-summary-control").click();
  await expect(page).toHaveURL(/\/docs#\/Calls\/listCalls$/);
});
