import { expect, test } from "@playwright/test";
import { makePdf, wrap } from "../helpers/pdf";
import { signUp } from "./helpers/accounts";

/**
 * Knowledge bases as a team uses them: real PDFs (tests/helpers/pdf.ts) dropped on the page and
 * indexed by the background job, a renamed text file refused in the browser and by the server, a
 * text source, search, multi-select delete, rename and delete.
 */
const bakeryText = wrap(
  "Rosemary Bakery opens at seven every morning. Our sourdough loaves are baked twice a day, at dawn and at noon. " +
    "Gluten-free bread is available on Fridays only. Orders for birthday cakes need two days' notice.",
);

test.describe("knowledge bases", () => {
  test("create, drop two PDFs and watch them become ready, refuse a renamed text file, search, delete sources", async ({ page }) => {
    // A new organization of its own: nothing else changes its knowledge bases while the test runs.
    await signUp(page, { organization: "Rosemary Bakery" });
    await page.goto("/knowledge-bases");
    await expect(page.getByRole("heading", { name: "No knowledge bases yet" })).toBeVisible();
    const name = `Bakery FAQ ${Date.now()}`;
    await page.getByRole("button", { name: "Create a knowledge base" }).click();
    await page.getByRole("dialog").getByRole("textbox", { name: "Name" }).fill(name);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/knowledge-bases\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split("/").at(-1)!;
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("No sources yet").first()).toBeVisible();

    // Two real PDFs dropped at once: each with its own progress bar, processing, then ready (the page polls on its own).
    const dropzone = page.getByTestId("pdf-dropzone");
    const dataTransfer = await page.evaluateHandle(
      ([bakery, cakes]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([Uint8Array.from(atob(bakery), (c) => c.charCodeAt(0))], "bakery.pdf", { type: "application/pdf" }));
        transfer.items.add(new File([Uint8Array.from(atob(cakes), (c) => c.charCodeAt(0))], "cakes.pdf", { type: "application/pdf" }));
        return transfer;
      },
      [Buffer.from(makePdf([bakeryText])).toString("base64"), Buffer.from(makePdf([["Birthday cakes need two days' notice."]])).toString("base64")],
    );
    await dropzone.dispatchEvent("dragover", { dataTransfer });
    await dropzone.dispatchEvent("drop", { dataTransfer });
    for (const file of ["bakery.pdf", "cakes.pdf"]) {
      await expect(page.getByRole("progressbar", { name: `Upload of ${file}` })).toHaveAttribute("aria-valuenow", "100");
      await expect(page.getByTestId("source-row").filter({ hasText: file })).toContainText("Ready", { timeout: 60_000 });
      await expect(page.getByTestId("upload-row").filter({ hasText: file })).toContainText("Ready");
    }

    // A text file renamed to .pdf: refused in the browser by its first bytes, with the reason; nothing is sent.
    const notPdf = Buffer.from("Opening hours: 7 am to 6 pm. This is plain text, not a PDF.");
    await page.getByLabel("PDF files to upload").setInputFiles([{ name: "hours.pdf", mimeType: "application/pdf", buffer: notPdf }]);
    await expect(page.getByTestId("upload-row").filter({ hasText: "hours.pdf" })).toContainText("Refused: Not a PDF: its content does not start with %PDF-");
    // The server refuses it too when it gets past a browser (through the same proxy the page uses).
    const refused = await page.request.post(`/api/console/v1/knowledge-bases/${id}/sources`, {
      multipart: { "file_sources.0.items": { name: "hours.pdf", mimeType: "application/pdf", buffer: notPdf } },
    });
    expect(refused.status()).toBe(415);
    expect((await refused.json()).error.details[0]).toEqual({
      field: "file_sources.0.items",
      message: "Only PDF files are supported: the content does not start with %PDF-",
    });
    await page.reload();
    await expect(page.getByTestId("source-row")).toHaveCount(2);

    // A text source is ready at once.
    await page.getByRole("textbox", { name: "Title" }).fill("Parking");
    await page.getByRole("textbox", { name: "Text", exact: true }).fill("Customers park for free behind the bakery, next to the flour mill.");
    await page.getByRole("button", { name: "Add text" }).click();
    await expect(page.getByTestId("source-row").filter({ hasText: "Parking" })).toContainText("Ready");

    // Search finds the PDF's passage with its source.
    await page.getByLabel("Search this knowledge base").fill("sourdough loaves");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const result = page.getByTestId("search-result").first();
    await expect(result).toContainText("bakery.pdf");
    await expect(result).toContainText("sourdough loaves are baked twice a day");

    // Multi-select delete, after a confirmation: one by one, then the rest with "select all".
    await page.getByLabel("Select cakes.pdf").check();
    await page.getByRole("button", { name: "Delete selected (1)" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("“cakes.pdf” and its indexed text are deleted");
    await page.getByRole("button", { name: "Delete source" }).click();
    await expect(page.getByTestId("source-row")).toHaveCount(2);
    await page.getByLabel("Select all sources").check();
    await page.getByRole("button", { name: "Delete selected (2)" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("bakery.pdf, Parking");
    await page.getByRole("button", { name: "Delete 2 sources" }).click();
    await expect(page.getByTestId("source-row")).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("No sources yet").first()).toBeVisible();

    // Rename, then delete the knowledge base itself.
    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByRole("dialog").getByRole("textbox", { name: "Name" }).fill(`${name} (old)`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${name} (old)` })).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("button", { name: "Delete knowledge base" }).click();
    await expect(page).toHaveURL(/\/knowledge-bases$/);
    await expect(page.getByRole("link", { name: `${name} (old)` })).toHaveCount(0);
  });
});
