import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { signInAsDemo } from "./helpers/demo-session";

const CSV = ["Mobile,first_name,metadata.crm", "+12125550181,Ada,A1", "not-a-number,Bob,B2", "+13125550182,Cy,C3", "+12125550181,Dup,D4"].join("\n");

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/console/v1${path}`);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A campaign made in the studio from a CSV, run (the demo has no carrier: every call fails visibly), exported. */
test.describe("campaigns", () => {
  test("create from a CSV with a preview and column mapping, see the rejected rows, start it, watch it finish, export the contacts", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signInAsDemo(page, "/campaigns");
    await page.getByRole("link", { name: "New campaign" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "New campaign" })).toBeVisible();
    await page.getByLabel("Name").fill("E2E reminders");
    await page.getByLabel("CSV file").setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
    const preview = page.getByRole("table", { name: "CSV preview" });
    await expect(preview).toContainText("+12125550181");
    await expect(preview).toContainText("not-a-number");
    // The columns were read and guessed: Mobile is the phone number, first_name a variable.
    await expect(page.getByLabel("Mobile")).toContainText("Phone number");
    await expect(page.getByLabel("first_name")).toContainText("first_name");
    await expect(page.getByLabel("metadata.crm")).toContainText("Metadata");
    // Every day, all day: the run does not depend on the hour the test runs at.
    for (const day of ["Sat", "Sun"]) await page.getByRole("checkbox", { name: day }).check();
    await page.getByLabel("From").fill("00:00");
    await page.getByLabel("Until").fill("23:59");
    await page.getByLabel("New calls per second").fill("5");
    await page.screenshot({ path: testInfo.outputPath("campaign-create.png"), fullPage: true });
    await page.getByRole("button", { name: /Create campaign and import contacts/ }).click();

    await expect(page.getByRole("heading", { name: "E2E reminders is ready" })).toBeVisible();
    await expect(page.getByText(/2 contacts added.*1 duplicates dropped, 1 rows rejected/)).toBeVisible();
    const rejected = page.getByRole("table", { name: "Rejected rows" });
    await expect(rejected.getByRole("row")).toHaveCount(2);
    await expect(rejected).toContainText("3");
    await expect(rejected).toContainText("phone_number");
    await page.getByRole("link", { name: "Open the campaign" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "E2E reminders" })).toBeVisible();
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();
    await expect(page.locator('[data-count="total"]')).toHaveText("2");
    await page.getByRole("button", { name: "Start" }).click();
    // Live progress: without a carrier each call fails at once, the contacts fail, the campaign completes.
    await expect(page.getByText("Completed", { exact: true }).first()).toBeVisible({ timeout: 45_000 });
    await expect(page.locator('[data-count="failed"]')).toHaveText("2");
    await expect(page.locator('[data-count="calls_placed"]')).toHaveText("2");
    const contacts = page.getByRole("table", { name: "Contacts" });
    await expect(contacts.getByRole("link", { name: "View call" })).toHaveCount(2);
    await expect(contacts).toContainText("no telephony provider");
    await expect(page.getByRole("img", { name: /Calls per minute/ })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("campaign-page.png"), fullPage: true });

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export contacts (CSV)" }).click();
    const file = await (await download).path();
    const lines = readFileSync(file!, "utf8").trim().split(/\r?\n/);
    expect(lines[0]).toBe("phone_number,status,outcome,attempts,next_attempt_at,last_call_id,timezone,first_name,metadata.crm");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 4).join(","))).toEqual(["+12125550181,failed,no_telephony_provider,1", "+13125550182,failed,no_telephony_provider,1"]);

    // The call behind a contact.
    await contacts.getByRole("link", { name: "View call" }).first().click();
    await expect(page).toHaveURL(/\/calls\/[0-9a-f-]{36}$/);
    // The call's page says the campaign placed it, and leads back to it.
    const startedBy = page.locator("dt", { hasText: /^Started by$/ }).locator("xpath=..").locator("dd");
    await expect(startedBy).toContainText("Campaign “E2E reminders”");
    await expect(startedBy.getByRole("link", { name: "Campaign “E2E reminders”" })).toHaveAttribute("href", /^\/campaigns\/[0-9a-f-]{36}$/);
    const campaigns = await api<{ id: string; name: string }[]>(page, "/campaigns?limit=100");
    expect(campaigns.some((campaign) => campaign.name === "E2E reminders")).toBe(true);
  });

  test("Settings → Concurrency and → Do not call: an owner changes the limit and the list", async ({ page }) => {
    await signInAsDemo(page, "/settings/concurrency");
    await page.getByLabel("Calls at once").fill("25");
    await page.getByLabel("Kept for inbound calls").fill("3");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(/of 25 slots/)).toBeVisible();
    expect(await api<{ limit: number; inbound_reserved: number }>(page, "/concurrency")).toMatchObject({ limit: 25, inbound_reserved: 3 });
    await page.getByLabel("Kept for inbound calls").fill("30");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Must be at most limit" })).toBeVisible();

    await page.goto("/settings/do-not-call");
    await page.getByRole("textbox", { name: "Numbers" }).fill("+1 415 555 0190, +14155550191");
    await page.getByLabel("Reason (optional)").fill("Asked by email");
    await page.getByRole("button", { name: "Add to the list" }).click();
    const list = page.getByRole("table", { name: "Do-not-call numbers" });
    await expect(list).toContainText("+14155550190");
    await expect(list).toContainText("Asked by email");
    await page.getByRole("button", { name: "Remove +14155550191" }).click();
    await expect(list).not.toContainText("+14155550191");
    await page.getByRole("textbox", { name: "Numbers" }).fill("12");
    await page.getByRole("button", { name: "Add to the list" }).click();
    await expect(page.getByText(/phone_numbers\[0\]/)).toBeVisible();
  });
});
