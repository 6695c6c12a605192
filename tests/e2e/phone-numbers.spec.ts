import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signIn } from "./helpers/accounts";
import { demoCredentials } from "./helpers/demo";

async function signInAsDemo(page: Page, next: string) {
  const demo = demoCredentials();
  await signIn(page, demo.email, demo.password, next);
  await expect(page).toHaveURL((url) => url.pathname === next);
}

type PhoneNumber = { id: string; number: string; inbound_agent_id: string | null; redirect: boolean; redirect_phone_number: string | null };

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api/console/v1${path}`);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const row = (page: Page, number: string) => page.locator(`tr[data-number="${number}"]`);

/** Phone numbers on the demo organization: assign an inbound agent; a bad redirect number never leaves the browser. */
test.describe("phone numbers", () => {
  test("an inbound agent chosen for a number is there after a reload, as the API has it", async ({ page }) => {
    await signInAsDemo(page, "/phone-numbers");
    const numbers = await api<PhoneNumber[]>(page.request, "/phone-numbers?limit=100");
    const agents = await api<{ id: string; name: string }[]>(page.request, "/agents?limit=100");
    const target = numbers[0];
    const agent = agents.find((candidate) => candidate.id !== target.inbound_agent_id)!;

    await row(page, target.number).getByRole("button", { name: `Edit ${target.number}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Inbound agent").click();
    await page.getByRole("option", { name: agent.name, exact: true }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, target.number).getByTestId("inbound-agent")).toHaveText(agent.name);

    await page.reload();
    await expect(row(page, target.number).getByTestId("inbound-agent")).toHaveText(agent.name);
    expect((await api<PhoneNumber>(page.request, `/phone-numbers/${target.id}`)).inbound_agent_id).toBe(agent.id);
  });

  test("a redirect number that is not E.164 is refused in the browser and nothing is sent", async ({ page }) => {
    await signInAsDemo(page, "/phone-numbers");
    const [target] = await api<PhoneNumber[]>(page.request, "/phone-numbers?limit=100");
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET" && request.url().includes("/api/console/v1/phone-numbers")) writes.push(`${request.method()} ${request.url()}`);
    });

    await row(page, target.number).getByRole("button", { name: `Edit ${target.number}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Forward incoming calls to another number").check();
    await dialog.getByLabel("Redirect number").fill("415-555-0199");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Must be an E.164 number", { exact: false })).toBeVisible();
    await expect(dialog.getByLabel("Redirect number")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog).toBeVisible();
    expect(writes).toEqual([]);

    // Corrected, it is saved and shown.
    await dialog.getByLabel("Redirect number").fill("+14155550199");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, target.number)).toContainText("→ +14155550199");
    const stored = await api<PhoneNumber>(page.request, `/phone-numbers/${target.id}`);
    expect(stored).toMatchObject({ redirect: true, redirect_phone_number: "+14155550199" });
  });
});
