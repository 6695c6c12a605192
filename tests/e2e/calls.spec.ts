import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signIn } from "./helpers/accounts";
import { demoCredentials } from "./helpers/demo";
import { parseCsv } from "../helpers/csv-reader";

/**
 * The calls pages on the demo organization, as a person uses them: filter, open a call, edit its
 * metadata both ways, export. Every check compares with what the API itself answers (through the
 * console's proxy, with the same session).
 */
async function signInAsDemo(page: Page, next: string) {
  const demo = demoCredentials();
  await signIn(page, demo.email, demo.password, next);
  await expect(page).toHaveURL((url) => url.pathname === next);
}

type Envelope<T> = { data: T; next_cursor?: string | null; total_items?: number | null };
type CallRow = { id: string; agent_id: string; type: string; metadata: Record<string, unknown> };

async function api<T>(request: APIRequestContext, path: string): Promise<Envelope<T>> {
  const response = await request.get(`/api/console/v1${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as Envelope<T>;
}

async function firstAgent(request: APIRequestContext) {
  const { data } = await api<{ id: string; name: string }[]>(request, "/agents?limit=100");
  expect(data.length).toBeGreaterThan(0);
  return data.sort((a, b) => a.name.localeCompare(b.name))[0];
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The JSON object a <pre data-testid=…> shows (key order aside: Postgres jsonb keeps its own). */
const shownJson = (page: Page, testId: string) => async (): Promise<unknown> => {
  const text = await page.getByTestId(testId).textContent();
  try {
    return JSON.parse(text ?? "");
  } catch {
    return text;
  }
};

const shownCallIds = (page: Page) => page.locator("tr[data-call-id]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-call-id")));


test.describe("calls", () => {
  test("filters by agent and type show the API's calls, page after page", async ({ page }) => {
    await signInAsDemo(page, "/calls");
    const agent = await firstAgent(page.request);
    await pickOption(page, "Agent", agent.name);
    await pickOption(page, "Type", "Phone calls");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`agent_id=${agent.id}.*call_type=phone_call`));

    const query = `agent_id=${agent.id}&call_type=phone_call&limit=50`;
    const first = await api<CallRow[]>(page.request, `/calls?${query}`);
    expect(first.data.length).toBeGreaterThan(0);
    expect(first.data.every((call) => call.agent_id === agent.id && call.type === "phone_call")).toBe(true);
    await expect.poll(() => shownCallIds(page)).toEqual(first.data.map((call) => call.id));

    // The next page is the API's page after next_cursor; Previous comes back to the first.
    expect(first.next_cursor).toBeTruthy();
    const second = await api<CallRow[]>(page.request, `/calls?${query}&cursor=${encodeURIComponent(first.next_cursor!)}`);
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => shownCallIds(page)).toEqual(second.data.map((call) => call.id));
    await page.getByRole("button", { name: "Previous" }).click();
    await expect.poll(() => shownCallIds(page)).toEqual(first.data.map((call) => call.id));

    // The filtered view survives a reload: it lives in the URL.
    await page.reload();
    await expect.poll(() => shownCallIds(page)).toEqual(first.data.map((call) => call.id));
  });

  test("the columns chosen stay chosen after a reload", async ({ page }) => {
    await signInAsDemo(page, "/calls");
    const table = page.getByRole("table", { name: "Calls" });
    await expect(table.getByRole("columnheader", { name: "Cost" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Call ID" })).toHaveCount(0);
    await page.getByRole("button", { name: "Columns" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Cost" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Call ID" }).click();
    await page.keyboard.press("Escape");
    await page.reload();
    await expect(table.getByRole("columnheader", { name: "Call ID" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Cost" })).toHaveCount(0);
  });

  test("metadata edited in merge mode, then in override mode, is what the API stores after a reload", async ({ page }) => {
    await signInAsDemo(page, "/calls");
    const firstRow = page.locator("tr[data-call-id]").first();
    const callId = (await firstRow.getAttribute("data-call-id"))!;
    await firstRow.getByRole("link").click();
    await page.waitForURL(`**/calls/${callId}`);

    const before = (await api<CallRow>(page.request, `/calls/${callId}`)).data.metadata;
    const stamp = `e2e-${Date.now()}`;
    const editor = page.getByLabel("Patch (JSON object)");
    await editor.fill(JSON.stringify({ e2e: { merged: stamp }, not_there: null }));
    const merged = { ...before, e2e: { ...((before.e2e as object) ?? {}), merged: stamp } };
    await expect.poll(shownJson(page, "metadata-preview")).toEqual(merged);
    await page.getByRole("button", { name: "Save (merge)" }).click();
    await expect.poll(shownJson(page, "saved-metadata")).toEqual(merged);

    await page.reload();
    const afterMerge = (await api<CallRow>(page.request, `/calls/${callId}`)).data.metadata;
    expect(afterMerge).toEqual(merged);
    await expect.poll(shownJson(page, "saved-metadata")).toEqual(afterMerge);

    // Not JSON, or not an object: refused in the browser, nothing saved.
    // Typing that lands before the reloaded page hydrates is lost: type until the editor reacts.
    await expect(async () => {
      await editor.fill("[1, 2]");
      await expect(page.getByRole("alert").filter({ hasText: "must be a JSON object" })).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(page.getByRole("button", { name: "Save (merge)" })).toBeDisabled();

    await page.getByLabel("Override").check();
    const replacement = { only: stamp, cleared: null };
    await page.getByLabel("New metadata (JSON object)").fill(JSON.stringify(replacement));
    await expect.poll(shownJson(page, "metadata-preview")).toEqual(replacement);
    await page.getByRole("button", { name: "Save (override)" }).click();
    await expect.poll(shownJson(page, "saved-metadata")).toEqual(replacement);

    await page.reload();
    expect((await api<CallRow>(page.request, `/calls/${callId}`)).data.metadata).toEqual(replacement);
    await expect.poll(shownJson(page, "saved-metadata")).toEqual(replacement);
  });

  test("a call deleted after confirming is gone from the list and the API", async ({ page }) => {
    await signInAsDemo(page, "/calls");
    const lastRow = page.locator("tr[data-call-id]").last();
    const callId = (await lastRow.getAttribute("data-call-id"))!;
    await lastRow.getByRole("link").click();
    await page.waitForURL(`**/calls/${callId}`);

    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    expect((await page.request.get(`/api/console/v1/calls/${callId}`)).status()).toBe(200);

    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete call" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/calls");
    await expect(page.locator("tr[data-call-id]").first()).toBeVisible();
    await expect(page.locator(`tr[data-call-id="${callId}"]`)).toHaveCount(0);
    expect((await page.request.get(`/api/console/v1/calls/${callId}`)).status()).toBe(404);
  });

  test("CSV export holds every call of the filter, transcripts included", async ({ page }) => {
    await signInAsDemo(page, "/calls");
    const agent = await firstAgent(page.request);
    await pickOption(page, "Agent", agent.name);
    await pickOption(page, "Type", "Web calls");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/call_type=web_call/);
    const total = (await api<CallRow[]>(page.request, `/calls?agent_id=${agent.id}&call_type=web_call&use_cursor=false&limit=1`)).total_items!;
    expect(total).toBeGreaterThan(50);

    await page.getByRole("button", { name: "Export CSV" }).click();
    await page.getByLabel("Include transcripts").check();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Start export" }).click();
    const download = await downloading;
    await expect(page.getByText(`Exported ${total.toLocaleString("en-US")} calls`)).toBeVisible();

    const text = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
    const [header, ...rows] = parseCsv(text);
    expect(rows).toHaveLength(total);
    const column = (name: string) => rows.map((row) => row[header.indexOf(name)]);
    expect(new Set(column("agent_id"))).toEqual(new Set([agent.id]));
    expect(new Set(column("type"))).toEqual(new Set(["web_call"]));
    expect(new Set(column("id")).size).toBe(total);
    expect(rows.every((row) => row.length === header.length)).toBe(true);
    expect(column("transcript").some((transcript) => transcript.includes("\n"))).toBe(true);
  });
});
