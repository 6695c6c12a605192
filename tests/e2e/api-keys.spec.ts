import { expect, test } from "@playwright/test";
import { signUp } from "./helpers/accounts";

test("an API key made in the studio is shown once, works with /v1, and stops working when revoked", async ({ page, request }) => {
  await signUp(page, { organization: "Key Makers" });
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByText("No API keys yet")).toBeVisible();

  // A click that lands before hydration does nothing: click until the dialog is open.
  await expect(async () => {
    await page.getByRole("button", { name: "Create API key" }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await page.getByLabel("Name").fill("CRM integration");
  await page.getByRole("button", { name: "Create key" }).click();
  const keyField = page.getByRole("dialog").getByRole("textbox", { name: "CRM integration" });
  await expect(keyField).toHaveValue(/^vk_[0-9A-Za-z]{49}$/);
  const key = await keyField.inputValue();
  await page.getByRole("button", { name: "Done" }).click();

  // The list shows the prefix, never the whole key again.
  const row = page.getByTestId("api-key-row").filter({ hasText: "CRM integration" });
  await expect(row).toContainText(key.slice(0, 11));
  await expect(page.locator("body")).not.toContainText(key);
  // Columns: name, prefix, created by, created, last used.
  const lastUsed = row.getByRole("cell").nth(4);
  await expect(lastUsed).toHaveText("Never");

  const calls = await request.get("/v1/calls", { headers: { "X-Api-Key": key } });
  expect(calls.status()).toBe(200);
  expect((await calls.json()).data).toEqual([]); // a new organization has no calls (the demo's are not visible)

  await page.reload();
  await expect(lastUsed).toHaveText(/minute|now/);

  await row.getByRole("button", { name: "Revoke CRM integration" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(row.getByText("Revoked")).toBeVisible();

  const refused = await request.get("/v1/calls", { headers: { "X-Api-Key": key } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.type).toBe("authentication_error");
});
