import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn } from "./helpers/accounts";
import { demoCredentials } from "./helpers/demo";

/**
 * The agent builder as a person uses it: a template, a new state connected by dragging, a custom
 * function with a response mapping, a save that survives a reload (positions included), a broken
 * graph whose error lands on its edge, a restored version and post-call questions of three types;
 * the turn-taking settings; a warm transfer_call tool.
 */
async function signInAsDemo(page: Page, next: string) {
  const demo = demoCredentials();
  await signIn(page, demo.email, demo.password, next);
  await page.waitForURL((url) => url.pathname === next);
}

const stateNode = (page: Page, name: string) => page.locator(`.react-flow__node:has([data-testid="state-node"][data-state-name="${name}"])`);
const panel = (page: Page) => page.getByRole("complementary", { name: "Selection" });

/** The node's place on the canvas (xyflow's translate), which follows its saved x_position/y_position. */
async function placement(node: Locator): Promise<string> {
  return (await node.getAttribute("style"))?.match(/translate\([^)]*\)/)?.[0] ?? "";
}

async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

test.describe("agent builder", () => {
  test("build, save, reload, break, restore, and add questions", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAsDemo(page, "/agents");

    const name = `E2E booking ${Date.now()}`;
    await page.getByRole("button", { name: "New agent" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("radio", { name: /Appointment booking/ }).check();
    await dialog.getByRole("button", { name: "Create agent" }).click();
    await page.waitForURL(/\/agents\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(stateNode(page, "greeting")).toBeVisible();

    // A new state, renamed, moved, and connected from "book" by dragging between handles (the whole
    // graph in view first: the first view keeps a readable zoom and starts at the graph's left edge).
    await page.getByRole("button", { name: "Add state" }).click();
    await page.getByRole("button", { name: "Fit View" }).click();
    await panel(page).getByLabel("Name", { exact: true }).fill("follow_up");
    const followUp = stateNode(page, "follow_up");
    await expect(followUp).toBeVisible();
    const box = (await followUp.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 12);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + 180, { steps: 8 });
    await page.mouse.up();
    await drag(page, stateNode(page, "book").locator(".react-flow__handle.source"), followUp.locator(".react-flow__handle.target"));
    await expect(panel(page).getByRole("heading", { name: "Transition" })).toBeVisible();
    await panel(page).getByLabel("Condition").fill("The caller has another question");

    // A custom function with a response mapping in the new state.
    await followUp.click();
    await panel(page).getByRole("button", { name: "Add tool" }).click();
    await panel(page).getByLabel("Function name").fill("lookup_order");
    await panel(page).getByLabel("URL").fill("https://orders.example.com/lookup");
    await panel(page).getByRole("button", { name: "Add mapping" }).click();
    await panel(page).getByLabel("JSONPath").fill("$.order.status");
    await panel(page).getByLabel("Into variable").fill("order_status");
    const placed = await placement(followUp);

    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Version 2 saved and published", { exact: true })).toBeVisible();

    await page.reload();
    await expect(stateNode(page, "follow_up")).toBeVisible();
    expect(await placement(stateNode(page, "follow_up"))).toBe(placed);
    await expect(page.getByTestId("transition-label").filter({ hasText: "The caller has another question" })).toBeVisible();
    await stateNode(page, "follow_up").click();
    await expect(panel(page).getByLabel("Function name")).toHaveValue("lookup_order");
    await expect(panel(page).getByLabel("URL")).toHaveValue("https://orders.example.com/lookup");
    await expect(panel(page).getByLabel("JSONPath")).toHaveValue("$.order.status");
    await expect(panel(page).getByLabel("Into variable")).toHaveValue("order_status");

    // Break the graph: delete the state the new transition goes to; the API's error lands on that edge.
    await panel(page).getByRole("button", { name: "Delete state" }).click();
    await expect(page.getByTestId("missing-node")).toContainText("follow_up");
    await page.getByRole("button", { name: "Save" }).click();
    const broken = page.locator('[data-testid="transition-label"][data-invalid="true"]');
    await expect(broken).toContainText("The caller has another question");
    await expect(broken).toContainText('No state is named "follow_up"');

    // Restore version 1 as a new version (replacing the unsaved, broken graph).
    await page.getByRole("tab", { name: "Versions" }).click();
    await page.getByRole("button", { name: /Version 1/ }).click();
    await page.getByRole("button", { name: "Restore as new version" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
    await expect(page.getByText("Version 1 restored as version 3", { exact: true })).toBeVisible();
    await page.getByRole("tab", { name: "Graph" }).click();
    await expect(stateNode(page, "book")).toBeVisible();
    await expect(stateNode(page, "follow_up")).toHaveCount(0);
    await expect(page.getByTestId("missing-node")).toHaveCount(0);

    // Post-call questions of three types, and one refused on its row.
    await page.getByRole("tab", { name: "Post-call questions" }).click();
    const rows = page.getByTestId("question-row");
    const addQuestion = async (questionName: string, type: string) => {
      await page.getByRole("button", { name: "Add question" }).click();
      const row = rows.last();
      await row.getByLabel("Name", { exact: true }).fill(questionName);
      await row.getByLabel("Type").selectOption({ label: type });
      return row;
    };
    await addQuestion("Booked", "Yes / no");
    const summary = await addQuestion("Summary", "Text");
    await summary.getByLabel("Examples").fill("Booked a check-up");
    const service = await addQuestion("Service", "Single choice");
    await service.getByRole("button", { name: "Add option" }).click();
    await service.getByRole("textbox", { name: "Option 1" }).fill("Check-up");
    await service.getByRole("button", { name: "Add option" }).click();
    await service.getByRole("textbox", { name: "Option 2" }).fill("Cleaning");
    const refused = await addQuestion("Mood", "Multiple choice");
    await page.getByRole("button", { name: "Save 4 questions" }).click();
    await expect(refused).toHaveAttribute("data-invalid", "true");
    await expect(refused.getByRole("alert")).toBeVisible();
    await expect(page.getByText("1 question was not saved", { exact: true })).toBeVisible();

    await page.reload();
    await page.getByRole("tab", { name: "Post-call questions" }).click();
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0).getByLabel("Name", { exact: true })).toHaveValue("Booked");
    await expect(rows.nth(2).getByRole("textbox", { name: "Option 2" })).toHaveValue("Cleaning");
  });

  test("turn taking and noise: the waits, the endpointing URL and denoise are saved, and a wait out of order is refused on its field", async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsDemo(page, "/agents");
    const name = `E2E turns ${Date.now()}`;
    await page.getByRole("button", { name: "New agent" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("radio", { name: /Appointment booking/ }).check();
    await dialog.getByRole("button", { name: "Create agent" }).click();
    await page.waitForURL(/\/agents\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    await page.getByRole("tab", { name: /^Settings/ }).click();
    const section = page.getByRole("region", { name: "Turn taking and noise" });
    // The defaults, shown as they are.
    await expect(section.getByLabel("Wait after a finished sentence")).toHaveValue("300");
    await expect(section.getByLabel("Silence that ends a turn")).toHaveValue("700");
    await expect(section.getByLabel("Wait after a broken-off sentence")).toHaveValue("2000");
    await expect(section.getByLabel("Remove background noise from the caller's audio")).not.toBeChecked();

    // A wait after a finished sentence longer than the silence that ends a turn is refused on its field.
    await section.getByLabel("Wait after a finished sentence").fill("900");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(section.getByRole("alert")).toContainText("Must not exceed silence_threshold_ms");

    await section.getByLabel("Wait after a finished sentence").fill("250");
    // Typed key by key as a person does: the field cleared on the way does not snap back to its default (700) under the cursor.
    const silence = section.getByLabel("Silence that ends a turn");
    await silence.click();
    await silence.press("End");
    for (let i = 0; i < 3; i++) await silence.press("Backspace");
    await expect(silence).toHaveValue("");
    await silence.pressSequentially("800");
    await expect(silence).toHaveValue("800");
    await section.getByLabel("Wait after a broken-off sentence").fill("2500");
    await section.getByLabel("Endpointing URL").fill("https://turns.example.com/decide");
    await section.getByLabel("Remove background noise from the caller's audio").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Version 2 saved and published", { exact: true })).toBeVisible();

    await page.reload();
    await page.getByRole("tab", { name: /^Settings/ }).click();
    await expect(section.getByLabel("Wait after a finished sentence")).toHaveValue("250");
    await expect(section.getByLabel("Silence that ends a turn")).toHaveValue("800");
    await expect(section.getByLabel("Wait after a broken-off sentence")).toHaveValue("2500");
    await expect(section.getByLabel("Endpointing URL")).toHaveValue("https://turns.example.com/decide");
    await expect(section.getByLabel("Remove background noise from the caller's audio")).toBeChecked();
  });

  test("a transfer_call tool: number and warm transfer saved and read back (UI and API), a ring time out of range refused on its field, cold drops the warm fields", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAsDemo(page, "/agents");
    const created = await page.request.post("/api/console/v1/agents", {
      data: { name: `E2E transfer ${Date.now()}`, initial_state_name: "main", states: [{ name: "main", prompt: "Help the caller; put them through to billing when asked." }] },
    });
    expect(created.status()).toBe(200);
    const agentId = (await created.json()).data.id as string;
    const storedTool = async () => {
      const response = await page.request.get(`/v1/agents/${agentId}`, { headers: { "X-Api-Key": demoCredentials().apiKey } });
      expect(response.status()).toBe(200);
      return (await response.json()).data.states[0].tools[0] as Record<string, unknown>;
    };

    await page.goto(`/agents/${agentId}`);
    await stateNode(page, "main").click();
    await panel(page).getByLabel("New tool").selectOption({ label: "Transfer call" });
    await panel(page).getByRole("button", { name: "Add tool" }).click();
    const tool = panel(page).getByTestId("tool-0");
    await expect(tool).toContainText("Transfer call");
    // Cold by default: no warm-only field until Warm is chosen.
    await expect(tool.getByLabel("Mode", { exact: true })).toHaveValue("cold");
    await expect(tool).toContainText("Cold (default): hand the caller over at once.");
    await expect(tool.getByLabel("Ring for (seconds)")).toHaveCount(0);
    await tool.getByLabel("Transfer to").fill("+14155550199");
    await tool.getByLabel("Mode", { exact: true }).selectOption({ label: "Warm" });
    await expect(tool.getByLabel("Ring for (seconds)")).toHaveValue("30");
    await expect(tool).toContainText("Warm: hold the caller, brief the destination, then join them.");
    const whisper = "{{from_number}} is calling about a double charge on their last invoice.";
    await tool.getByLabel("Summary spoken to the destination").fill(whisper);
    await tool.getByLabel("Ring for (seconds)").fill("20");
    if (process.env.E2E_SCREENSHOT_DIR) {
      mkdirSync(process.env.E2E_SCREENSHOT_DIR, { recursive: true });
      await tool.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, "warm-transfer-tool.png") });
    }
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Version 2 saved and published", { exact: true })).toBeVisible();

    await page.reload();
    await stateNode(page, "main").click();
    await expect(tool.getByLabel("Transfer to")).toHaveValue("+14155550199");
    await expect(tool.getByLabel("Mode", { exact: true })).toHaveValue("warm");
    await expect(tool.getByLabel("Summary spoken to the destination")).toHaveValue(whisper);
    await expect(tool.getByLabel("Hold audio URL")).toHaveValue("");
    await expect(tool.getByLabel("Ring for (seconds)")).toHaveValue("20");
    // The API holds what the builder showed; the empty hold audio URL is absent (the built-in chime), not "".
    const warm = await storedTool();
    expect(warm).toMatchObject({ type: "transfer_call", transfer_phone_number: "+14155550199", transfer_mode: "warm", transfer_timeout_seconds: 20, whisper_message: whisper });
    expect(warm).not.toHaveProperty("hold_audio_url");

    // A ring time out of range: the server's problem under that field, nothing saved.
    await tool.getByLabel("Ring for (seconds)").fill("500");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(tool.getByLabel("Ring for (seconds)")).toHaveAttribute("aria-invalid", "true");
    await expect(tool.getByRole("alert")).toHaveText("At most 120");
    expect((await storedTool()).transfer_timeout_seconds).toBe(20);
    // The warm fields with a problem shown pass axe (labels tied to inputs, the error's contrast).
    const axe = await new AxeBuilder({ page, axeSource: readFileSync(require.resolve("axe-core/axe.min.js"), "utf8") })
      .include('[data-testid="tool-0"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // Back to cold: the warm-only fields (the refused 500 with them) leave the tool, so the save goes through.
    await tool.getByLabel("Mode", { exact: true }).selectOption("cold");
    await expect(tool.getByLabel("Ring for (seconds)")).toHaveCount(0);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Version 3 saved and published", { exact: true })).toBeVisible();
    const cold = await storedTool();
    expect(cold).toMatchObject({ type: "transfer_call", transfer_phone_number: "+14155550199" });
    for (const field of ["transfer_mode", "whisper_message", "hold_audio_url", "transfer_timeout_seconds"]) expect(cold).not.toHaveProperty(field);
  });
});
