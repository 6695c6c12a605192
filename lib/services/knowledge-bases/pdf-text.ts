import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PDF_TEXT_WORKER_SOURCE } from "./pdf-text-worker-source";

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** A PDF is recognised by its first bytes, never by its name or declared type. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.byteLength >= PDF_SIGNATURE.length && PDF_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

export type PdfText = { ok: true; text: string; pages: number; pageTexts: string[] } | { ok: false; reason: string };

/** What one PDF may cost; past any of them the source fails with the reason. */
export type PdfLimits = { maxPages: number; maxCharacters: number; timeoutMs: number; memoryMb: number };

export const DEFAULT_PDF_LIMITS: PdfLimits = { maxPages: 2_000, maxCharacters: 2_000_000, timeoutMs: 60_000, memoryMb: 512 };

let unpdfPath: string | undefined;

/** unpdf's CommonJS entry, resolved from the project (the worker thread loads it by path). */
function resolveUnpdf(): string {
  unpdfPath ??= createRequire(path.join(process.cwd(), "package.json")).resolve("unpdf");
  return unpdfPath;
}

/**
 * The text of every page (pages separated by a blank line), or why there is none. pdf.js runs in a
 * worker thread with its own heap limit and a deadline, so a hostile PDF (thousands of pages sharing
 * one content stream, a compression bomb) costs at most `memoryMb` and `timeoutMs` and never blocks
 * the thread that serves requests; the thread is gone when this returns.
 */
export function extractPdfText(bytes: Uint8Array, limits: PdfLimits = DEFAULT_PDF_LIMITS): Promise<PdfText> {
  const copy = new Uint8Array(bytes).buffer; // its own buffer, moved to the worker without another copy
  return new Promise((resolve) => {
    const worker = new Worker(PDF_TEXT_WORKER_SOURCE, {
      eval: true,
      workerData: { unpdfPath: resolveUnpdf(), bytes: copy, maxPages: limits.maxPages, maxCharacters: limits.maxCharacters },
      transferList: [copy],
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, limits.memoryMb / 8)) },
    });
    let settled = false;
    const finish = (result: PdfText) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      resolve(result);
    };
    const deadline = setTimeout(() => finish({ ok: false, reason: `Extracting the text took longer than ${limits.timeoutMs / 1000} s` }), limits.timeoutMs);
    worker.on("message", (result: PdfText) => finish(result));
    worker.on("error", (error: Error & { code?: string }) =>
      finish({
        ok: false,
        reason:
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? `Extracting the text needed more than ${limits.memoryMb} MB of memory`
            : `The text of the PDF could not be extracted: ${error.message || "unknown error"}`,
      }),
    );
    worker.on("exit", (code) => finish({ ok: false, reason: `The text of the PDF could not be extracted (the extraction stopped with code ${code})` }));
  });
}
