import path from "node:path";
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers/accounts";
import { demoCredentials } from "./helpers/demo";
import { TALK_CALLER_WORDS } from "./helpers/talk-speech";

// Chromium's fake microphone plays the committed espeak-ng WAV once (3 s of silence, then the
// caller's sentence); the app's speech providers are the fake OpenAI audio endpoints (tones).
const microphone = path.join(process.cwd(), "tests/fixtures/speech/talk-microphone.wav");
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || undefined,
    args: [
      "--no-sandbox",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${microphone}%noloop`,
      "--autoplay-policy=no-user-gesture-required",
    ],
  },
  permissions: ["microphone"],
});

test("Talk is a voice call: the agent greets in audio, hears the microphone, answers in audio, and the call keeps its latency", async ({ page }) => {
  const demo = demoCredentials();
  await signIn(page, demo.email, demo.password, "/agents");
  await page.getByRole("link", { name: "Appointment booking" }).first().click();
  await expect(page).toHaveURL(/\/agents\/[^/]+$/, { timeout: 60_000 });
  await page.getByRole("tab", { name: "Talk" }).click();
  const panel = page.locator('[aria-label="Talk to this agent"]');
  const transcript = panel.getByRole("log", { name: "Transcript" });
  await expect(panel.getByLabel("Voice")).toBeChecked();
  await panel.getByRole("button", { name: "Start call" }).click();

  // The greeting, as it is spoken.
  await expect(transcript).toContainText("Hi, this is Ava from Bright Smile Dental.", { timeout: 20_000 });
  await expect(panel.getByRole("meter", { name: "Microphone level" })).toBeVisible();
  // The microphone's sentence is heard, transcribed and answered in audio.
  await expect(transcript).toContainText(TALK_CALLER_WORDS, { timeout: 30_000 });
  await expect(transcript).toContainText("Nice to meet you, Ada Lovelace.", { timeout: 20_000 });
  await expect(panel.getByLabel("Turn latency")).toContainText("Turn 1");
  await expect
    .poll(async () => Number((await panel.getByText(/Agent audio played: /).textContent())?.match(/([\d.]+) s/)?.[1] ?? 0), { timeout: 20_000 })
    .toBeGreaterThan(1);
  const meter = panel.getByRole("meter", { name: "Microphone level" });
  await panel.getByRole("button", { name: "Mute microphone" }).click();
  await expect(meter).toHaveAttribute("aria-valuenow", "0");
  await page.screenshot({ path: test.info().outputPath("talk-voice.png"), fullPage: true });

  // Typing stays: a typed turn is answered in audio too.
  await panel.getByLabel("Say something").fill("Thanks, bye");
  await panel.getByRole("button", { name: "Send" }).click();
  await expect(transcript).toContainText("Goodbye!");
  await panel.getByRole("button", { name: "Hang up" }).click();
  await expect(panel).toContainText("The call ended");
  await panel.getByRole("link", { name: "Open the call" }).click();
  await expect(page).toHaveURL(/\/calls\/[0-9a-f-]{36}$/);
  await expect(page.getByText(TALK_CALLER_WORDS)).toBeVisible();
  await expect(page.getByRole("table", { name: "Latency per turn" })).toContainText("ms");
  await page.screenshot({ path: test.info().outputPath("talk-voice-call-page.png"), fullPage: true });
});
