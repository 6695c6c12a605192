import { expect, test } from "@playwright/test";
import { fillSignUpForm, signUp, uniqueEmail, PASSWORD } from "./helpers/accounts";

test("a member invited as viewer joins by link, reads everything and every change is refused", async ({ page, browser }) => {
  await signUp(page, { organization: "Viewers Welcome" });
  const number = `+1415${String(Date.now()).slice(-7)}`;
  const base = await page.request.post("/api/console/v1/knowledge-bases", { data: { name: "Handbook" } });
  expect(base.status()).toBe(201);
  const knowledgeBaseId = (await base.json()).data.id;
  const created = await page.request.post("/api/console/v1/phone-numbers", { data: { number, name: "Front desk" } });
  expect(created.status()).toBe(201);
  const phoneNumberId = (await created.json()).data.id;

  // The owner makes a viewer invitation and copies its link.
  await page.getByRole("link", { name: "Members" }).click();
  await page.getByLabel("Role", { exact: true }).click();
  await page.getByRole("option", { name: "Viewer" }).click();
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = await page.getByLabel(/Invitation link/).inputValue();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("invitation-row")).toHaveCount(1);

  // Someone without an account opens it, signs up, and joins.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto(link);
  await expect(viewer.getByRole("heading", { name: "Join Viewers Welcome" })).toBeVisible();
  await viewer.getByRole("link", { name: "Create an account and join" }).click();
  await expect(viewer.getByLabel("Organization name")).toHaveCount(0);
  await fillSignUpForm(viewer, { email: uniqueEmail("viewer"), password: PASSWORD, name: "Vera Viewer" });
  // Signing up from the invitation joins at once: no second "Join" to press.
  await expect(viewer).toHaveURL(/\/dashboard$/);
  await expect(viewer.getByRole("button", { name: "Viewers Welcome Viewer (switch organization)", exact: true }).first()).toBeAttached();

  // The link worked once.
  await viewer.goto(link);
  await expect(viewer.getByRole("heading", { name: "This invitation does not work" })).toBeVisible();

  // An agent reads as read-only: no editing hints, and Start call is disabled with the reason (not a 403 after pressing it).
  const agent = await page.request.post("/api/console/v1/agents", { data: { name: "Greeter", initial_state_name: "main", states: [{ name: "main", prompt: "Greet." }] } });
  const agentId = ((await agent.json()) as { data: { id: string } }).data.id;
  await viewer.goto(`/agents/${agentId}`);
  await expect(viewer.getByText("Read-only: select a state or transition to see its details.")).toBeVisible();
  await expect(viewer.getByText(/Drag from a state/)).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Add state" })).toHaveCount(0);
  await viewer.getByRole("tab", { name: "Talk" }).click();
  await expect(viewer.getByRole("button", { name: "Start call" })).toBeDisabled();
  await expect(viewer.getByText("Viewers cannot start calls")).toBeVisible();

  // The studio's own controls are disabled or absent for a viewer.
  await viewer.goto("/settings/api-keys");
  await expect(viewer.getByRole("button", { name: "Create API key" }).first()).toBeDisabled();
  await viewer.goto("/settings/members");
  await expect(viewer.getByTestId("member-row")).toHaveCount(2);
  await expect(viewer.getByRole("button", { name: "Create invitation link" })).toHaveCount(0);
  await expect(viewer.getByRole("combobox")).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await viewer.goto("/settings/organization");
  await expect(viewer.getByLabel("Name")).toBeDisabled();
  await expect(viewer.getByLabel("Webhook signing secret")).toHaveCount(0);

  // Reading works through the BFF; every change is refused there too, called directly.
  const api = viewer.request;
  const bases = await api.get("/api/console/v1/knowledge-bases");
  expect(bases.status()).toBe(200);
  expect((await bases.json()).data.map((kb: { name: string }) => kb.name)).toEqual(["Handbook"]);
  expect((await api.post(`/api/console/v1/knowledge-bases/${knowledgeBaseId}/search`, { data: { query: "hours" } })).status()).toBe(200);

  const refused = [
    await api.post("/api/console/v1/knowledge-bases", { data: { name: "Mine" } }),
    await api.patch(`/api/console/v1/knowledge-bases/${knowledgeBaseId}`, { data: { name: "Renamed" } }),
    await api.delete(`/api/console/v1/knowledge-bases/${knowledgeBaseId}`),
    await api.patch(`/api/console/v1/phone-numbers/${phoneNumberId}`, { data: { name: "Renamed" } }),
    await api.delete(`/api/console/v1/phone-numbers/${phoneNumberId}`),
    await api.post("/api/console/v1/agents", { data: { name: "Mine" } }),
    await api.post("/api/console/v1/calls/phone", { data: { from_number: number, to_number: "+14155550123", agent_id: knowledgeBaseId } }),
    await api.get("/api/console/v1/webhook-secret"),
    await api.post("/api/console/api-keys", { data: { name: "Mine" } }),
    await api.post("/api/console/invitations", { data: { role: "viewer" } }),
    await api.patch("/api/console/organization", { data: { name: "Taken over" } }),
  ];
  for (const response of refused) {
    expect(response.status(), response.url()).toBe(403);
    const body = await response.json();
    expect(body.error.type).toBe("permission_error");
    expect(body.message).toContain("viewer");
  }

  // Nothing changed.
  const after = await page.request.get(`/api/console/v1/phone-numbers/${phoneNumberId}`);
  expect((await after.json()).data.name).toBe("Front desk");
  const basesAfter = await page.request.get("/api/console/v1/knowledge-bases");
  expect((await basesAfter.json()).data.map((kb: { name: string }) => kb.name)).toEqual(["Handbook"]);
  await viewerContext.close();
});
