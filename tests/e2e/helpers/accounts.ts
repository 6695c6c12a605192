import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export const PASSWORD = "correct-horse-battery";

/** An email no other test uses. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.test`;
}

/** Signs up through the form; the new user owns `organization` and lands on the dashboard. */
export async function signUp(page: Page, input: { email?: string; name?: string; organization?: string; password?: string } = {}) {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? PASSWORD;
  await page.goto("/sign-up");
  await fillSignUpForm(page, { ...input, email, password });
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password };
}

/** Fills and sends the sign-up form wherever it is (an invitation's sign-up has no organization field). */
export async function fillSignUpForm(page: Page, input: { email: string; password: string; name?: string; organization?: string }) {
  await page.getByLabel("Your name").fill(input.name ?? "E2E User");
  await page.getByLabel("Email").fill(input.email);
  await page.getByLabel("Password").fill(input.password);
  const organization = page.getByLabel("Organization name");
  if (await organization.count()) await organization.fill(input.organization ?? "E2E Organization");
  await page.getByRole("button", { name: /Create account/ }).click();
}

/** Signs in through the form and waits to leave the sign-in page. */
export async function signIn(page: Page, email: string, password = PASSWORD, callbackUrl?: string) {
  await page.goto(callbackUrl ? `/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** Signs out through the user menu. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}
