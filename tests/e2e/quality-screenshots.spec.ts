import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { firstId, signInAsDemo } from "./helpers/demo-session";

/**
 * Screenshots of the call-quality views, light and dark, on a phone and a laptop, for a person to
 * look at: `E2E_SCREENSHOT_DIR=/tmp/shots npm run test:e2e -- tests/e2e/quality-screenshots.spec.ts`.
 * Without the variable it takes none (it checks nothing a test should).
 */
const dir = process.env.E2E_SCREENSHOT_DIR;
const VIEWPORTS = { phone: { width: 390, height: 844 }, laptop: { width: 1440, height: 900 } } as const;
const THEMES = ["light", "dark"] as const;

test.skip(!dir, "E2E_SCREENSHOT_DIR is not set");

for (const theme of THEMES) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`quality views, ${theme}, ${device}`, async ({ page }) => {
      test.setTimeout(180_000);
      mkdirSync(dir!, { recursive: true });
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await page.addInitScript((choice) => window.localStorage.setItem("theme", choice), theme);
      await signInAsDemo(page);
      const call = await firstId(page, "calls?limit=1&success=failure");
      const agents = (await (await page.request.get("/api/console/v1/agents?limit=100")).json()).data as { id: string; name: string }[];
      const agent = agents.find((candidate) => candidate.name === "Appointment booking")!;
      const views: [string, string, () => Promise<void>][] = [
        ["dashboard", "/dashboard", async () => void (await expect(page.getByRole("heading", { name: "Quality per day" })).toBeVisible())],
        ["quality", `/quality?agent_id=${agent.id}`, async () => void (await expect(page.getByRole("table", { name: "Versions side by side" })).toBeVisible())],
        ["call", `/calls/${call}`, async () => void (await expect(page.getByTestId("call-analysis")).toBeVisible())],
        ["calls", "/calls", async () => void (await expect(page.locator("[data-call-id]:visible").first()).toBeVisible())],
        [
          "rubric",
          `/agents/${agent.id}`,
          async () => {
            await page.getByRole("tab", { name: "Settings" }).click();
            await page.getByRole("region", { name: "Success rubric" }).scrollIntoViewIfNeeded();
          },
        ],
      ];
      for (const [name, url, ready] of views) {
        await page.goto(url);
        await page.waitForLoadState("networkidle");
        await ready();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) console.log(`${name} ${theme} ${device}: ${overflow}px wider than the screen`);
        if (device === "laptop") {
          await page.screenshot({ path: path.join(dir!, `${name}-${theme}-${device}.png`), fullPage: name !== "rubric" });
          continue;
        }
        // A phone's page is long and narrow: the first three screens, one image each, at a size one can read.
        if (name === "rubric") {
          await page.screenshot({ path: path.join(dir!, `${name}-${theme}-${device}.png`) });
          continue;
        }
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let screen = 0; screen < 3 && screen * viewport.height < height; screen++) {
          const y = screen * viewport.height;
          await page.screenshot({
            path: path.join(dir!, `${name}-${theme}-${device}-${screen + 1}.png`),
            fullPage: true,
            clip: { x: 0, y, width: viewport.width, height: Math.min(viewport.height, height - y) },
          });
        }
      }
    });
  }
}
