import { expect, test } from "@playwright/test";
import { signUp } from "./helpers/accounts";

const sid = process.env.E2E_TWILIO_ACCOUNT_SID ?? "";
const token = process.env.E2E_TWILIO_AUTH_TOKEN ?? "";

test("Settings → Telephony: says telephony is not configured, refuses a wrong token, connects Twilio, shows the URLs to paste, tests and imports a number that then shows as live", async ({ page }) => {
  test.skip(!sid, "needs the Twilio double of tests/e2e/global-setup.ts");
  await signUp(page, { organization: "Phone Makers" });
  await page.goto("/phone-numbers");
  await expect(page.getByRole("status").filter({ hasText: "Telephony is not ready" })).toBeVisible();

  await page.goto("/settings/telephony");
  await expect(page.getByRole("status").filter({ hasText: "Telephony is not configured" })).toBeVisible();
  const twilio = page.locator('[data-carrier="twilio"]');
  await expect(twilio).toContainText("Not connected");

  const form = twilio.getByRole("form", { name: "Twilio credentials" });
  await form.getByLabel("Account SID").fill(sid);
  await form.getByLabel("Auth token").fill("not-the-token");
  await form.getByRole("button", { name: "Connect Twilio" }).click();
  await expect(form.getByText("Twilio refused this Account SID and auth token.")).toBeVisible();

  await form.getByLabel("Auth token").fill(token);
  await form.getByRole("button", { name: "Connect Twilio" }).click();
  await expect(twilio).toContainText("Ready");
  await expect(twilio).toContainText(sid);
  const origin = new URL(page.url()).origin;
  await expect(twilio.locator("code").first()).toHaveText(`${origin}/telephony/twilio/voice`);
  await expect(twilio).toContainText(`${origin.replace("http", "ws")}/telephony/twilio/media`);
  await expect(page.locator("body")).not.toContainText(token);
  await expect(page.getByText("Telephony is not configured")).toHaveCount(0);

  await twilio.getByRole("button", { name: "Test credentials" }).click();
  await expect(page.getByText("Twilio accepted the credentials", { exact: true })).toBeVisible();

  await twilio.getByRole("button", { name: "Show the account's numbers" }).click();
  const number = twilio.locator('[data-carrier-number="+14155550900"]');
  await expect(number).toContainText("Not live");
  await twilio.getByRole("button", { name: "Import all and point them here" }).click();
  await expect(number).toContainText("Live");
  await expect(number).not.toContainText("Not live");
  await page.screenshot({ path: "test-results/telephony-settings.png", fullPage: true });

  // After a reload the token is still nowhere on the page.
  await page.reload();
  await expect(page.locator('[data-carrier="twilio"]')).toContainText("Ready");
  await expect(page.locator("body")).not.toContainText(token);

  await page.goto("/phone-numbers");
  const row = page.locator('[data-number="+14155550900"]');
  await expect(row.getByTestId("carrier")).toContainText("Twilio");
  await expect(row.getByTestId("carrier")).toContainText("Live");
  await expect(page.getByText("Telephony is not ready")).toHaveCount(0);
  await page.screenshot({ path: "test-results/telephony-numbers.png", fullPage: true });
});
