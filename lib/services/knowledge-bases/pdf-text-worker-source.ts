/**
 * The program of the PDF extraction thread, as source text: a worker started with `eval` needs no
 * file of its own, so it runs the same under Next.js bundles, tsx and vitest. It reads one page at a
 * time and stops at the first limit, posting `{ok, text, pages, pageTexts}` or `{ok: false, reason}`.
 * workerData: { unpdfPath, bytes (ArrayBuffer), maxPages, maxCharacters }.
 */
export const PDF_TEXT_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
const { getDocumentProxy } = require(workerData.unpdfPath);

async function extract() {
  const { bytes, maxPages, maxCharacters } = workerData;
  let document;
  try {
    document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  } catch (error) {
    if (error && error.name === "PasswordException") return { ok: false, reason: "The PDF is password-protected" };
    return { ok: false, reason: "The file could not be read as a PDF: " + ((error && error.message) || "invalid structure") };
  }
  try {
    const pages = document.numPages;
    if (pages > maxPages) return { ok: false, reason: "The PDF has " + pages + " pages; at most " + maxPages + " are indexed" };
    const texts = [];
    let characters = 0;
    for (let number = 1; number <= pages; number++) {
      const page = await document.getPage(number);
      // Streamed, so one page's huge content stream is cut off at the limit rather than read whole.
      const reader = page.streamTextContent().getReader();
      let text = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const item of value.items) {
          if (item.str == null) continue;
          text += item.str + (item.hasEOL ? "\n" : "");
        }
        if (characters + text.length > maxCharacters) {
          await reader.cancel(new Error("character limit")).catch(() => undefined);
          return { ok: false, reason: "The PDF holds more than " + maxCharacters + " characters of text (reached on page " + number + " of " + pages + ")" };
        }
      }
      page.cleanup();
      characters += text.length;
      texts.push(text);
    }
    const joined = texts.join("\n\n");
    if (!joined.trim()) return { ok: false, reason: "The PDF has no extractable text (scanned pages would need OCR, which is not supported)" };
    return { ok: true, text: joined, pages, pageTexts: texts };
  } catch (error) {
    return { ok: false, reason: "The text of the PDF could not be extracted: " + ((error && error.message) || "unknown error") };
  } finally {
    await document.destroy().catch(() => undefined);
  }
}

extract().then(
  (result) => parentPort.postMessage(result),
  (error) => parentPort.postMessage({ ok: false, reason: "The text of the PDF could not be extracted: " + ((error && error.message) || "unknown error") }),
);
`;
