import { expect, test, type Page } from "@playwright/test";
import { signInAsDemo } from "./helpers/demo-session";

/**
 * The studio's second round (issue 16), as a person sees it on the demo organization: calls that
 * count and search, a transcript that follows its recording, a graph readable at its default size,
 * errors said in words, versions, the range, the new pages and the pickers.
 */

type ListedCall = { id: string; recording_url: string | null; transcript?: { start_time: string; content: string }[]; end_time: string; duration_seconds: number };

async function apiCount(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/console/v1/calls/count?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { total: number } }).data.total;
}

const countText = (total: number) => `${total.toLocaleString("en-US")} ${total === 1 ? "call" : "calls"}`;

async function agentId(page: Page, name: string): Promise<string> {
  const response = await page.request.get("/api/console/v1/agents?limit=100");
  const agents = ((await response.json()) as { data: { id: string; name: string }[] }).data;
  return agents.find((agent) => agent.name === name)!.id;
}

test.describe("calls", () => {
  test("show their total, search transcripts, filter by status, and page with a label that says what it shows", async ({ page }) => {
    await signInAsDemo(page, "/calls");
    // Other tests add and delete calls: the demo's 3,000, give or take, as the API counts them.
    const total = await apiCount(page, "");
    expect(Math.abs(total - 3000)).toBeLessThan(20);
    await expect(page.getByTestId("call-count")).toHaveText(countText(total));
    const pages = Math.ceil(total / 50);

    await page.getByLabel("Search transcripts").fill("leaking");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/search=leaking/);
    const leaking = await apiCount(page, "search=leaking");
    expect(leaking).toBeGreaterThan(0);
    expect(leaking).toBeLessThan(3000);
    await expect(page.getByTestId("call-count")).toHaveText(countText(leaking));
    const firstRow = page.locator("tbody tr[data-call-id]").first();
    await firstRow.click();
    await expect(page).toHaveURL(/\/calls\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("list", { name: "Transcript" })).toContainText("leaking");
    await page.goBack();

    await page.getByRole("button", { name: "Clear" }).click();
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Failed" }).click();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/status=failed/);
    await expect(page.getByTestId("call-count")).toHaveText(countText(await apiCount(page, "status=failed")));
    await expect(page.locator("tbody tr[data-call-id]").first()).toContainText("failed");

    // The next page, slowed down: the label says it is loading while the old rows still show.
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.getByTestId("page-label")).toHaveText(`Page 1 of ${pages}`);
    await page.route(/\/api\/console\/v1\/calls\?.*cursor=/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("page-label")).toHaveText(`Loading page 2 of ${pages}…`);
    await expect(page.getByTestId("page-label")).toHaveText(`Page 2 of ${pages}`);
  });

  test("a call's transcript follows its recording: the line being said is marked, a line clicked plays from there", async ({ page }) => {
    await signInAsDemo(page);
    const listed = await page.request.get("/api/console/v1/calls?limit=1000&status=ended&include_transcript=true");
    const call = ((await listed.json()) as { data: ListedCall[] }).data.find((candidate) => candidate.recording_url && (candidate.transcript?.length ?? 0) >= 4)!;
    expect(call, "a seeded call with a recording").toBeTruthy();
    await page.goto(`/calls/${call.id}`);
    const answered = Date.parse(call.end_time) - call.duration_seconds * 1000;
    const offsets = call.transcript!.map((line) => (Date.parse(line.start_time) - answered) / 1000);
    const lines = page.getByRole("list", { name: "Transcript" }).getByRole("listitem");

    // The recording lasts as long as the call.
    const audio = page.locator("audio");
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => Math.round(element.duration))).toBe(call.duration_seconds);

    await lines.nth(2).getByRole("button").click();
    await expect(lines.nth(2)).toHaveAttribute("data-active", "true");
    expect(await audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeCloseTo(offsets[2], 0);

    await audio.evaluate((element: HTMLAudioElement, at: number) => {
      element.pause();
      element.currentTime = at;
    }, offsets[3] + 0.2);
    await expect(lines.nth(3)).toHaveAttribute("data-active", "true");
    await expect(lines.nth(2)).not.toHaveAttribute("data-active", "true");
  });
});

