import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { signIn, signUp, uniqueEmail, PASSWORD } from "./helpers/accounts";

test("an owner reads who changed what in Settings → Audit log, filters it and exports CSV; a viewer has no entry and gets 403", async ({ page, browser }) => {
  const { email } = await signUp(page, { organization: "Audited Studio" });
  const agent = await page.request.post("/api/console/v1/agents", { data: { name: "Front desk", initial_state_name: "main", states: [{ name: "main", prompt: "Greet." }] } });
  expect(agent.status()).toBe(200);
  const agentId = (await agent.json()).data.id as string;
  expect((await page.request.patch(`/api/console/v1/agents/${agentId}`, { data: { name: "Reception" } })).status()).toBe(200);

  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
  const updated = page.getByRole("row").filter({ hasText: "agent.updated" });
  await expect(updated).toHaveCount(1);
  await expect(updated).toContainText(email);
  await expect(updated).toContainText("name: Front desk → Reception");
  await expect(page.getByRole("row").filter({ hasText: "organization.created" })).toHaveCount(1);

  await page.getByLabel("Action").fill("agent.created");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("row").filter({ hasText: "agent.updated" })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: "agent.created" })).toHaveCount(1);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = await readFile(await (await download).path(), "utf8");
  const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines[0]).toMatch(/^id,at,actor_type,actor_id,actor_label,action,resource_type,resource_id,changes/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain("agent.created");

  await page.getByRole("button", { name: "Verify the chain" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The chain is intact" })).toBeVisible();

  // A viewer: no menu entry, the page answers 403, and so does the API behind it.
  const viewerEmail = uniqueEmail("viewer");
  const invitation = await page.request.post("/api/console/invitations", { data: { role: "viewer" } });
  const link = (await invitation.json()).data.url as string;
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await signUp(viewer, { email: viewerEmail, organization: "Viewer's own" });
  await viewer.goto(new URL(link).pathname);
  await viewer.getByRole("button", { name: /Join/ }).click();
  await expect(viewer).toHaveURL(/\/dashboard$/);
  await expect(viewer.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  const response = await viewer.goto("/settings/audit-log");
  expect(response?.status()).toBe(403);
  await expect(viewer.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  expect((await viewer.request.get("/api/console/v1/audit-log")).status()).toBe(403);
  await viewerContext.close();

  // The viewer's sign-in is in the owner's log.
  const again = await browser.newContext();
  const second = await again.newPage();
  await signIn(second, viewerEmail, PASSWORD);
  await again.close();
  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("row").filter({ hasText: "user.signed_in" }).filter({ hasText: viewerEmail }).first()).toBeVisible();
});
