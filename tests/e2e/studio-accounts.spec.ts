import { expect, test } from "@playwright/test";
import { signUp, uniqueEmail } from "./helpers/accounts";

test("a new user signs up, owns a new organization and lands on the dashboard", async ({ page }) => {
  await signUp(page, { organization: "Sign-up Works Ltd" });
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign-up Works Ltd Owner (switch organization)", exact: true }).first()).toBeAttached();

  // Signed in, the landing page goes straight to the dashboard; signed out, console pages go to sign-in.
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().clearCookies();
  await page.goto("/calls");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fcalls/);
});

test("sign-up names the field that is wrong, and an email is registered only once", async ({ page }) => {
  const email = uniqueEmail("twice");
  await signUp(page, { email });
  await page.context().clearCookies();
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("short");
  await page.getByLabel("Organization name").fill("Again");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Must be at least 8 characters")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Password").fill("long-enough-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(/An account with this email exists/)).toBeVisible();
});

test("a wrong password is refused without saying which part was wrong", async ({ page }) => {
  const { email } = await signUp(page);
  await page.context().clearCookies();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password" })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});
