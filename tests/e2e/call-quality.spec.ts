import { expect, test, type Page } from "@playwright/test";
import { signInAsDemo } from "./helpers/demo-session";

/**
 * Call analysis in the studio, on the demo organization (its seeded calls carry analyses, and two of
 * its agents a second version): the dashboard's quality cards equal the API's figures, the Quality
 * page puts versions side by side and opens the calls behind a figure, a call shows its analysis at
 * the top, the calls list its summary, and editing a rubric offers a re-run that runs.
 */

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/console/v1/${path}`);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function metric(page: Page, name: string): Promise<number | null> {
  const value = await page.locator(`[data-metric="${name}"]`).getAttribute("data-value");
  return value === "" || value === null ? null : Number(value);
}

type Quality = { success_rate: number | null; turn_latency_p50_ms: number | null; turn_latency_p90_ms: number | null; sentiment: { positive: number | null }; analyzed_calls: number };

test.describe("call quality", () => {
  test("the dashboard shows success, sentiment and latency as the API counts them, with a trend chart", async ({ page }) => {
    await signInAsDemo(page);
    const last90 = page.getByRole("button", { name: "Last 90 days" });
    await last90.click();
    await expect(last90).toHaveAttribute("aria-pressed", "true");
    const content = page.locator(`[data-query-from="${new URL(page.url()).searchParams.get("from")}"]`);
    await expect(content).toBeVisible();
    const range = new URLSearchParams({ from: (await content.getAttribute("data-range-from"))!, to: (await content.getAttribute("data-range-to"))! });
    const { totals } = await apiGet<{ totals: Quality }>(page, `analytics/quality?${range}`);
    expect(totals.analyzed_calls).toBeGreaterThan(0);
    expect(await metric(page, "success_rate")).toBe(totals.success_rate);
    expect(await metric(page, "turn_latency_p50_ms")).toBe(totals.turn_latency_p50_ms);
    expect(await metric(page, "turn_latency_p90_ms")).toBe(totals.turn_latency_p90_ms);
    expect(await metric(page, "sentiment_positive")).toBe(totals.sentiment.positive);
    await expect(page.getByRole("heading", { name: "Quality per day" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Success rate and turn latency per day: success from/ })).toBeVisible();
  });

  test("the Quality page puts two versions side by side and opens the calls behind a figure", async ({ page }) => {
    // The demo's appointment agent, with its revision (other specs may have published a second version of a new agent since).
    await signInAsDemo(page);
    const appointment = (await apiGet<{ id: string; name: string }[]>(page, "agents?limit=100")).find((agent) => agent.name === "Appointment booking");
    expect(appointment, "the demo's appointment agent").toBeTruthy();
    await page.goto(`/quality?agent_id=${appointment!.id}&from=2020-01-01`);
    // A range the API refuses is said, not hidden.
    await expect(page.getByRole("alert").filter({ hasText: "could not be loaded" })).toContainText("at most 366 days");
    await page.getByRole("button", { name: "Last 90 days" }).click();
    const table = page.getByRole("table", { name: "Versions side by side" });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader", { name: /^Version 1$/ })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Version 2 · published" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Is the difference in success rate larger than chance?" }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("img", { name: /^Versions side by side: version 1: success/ })).toBeVisible();

    // The failures of version 2: the calls list, filtered to exactly those calls.
    const cell = table.locator('td[data-version="2"][data-figure="Failures"]');
    const failures = Number((await cell.innerText()).replace(/,/g, ""));
    expect(failures).toBeGreaterThan(0);
    await cell.getByRole("link").click();
    await expect(page).toHaveURL(/\/calls\?.*agent_version=2.*success=failure/);
    const shown = new URL(page.url()).searchParams;
    await expect(page.getByTestId("call-count")).toHaveText(`${failures.toLocaleString("en-US")} ${failures === 1 ? "call" : "calls"}`);
    const listed = await apiGet<{ agent_version: number; analysis: { success: { verdict: string } } }[]>(page, `calls?${shown}&limit=100`);
    expect(listed.every((call) => call.agent_version === 2 && call.analysis.success.verdict === "failure")).toBe(true);
    await expect(page.getByRole("table", { name: "Calls" }).locator('[data-verdict="failure"]').first()).toBeVisible();
    // The filter form shows what the link set.
    await expect(page.getByLabel("Agent version")).toHaveValue("2");
  });

  test("a call shows its summary, sentiment, verdict and reason at the top; the list shows summaries", async ({ page }) => {
    await signInAsDemo(page);
    const [call] = await apiGet<{ id: string; analysis: { summary: string; sentiment: string; success: { verdict: string; reason: string } } }[]>(page, "calls?limit=1&success=success");
    await page.goto(`/calls/${call.id}`);
    const card = page.getByTestId("call-analysis");
    await expect(card.getByTestId("call-summary")).toHaveText(call.analysis.summary);
    await expect(card.locator(`[data-sentiment="${call.analysis.sentiment}"]`)).toBeVisible();
    await expect(card.locator('[data-verdict="success"]')).toBeVisible();
    await expect(card.getByTestId("success-reason")).toHaveText(call.analysis.success.reason);
    // At the top: before the transcript.
    const analysisTop = (await card.boundingBox())!.y;
    const transcriptTop = (await page.getByRole("heading", { name: "Transcript" }).boundingBox())!.y;
    expect(analysisTop).toBeLessThan(transcriptTop);

    await page.goto("/calls");
    const list = page.getByRole("table", { name: "Calls" });
    await expect(list.getByRole("columnheader", { name: "Summary" })).toBeVisible();
    const [first] = await apiGet<{ id: string; analysis: { summary: string } | null }[]>(page, "calls?limit=1");
    if (first.analysis) await expect(list.locator(`tr[data-call-id="${first.id}"]`)).toContainText(first.analysis.summary);
  });

  test("editing the success rubric offers a re-run of past calls, which runs to the end", async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsDemo(page);
    const agents = await apiGet<{ id: string; name: string }[]>(page, "agents?limit=100");
    const survey = agents.find((agent) => agent.name === "Customer satisfaction survey")!;
    await page.goto(`/agents/${survey.id}`);
    await page.getByRole("tab", { name: "Settings" }).click();
    const rubric = page.getByRole("region", { name: "Success rubric" });
    await rubric.getByLabel("Judge success").selectOption("pass_fail");
    await rubric.getByLabel("Criteria").fill("The customer gives a rating");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(/^Version \d+ saved and published$/)).toBeVisible();

    const offer = page.getByTestId("reanalyze-offer");
    await expect(offer).toContainText("The success rubric changed");
    await offer.getByRole("button", { name: "Re-run past calls…" }).click();
    const dialog = page.getByRole("dialog", { name: "Re-run past calls" });
    await expect(dialog.getByLabel("Analysis (summary, sentiment, success)")).toBeChecked();
    await expect(dialog.getByLabel("Post-call answers")).not.toBeChecked();
    await dialog.getByLabel("Calls of").selectOption("7");
    await dialog.getByRole("button", { name: "Start re-run" }).click();
    const progress = page.getByTestId("reanalyze-progress");
    await expect(progress).toHaveAttribute("data-status", "completed", { timeout: 150_000 });
    await expect(progress).toContainText(/Re-run finished: [\d,]+ of [\d,]+ calls redone/);

    // The calls were judged again by the new rubric (the fake model says success), the old analysis kept.
    const [redone] = await apiGet<{ id: string }[]>(page, `calls?agent_id=${survey.id}&success=success&limit=1&start_time_gt=${new Date(Date.now() - 6 * 86_400_000).toISOString()}`);
    const full = await apiGet<{ analysis: { success: { reason: string } }; analysis_history: { replaced: string[] }[] }>(page, `calls/${redone.id}`);
    expect(full.analysis_history[0]?.replaced).toEqual(["analysis"]);
    await page.goto(`/calls/${redone.id}`);
    await expect(page.getByTestId("call-analysis").locator("summary")).toHaveText(/Earlier results \(\d\)/);
  });
});