test.describe("the agent graph", () => {
  test("is readable at its default size, with handles to grab, a small minimap that hides, and new states in free space", async ({ page }) => {
    await signInAsDemo(page);
    await page.goto(`/agents/${await agentId(page, "Appointment booking")}`);
    const viewport = page.locator(".react-flow__viewport");
    await expect(page.getByTestId("state-node")).toHaveCount(3);
    const scale = await viewport.evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).a);
    expect(scale).toBeGreaterThanOrEqual(0.8);
    const handle = await page.locator(".react-flow__handle-right").first().boundingBox();
    expect(handle!.width).toBeGreaterThanOrEqual(16 * 0.8);
    await expect(page.getByTestId("state-node").filter({ hasText: "booking" })).toContainText("1 tool");

    const minimap = page.locator(".react-flow__minimap");
    const box = await minimap.boundingBox();
    const canvas = await page.getByTestId("graph-canvas").boundingBox();
    expect(box!.width * box!.height).toBeLessThan((canvas!.width * canvas!.height) / 15);
    await page.getByRole("button", { name: "Hide the minimap" }).click();
    await expect(minimap).toHaveCount(0);
    await page.getByRole("button", { name: "Show the minimap" }).click();
    await expect(minimap).toHaveCount(1);

    await page.getByRole("button", { name: "Hide panel" }).click();
    const wider = await page.getByTestId("graph-canvas").boundingBox();
    expect(wider!.width).toBeGreaterThan(canvas!.width + 200);
    await page.getByRole("button", { name: "Show panel" }).click();

    for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Add state" }).click();
    await expect(page.getByTestId("state-node")).toHaveCount(6);
    const boxes = await page.getByTestId("state-node").evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect));
    for (let a = 0; a < boxes.length; a++) {
      for (let b = a + 1; b < boxes.length; b++) {
        const apart = boxes[a].right <= boxes[b].left || boxes[b].right <= boxes[a].left || boxes[a].bottom <= boxes[b].top || boxes[b].bottom <= boxes[a].top;
        expect(apart, `states ${a} and ${b} overlap`).toBe(true);
      }
    }
  });

  test("reports every problem of a version at once, in words", async ({ page }) => {
    await signInAsDemo(page);
    await page.goto(`/agents/${await agentId(page, "Front desk")}`);
    await page.getByRole("tab", { name: "JSON" }).click();
    const editor = page.getByRole("textbox", { name: "Agent JSON" });
    const body = JSON.parse(await editor.inputValue()) as { llm: { temperature: number }; states: { transitions: unknown[] }[] };
    body.llm.temperature = 5;
    body.states[0].transitions = [{ condition: "Caller wants a manager", destination_state_name: "manager" }];
    await editor.fill(JSON.stringify(body, null, 2));
    await page.getByRole("button", { name: "Save JSON as new version" }).click();
    // One answer names both problems: the range and the transition target.
    const problems = page.getByRole("alert", { name: "Problems" });
    await expect(problems.getByRole("listitem")).toHaveCount(2);
    await expect(problems).toContainText("llm.temperature: Must be at most 2");
    await expect(problems).toContainText('states[0].transitions[0].destination_state_name: No state is named "manager"');
    await expect(problems).not.toContainText(/Too big|expected number/);
  });
});

test("a restored version shows what the restore changed, word by word, and is never compared with itself", async ({ page }) => {
  await signInAsDemo(page);
  const created = await page.request.post("/api/console/v1/agents", {
    data: { name: "Versioned", initial_state_name: "main", states: [{ name: "main", prompt: "Offer two free slots and confirm the one chosen." }] },
  });
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  await page.request.patch(`/api/console/v1/agents/${id}`, {
    data: { states: [{ name: "main", prompt: "Offer three free slots today and confirm the one chosen." }] },
  });
  await page.goto(`/agents/${id}`);
  await page.getByRole("tab", { name: "Versions" }).click();
  await page.getByRole("button", { name: /^Version 1/ }).click();
  await page.getByRole("button", { name: "Restore as new version" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
  const diff = page.locator("table").filter({ has: page.locator("caption") });
  await expect(diff.locator("caption")).toHaveText(/^\d+ changes? from version 2 to version 3$/);
  // The prompt's change, word by word: whole words struck out and added, never split.
  const prompt = diff.locator("tr").filter({ hasText: "states[0].prompt" });
  await expect(prompt.locator("del").first()).toHaveText("three");
  await expect(prompt.locator("del").filter({ hasText: "today" })).toHaveCount(1);
  await expect(prompt.locator("ins")).toHaveText(["two"]);
  // Viewing the version it is compared with never compares it with itself.
  await page.getByRole("button", { name: /^Version 2/ }).click();
  await expect(page.getByText(/between version (\d+) and version \1\b/)).toHaveCount(0);
});

test("the dashboard says when From is later than To, and keeps showing the range it had", async ({ page }) => {
  await signInAsDemo(page, "/dashboard?from=2026-01-01&to=2026-01-31");
  await page.getByLabel("From").fill("2026-02-15");
  await expect(page.getByRole("alert").filter({ hasText: "is after To" })).toContainText("From (2026-02-15) is after To (2026-01-31)");
  await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-31/);
  await page.getByLabel("To").fill("2026-02-28");
  await expect(page).toHaveURL(/from=2026-02-15/);
  await expect(page.getByRole("alert").filter({ hasText: "is after To" })).toHaveCount(0);
});

test("usage, webhooks and prices have pages of their own", async ({ page }) => {
  await signInAsDemo(page);
  await page.getByRole("link", { name: "Usage" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();
  const usage = (await (await page.request.get("/api/console/v1/analytics/usage")).json()) as { data: { peak_concurrent_calls: number; totals: { calls: number } } };
  await expect(page.locator('[data-usage="peak"]')).toHaveAttribute("data-value", String(usage.data.peak_concurrent_calls));
  await expect(page.locator('[data-usage="calls"]')).toHaveAttribute("data-value", String(usage.data.totals.calls));
  expect(usage.data.peak_concurrent_calls).toBeGreaterThan(0);

  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No webhook deliveries yet" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Status" })).toBeVisible();

  await page.getByRole("link", { name: "Prices" }).click();
  const telephony = page.getByLabel("Telephony");
  await expect(telephony).toHaveAttribute("placeholder", "0.014");
  await telephony.fill("0.02");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByText("Prices saved", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Telephony")).toHaveValue("0.02");
  await page.getByLabel("Telephony").fill("");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByText("Prices saved", { exact: true })).toBeVisible();
});

