import { expect, test } from "@playwright/test";
import { signIn } from "./helpers/accounts";
import { demoCredentials } from "./helpers/demo";

/**
 * Talking to a demo agent through the Talk tab (the app's LLM is the fake OpenAI-compatible server
 * the global setup starts, helpers/fake-llm.ts), then finding the finished call with its
 * transcript and post-call answers.
 */
test("talk to an agent in the studio, then find the call with its transcript and answers", async ({ page }) => {
  const demo = demoCredentials();
  await signIn(page, demo.email, demo.password, "/agents");
  await page.getByRole("link", { name: "Appointment booking" }).first().click();
  await expect(page).toHaveURL(/\/agents\/[^/]+$/, { timeout: 60_000 });

  await page.getByRole("tab", { name: "Talk" }).click();
  const panel = page.locator('[aria-label="Talk to this agent"]');
  const transcript = panel.getByRole("log", { name: "Transcript" });
  const inspector = panel.getByRole("complementary", { name: "Call state" });
  // A text call (typed turns, the reply streamed as text); talk-voice.spec.ts drives the voice call.
  await panel.getByLabel("Voice").uncheck();
  await panel.getByRole("button", { name: "Start call" }).click();

  await expect(transcript).toContainText("Hi, this is Ava from Bright Smile Dental");
  await expect(inspector.getByTestId("current-state")).toHaveText("greeting");
  await expect(inspector).toContainText("None yet");

  await panel.getByLabel("Say something").fill("Hi, my name is Ada Lovelace and I need a cleaning.");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(transcript).toContainText("Hi, my name is Ada Lovelace and I need a cleaning.");
  await expect(transcript).toContainText("Nice to meet you, Ada Lovelace. Would you like to book a cleaning?");
  const variables = inspector.getByLabel("Variables");
  await expect(variables).toContainText("customer_name");
  await expect(variables).toContainText("Ada Lovelace");
  await page.screenshot({ path: test.info().outputPath("talk-mid-call.png") });

  // The greeting step offers no hang_up function, so the agent only says goodbye; the person hangs up.
  await panel.getByLabel("Say something").fill("Thanks, bye");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(transcript).toContainText("Goodbye!");
  await panel.getByRole("button", { name: "Hang up" }).click();
  await expect(panel).toContainText("The call ended");
  await expect(panel.getByLabel("Say something")).toBeDisabled();

  await page.goto("/calls");
  await page.getByLabel("Type", { exact: true }).click();
  await page.getByRole("option", { name: "Web calls", exact: true }).click();
  await page.getByRole("button", { name: "Apply filters" }).click();
  const newest = page.locator("tr[data-call-id]").first();
  await expect(newest).toContainText("Appointment booking");
  const callId = await newest.getAttribute("data-call-id");
  await newest.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/calls/${callId}$`));

  await expect(page.getByText("Hi, my name is Ada Lovelace and I need a cleaning.")).toBeVisible();
  await expect(page.getByText("Nice to meet you, Ada Lovelace. Would you like to book a cleaning?")).toBeVisible();
  await expect(page.getByText("Ada Lovelace", { exact: true })).toBeVisible(); // the recorded variable

  // The post-call job answers the agent's two questions from the transcript shortly after the call.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("appointment_booked")).toBeVisible({ timeout: 2_000 });
    // The answer to the summary question (the call's own analysis may read the same: the fake model says one thing).
    await expect(page.getByRole("definition").filter({ hasText: /^The caller introduced themselves and then said goodbye\.$/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000, 2_000] });
});
