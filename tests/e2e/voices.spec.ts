import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers/accounts";
import { demoCredentials } from "./helpers/demo";

// The e2e server has OpenAI's key (the fake) and no other speech provider's: a new agent speaks and
// listens with OpenAI, Deepgram is marked as needing its key, and Talk says so before a voice call.

async function newAgent(page: Page, name: string) {
  const demo = demoCredentials();
  await signIn(page, demo.email, demo.password, "/agents");
  await page.waitForURL((url) => url.pathname === "/agents");
  await page.getByRole("button", { name: "New agent" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("radio", { name: /Blank agent/ }).check();
  await dialog.getByRole("button", { name: "Create agent" }).click();
  await page.waitForURL(/\/agents\/[0-9a-f-]{36}$/);
}

test("voices are heard from the picker; a provider the server cannot use is marked, and Talk says why before offering a text call", async ({ page }) => {
  test.setTimeout(90_000);
  await newAgent(page, `E2E voices ${Date.now()}`);
  await page.getByRole("tab", { name: "Settings" }).click();

  // The server follows its keys: OpenAI speaks and listens for a new agent.
  await expect(page.getByLabel("Provider", { exact: true })).toHaveValue("openai");
  await expect(page.getByLabel("Transcriber", { exact: true })).toHaveValue("openai");
  // Each voice can be heard: a sentence through it, from the server.
  const preview = page.waitForResponse((response) => response.url().endsWith("/api/console/v1/voices/preview"));
  await page.getByRole("button", { name: "Hear coral" }).click();
  const answer = await preview;
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("audio/wav");
  expect(JSON.parse(answer.request().postData() ?? "{}")).toMatchObject({ provider: "openai", voice: "coral" });

  // Providers this server has no key for are marked in the selects and under them.
  const transcriber = page.getByLabel("Transcriber", { exact: true });
  await expect(transcriber.locator("option", { hasText: "deepgram — needs DEEPGRAM_API_KEY" })).toHaveCount(1);
  await expect(page.getByLabel("Provider", { exact: true }).locator("option", { hasText: "elevenlabs — needs ELEVENLABS_API_KEY" })).toHaveCount(1);
  await transcriber.selectOption("deepgram");
  await expect(page.getByText("Voice calls cannot use deepgram on this server: it needs DEEPGRAM_API_KEY.")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);

  // Talk: the voice call is explained before it starts, and the text call offered.
  await page.getByRole("tab", { name: "Talk" }).click();
  const panel = page.locator('[aria-label="Talk to this agent"]');
  await expect(panel.getByLabel("Voice")).toBeChecked();
  const alert = panel.getByRole("alert").filter({ hasText: "A voice call cannot start on this server." });
  await expect(alert).toContainText("transcriber.provider is deepgram, which needs DEEPGRAM_API_KEY");
  await expect(panel.getByRole("button", { name: "Start call" })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath("talk-voice-unavailable.png"), fullPage: true });
  await alert.getByRole("button", { name: "Start a text call instead" }).click();
  await expect(panel.getByRole("log", { name: "Transcript" })).toContainText("Hello! How can I help you today?", { timeout: 20_000 });
  await panel.getByRole("button", { name: "Hang up" }).click();
  await expect(panel).toContainText("The call ended");
});
