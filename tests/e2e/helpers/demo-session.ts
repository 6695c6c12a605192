import { expect, type Page } from "@playwright/test";
import { signIn } from "./accounts";
import { demoCredentials } from "./demo";

/** Signs in as the demo organization's owner. */
export async function signInAsDemo(page: Page, next = "/dashboard") {
  const demo = demoCredentials();
  await signIn(page, demo.email, demo.password, next);
  await expect(page).not.toHaveURL(/sign-in/);
}

/** The first id of a /v1 list, asked through the console's proxy with the page's session. */
export async function firstId(page: Page, path: string): Promise<string> {
  const response = await page.request.get(`/api/console/v1/${path}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { id: string }[] }).data[0].id;
}
