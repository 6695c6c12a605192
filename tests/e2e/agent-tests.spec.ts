import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { fillSignUpForm, PASSWORD, signUp, uniqueEmail } from "./helpers/accounts";

/**
 * The agent's Tests tab as a person uses it: a scripted test built with the form (expectations picked
 * from the agent's own variables and states), a second one that fails, Run all with live progress,
 * the failing assertion's expected and actual beside the transcript, each version's pass rate, and
 * a test made from a real call's page. The server's model is the e2e fake (tests/e2e/helpers/fake-llm.ts).
 */

const agentBody = {
  name: "Front desk",
  initial_message: "Hello, Smile Dental.",
  initial_state_name: "intake",
  states: [
    {
      name: "intake",
      prompt: "Ask for the caller's name.",
      variables: [{ name: "caller_name", type: "string", description: "The caller's full name" }],
      tools: [{ type: "hang_up" }],
    },
  ],
};

async function createAgent(page: Page): Promise<string> {
  const response = await page.request.post("/api/console/v1/agents", { data: agentBody });
  expect(response.status()).toBe(200);
  return (await response.json()).data.id;
}

/** Serious and critical WCAG 2.1 A/AA violations on the page as it is (as tests/e2e/accessibility.spec.ts checks pages). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(" | ")}`);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/agent-tests-${name}.png`, fullPage: true });

test.describe("agent tests in the studio", () => {
  test("build tests, run them, read the results, and make one from a call", async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signUp(page, { organization: "Tests Clinic" });
    const agentId = await createAgent(page);

    await page.goto(`/agents/${agentId}?tab=tests`);
    await expect(page.getByRole("heading", { name: "No tests yet" })).toBeVisible();

    // A scripted test built with the form.
    await page.getByRole("button", { name: "Scripted test" }).click();
    let dialog = page.getByRole("dialog", { name: "New scripted test" });
    await dialog.getByLabel("Name", { exact: true }).fill("Greets by name");
    await dialog.getByLabel("Tags", { exact: true }).fill("smoke");
    await dialog.getByRole("listitem", { name: "Turn 1" }).getByLabel("The caller says", { exact: true }).fill("Hi, my name is Ada Lovelace");
    await dialog.getByRole("button", { name: "Add an expectation" }).click();
    const first = dialog.getByRole("listitem", { name: "Expectation: The agent says" });
    await first.getByLabel("Text", { exact: true }).fill("nice to meet you");
    await dialog.getByRole("button", { name: "Add an expectation" }).click();
    const second = dialog.getByRole("listitem", { name: "Expectation: The agent says" }).nth(1);
    await second.getByLabel("Expect", { exact: true }).selectOption("variable");
    const variable = dialog.getByRole("listitem", { name: "Expectation: A variable is" });
    await expect(variable.getByLabel("Variable", { exact: true }).locator("option")).toContainText(["from_number", "call_id", "caller_name"]);
    await variable.getByLabel("Variable", { exact: true }).selectOption("caller_name");
    await variable.getByLabel("Value", { exact: true }).fill("Ada Lovelace");
    await dialog.getByRole("button", { name: "Add a turn" }).click();
    const turn2 = dialog.getByRole("listitem", { name: "Turn 2" });
    await turn2.getByLabel("The caller says", { exact: true }).fill("Thanks, bye");
    await turn2.getByRole("button", { name: "Add an expectation" }).click();
    await turn2.getByLabel("Expect", { exact: true }).selectOption("state");
    await expect(turn2.getByLabel("State", { exact: true }).locator("option")).toContainText(["intake"]);
    await turn2.getByLabel("State", { exact: true }).selectOption("intake");
    await dialog.getByRole("button", { name: "Expect at the end" }).click();
    await dialog.getByRole("listitem", { name: "Expectation: The agent says" }).last().getByLabel("Expect", { exact: true }).selectOption("ended");
    await dialog.getByRole("listitem", { name: "Expectation: The call has ended" }).getByLabel("End reason (optional)", { exact: true }).selectOption("agent_hangup");
    await shot(page, "form");
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Create test" }).click();
    await expect(dialog).toHaveCount(0);

    // The API's problems land on the field they name: a regex that does not compile.
    await page.getByRole("button", { name: "Scripted test" }).click();
    dialog = page.getByRole("dialog", { name: "New scripted test" });
    await dialog.getByLabel("Name", { exact: true }).fill("Expects the wrong greeting");
    await dialog.getByLabel("The caller says", { exact: true }).fill("Hi, my name is Ada Lovelace");
    await dialog.getByRole("button", { name: "Add an expectation" }).click();
    await dialog.getByLabel("How", { exact: true }).selectOption("regex");
    await dialog.getByLabel("Pattern", { exact: true }).fill("good (evening");
    await dialog.getByRole("button", { name: "Create test" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: "Not a valid JavaScript regular expression" })).toBeVisible();
    await dialog.getByLabel("Pattern", { exact: true }).fill("/good evening/i");
    await dialog.getByRole("button", { name: "Create test" }).click();
    await expect(dialog).toHaveCount(0);

    const rows = page.getByRole("table", { name: "Tests" }).locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "Greets by name" })).toContainText("never run");

    // Run all: live progress, then the results.
    await page.getByRole("button", { name: "Run all" }).click();
    const run = page.getByRole("region", { name: "Test run" });
    await expect(run.getByRole("progressbar", { name: "Run progress" })).toBeVisible();
    await expect(run.getByRole("status")).toHaveText("2 of 2 finished · 1 passed, 1 failed, 0 errored", { timeout: 30_000 });
    await expect(run.getByText("failed", { exact: true }).first()).toBeVisible();
    await expect(rows.filter({ hasText: "Greets by name" })).toContainText("passed");
    await expect(rows.filter({ hasText: "Greets by name" })).toContainText("100%");
    await expect(rows.filter({ hasText: "Expects the wrong greeting" })).toContainText("0%");

    // The failing result: expected and actual side by side, beside the transcript.
    await run.getByRole("navigation", { name: "Results" }).getByRole("button", { name: /Expects the wrong greeting/ }).click();
    const failed = run.getByRole("table", { name: "Assertions" }).locator('tr[data-passed="false"]');
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText("agent says (regex)");
    await expect(failed).toContainText("/good evening/i");
    await expect(failed).toContainText("Nice to meet you, Ada Lovelace.");
    await expect(run.getByRole("list", { name: "Transcript" })).toContainText("Hi, my name is Ada Lovelace");
    await shot(page, "failed-result");
    expect(await seriousViolations(page)).toEqual([]);
    await run.getByRole("navigation", { name: "Results" }).getByRole("button", { name: /Greets by name/ }).click();
    await expect(run.getByRole("table", { name: "Assertions" }).locator('tr[data-passed="true"]')).toHaveCount(4);
    await shot(page, "passed-result");

    // The same in dark mode.
    await page.evaluate(() => window.localStorage.setItem("theme", "dark"));
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(run.getByRole("table", { name: "Assertions" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, "dark");
    await page.evaluate(() => window.localStorage.setItem("theme", "light"));
    await page.emulateMedia({ colorScheme: "light" });

    // The Versions tab: this version's last pass rate.
    await page.getByRole("tab", { name: "Versions" }).click();
    await expect(page.getByRole("navigation", { name: "Versions" })).toContainText("tests 50%");

    // A real (text) web call, then "Create test from this call" on its page.
    const started = await page.request.post("/api/console/v1/calls/web", { data: { agent_id: agentId, mode: "text" } });
    expect(started.status()).toBe(201);
    const call = (await started.json()).data;
    const turn = await page.request.post(`/v1/calls/web/${call.call_id}/turns`, { headers: { authorization: `Bearer ${call.session_token}` }, data: { text: "Hello, my name is Grace Hopper" } });
    expect(turn.status()).toBe(200);
    await turn.body();
    await page.goto(`/calls/${call.call_id}`);
    await page.getByRole("button", { name: "Create test from this call" }).click();
    await page.waitForURL(new RegExp(`/agents/${agentId}\\?tab=tests$`));
    dialog = page.getByRole("dialog", { name: "New scripted test" });
    await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(/^From call [0-9a-f]{8}/);
    await expect(dialog.getByLabel("The caller says", { exact: true })).toHaveValue("Hello, my name is Grace Hopper");
    await expect(dialog.getByLabel("How", { exact: true })).toHaveValue("judge");
    await expect(dialog.getByLabel("What a correct answer does", { exact: true })).toHaveValue('answers like: "Nice to meet you, Grace Hopper. Would you like to book a cleaning?"');
    await shot(page, "from-call");
    await dialog.getByRole("button", { name: "Create test" }).click();
    await expect(rows).toHaveCount(3);

    // Run one test: only it runs.
    await rows.filter({ hasText: "From call" }).getByRole("button", { name: /^Run From call/ }).click();
    await expect(run.getByRole("status")).toHaveText("1 of 1 finished · 1 passed, 0 failed, 0 errored", { timeout: 30_000 });
  });

  test("viewers see tests and results, and cannot change or run them", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signUp(page, { organization: "Tests Viewers" });
    const agentId = await createAgent(page);
    const created = await page.request.post(`/api/console/v1/agents/${agentId}/tests`, {
      data: { name: "Says hello", type: "scripted", turns: [{ user: "Hello there", expect: [{ type: "agent_says", match: "contains", value: "hello there" }] }] },
    });
    expect(created.status()).toBe(201);
    const testId = (await created.json()).data.id;
    const started = await page.request.post(`/api/console/v1/agents/${agentId}/test-runs`, { data: {} });
    expect(started.status()).toBe(201);
    const runId = (await started.json()).data.id;
    await expect.poll(async () => (await (await page.request.get(`/api/console/v1/test-runs/${runId}`)).json()).data.status, { timeout: 30_000 }).toBe("passed");
    const invitation = await page.request.post("/api/console/invitations", { data: { role: "viewer" } });
    expect(invitation.status()).toBe(201);

    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();
    await viewer.setViewportSize({ width: 1440, height: 900 });
    await viewer.goto((await invitation.json()).data.url);
    await viewer.getByRole("link", { name: "Create an account and join" }).click();
    await fillSignUpForm(viewer, { email: uniqueEmail("test-viewer"), password: PASSWORD, name: "Vic Viewer" });
    await expect(viewer).toHaveURL(/\/dashboard$/);

    await viewer.goto(`/agents/${agentId}?tab=tests`);
    const row = viewer.getByRole("table", { name: "Tests" }).locator("tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Says hello");
    await expect(row).toContainText("passed");
    await expect(row).toContainText("100%");
    await expect(viewer.getByRole("region", { name: "Test run" }).getByRole("table", { name: "Assertions" })).toContainText("hello there");
    for (const name of ["Run all", "Scripted test", "Simulated test", "Run Says hello", "Edit Says hello", "Delete Says hello"]) {
      await expect(viewer.getByRole("button", { name, exact: true })).toHaveCount(0);
    }
    await shot(viewer, "viewer");
    const refused = [
      await viewer.request.post(`/api/console/v1/agents/${agentId}/test-runs`, { data: {} }),
      await viewer.request.post(`/api/console/v1/agents/${agentId}/tests`, { data: { name: "Mine", type: "scripted", turns: [{ user: "x" }] } }),
      await viewer.request.patch(`/api/console/v1/agents/${agentId}/tests/${testId}`, { data: { name: "Renamed" } }),
      await viewer.request.delete(`/api/console/v1/agents/${agentId}/tests/${testId}`),
      await viewer.request.post(`/api/console/v1/test-runs/${runId}/cancel`),
    ];
    for (const response of refused) expect(response.status(), response.url()).toBe(403);
    await viewerContext.close();
  });
});