test("an agent's language, model and voice are picked from lists; deleting it names the numbers that lose it", async ({ page }) => {
  await signInAsDemo(page);
  const id = await agentId(page, "Appointment booking");
  await page.goto(`/agents/${id}`);
  await page.getByRole("tab", { name: "Settings" }).click();
  const language = page.getByLabel("Language", { exact: true });
  await expect(language).toHaveValue("en-US");
  await expect(language.locator("option", { hasText: "German (Germany) · de-DE" })).toHaveCount(1);
  await expect(page.getByText(/models listed by the provider/)).toBeVisible();
  const listId = await page.getByRole("combobox", { name: "Model" }).getAttribute("list");
  await expect(page.locator(`datalist[id="${listId}"] option[value="gpt-4.1"]`)).toHaveCount(1);
  await expect(page.getByRole("radio", { name: /alloy/ })).toBeChecked();
  await page.getByRole("radio", { name: /coral/ }).check();
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await expect(page.getByText("Base prompt")).toHaveCSS("font-family", await page.getByText("Name", { exact: true }).first().evaluate((element) => getComputedStyle(element).fontFamily));

  // The phone-numbers spec may have given the Bookings line another agent: this test sets its own start.
  const numbers = ((await (await page.request.get("/api/console/v1/phone-numbers?limit=100")).json()) as { data: { id: string; number: string }[] }).data;
  const bookings = numbers.find((number) => number.number === "+14155550101")!;
  expect((await page.request.patch(`/api/console/v1/phone-numbers/${bookings.id}`, { data: { inbound_agent_id: id } })).status()).toBe(200);
  await page.goto("/agents");
  await page.getByRole("button", { name: "Delete Appointment booking" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Bookings line (+14155550101)");
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("calls, phone numbers and cost per agent keep their key facts in view", async ({ page }) => {
    await signInAsDemo(page, "/calls");
    const card = page.getByRole("list", { name: "Calls" }).getByRole("listitem").first();
    await expect(card).toBeVisible();
    await expect(card).toContainText(/Duration/);
    await expect(card).toContainText(/Cost/);
    const box = await card.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    await page.goto("/phone-numbers");
    const edit = page.getByRole("button", { name: "Edit +14155550101" });
    await expect(edit).toBeInViewport();
    await expect(page.getByRole("button", { name: "Remove +14155550101" })).toBeInViewport();

    await page.goto("/dashboard");
    const agents = page.getByTestId("agent-cards");
    await expect(agents.getByRole("listitem")).toHaveCount(3);
    for (const item of await agents.getByRole("listitem").all()) {
      const itemBox = await item.boundingBox();
      expect(itemBox!.x + itemBox!.width).toBeLessThanOrEqual(390);
    }
  });
});

test("knowledge-base search marks the words it matched", async ({ page }) => {
  await signInAsDemo(page);
  const base = await page.request.post("/api/console/v1/knowledge-bases", { data: { name: "Marked" } });
  const id = ((await base.json()) as { data: { id: string } }).data.id;
  await page.request.post(`/api/console/v1/knowledge-bases/${id}/sources`, { multipart: { text_sources: JSON.stringify([{ title: "Arrival", content: "Parking is free in the garage behind the clinic after six in the evening." }]) } });
  await page.goto(`/knowledge-bases/${id}`);
  await page.getByLabel("Search this knowledge base").fill("garage parking");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const result = page.getByTestId("search-result").first();
  await expect(result.locator("mark")).toHaveText(["Parking", "garage"]);
});
