import "server-only";
import { extractText, getDocumentProxy } from "unpdf";

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** A PDF is recognised by its first bytes, never by its name or declared type. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.byteLength >= PDF_SIGNATURE.length && PDF_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

export type PdfText = { ok: true; text: string; pages: number; pageTexts: string[] } | { ok: false; reason: string };

/** The text of every page (apart in `pageTexts`, and joined by a blank line in `text`), or why there is none. */
export async function extractPdfText(bytes: Uint8Array): Promise<PdfText> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js may take ownership of the buffer it is given.
    document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "PasswordException") return { ok: false, reason: "The PDF is password-protected" };
    return { ok: false, reason: `The file could not be read as a PDF: ${(error as Error).message || "invalid structure"}` };
  }
  try {
    const { totalPages, text } = await extractText(document, { mergePages: false });
    const joined = text.join("\n\n");
    if (!joined.trim()) {
      return { ok: false, reason: "The PDF has no extractable text (scanned pages would need OCR, which is not supported)" };
    }
    return { ok: true, text: joined, pages: totalPages, pageTexts: text };
  } catch (error) {
    return { ok: false, reason: `The text of the PDF could not be extracted: ${(error as Error).message || "unknown error"}` };
  } finally {
    await document.destroy().catch(() => undefined);
  }
}
