import "server-only";
import type { BlobStore } from "./blob-store";
import { fileNameOfKey } from "./blob-keys";
import { SignedLinks } from "./signed-links";

export type FileServingDependencies = { storage: BlobStore; links: SignedLinks };

type ErrorType = "permission_error" | "not_found" | "method_not_allowed" | "generic_error";

/** The API's error envelope, so a client handles a refused link as it handles an API error. */
function refuse(status: number, type: ErrorType, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(
    { data: null, message, error: { type, message, status, details: [] }, status },
    { status, headers: { "cache-control": "no-store", ...headers } },
  );
}

/** RFC 6266 with an ASCII fallback, so any file name survives in the header. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A single `bytes=a-b` range (what audio players ask for); anything else is served whole. */
function parseRange(header: string | null, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  let start: number;
  let end: number;
  if (!match[1]) {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/**
 * Serves a signed link: a tampered or malformed one is 403, an expired one 403, a valid link to a
 * blob that no longer exists 404. No API key: the signature is the permission.
 */
export async function serveSignedFile(request: Request, deps: FileServingDependencies): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return refuse(405, "method_not_allowed", "Files are read with GET or HEAD", { allow: "GET, HEAD" });
  }
  const link = SignedLinks.parse(new URL(request.url));
  if (!link) return refuse(404, "not_found", "No such file");
  const check = deps.links.check(link.key, link.expires, link.signature);
  if (check === "invalid") return refuse(403, "permission_error", "This link is not valid: its signature does not match");
  if (check === "expired") return refuse(403, "permission_error", "This link has expired; fetch the resource again for a fresh one");

  const blob = await deps.storage.get(link.key);
  if (!blob) return refuse(404, "not_found", "No such file: it may have been deleted");

  const size = blob.bytes.byteLength;
  const remaining = Math.max(0, Number(link.expires) - Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    "content-type": blob.contentType,
    "content-disposition": contentDisposition(fileNameOfKey(link.key)),
    "accept-ranges": "bytes",
    // Cached no longer than the link is valid, and never by shared caches.
    "cache-control": `private, max-age=${Math.min(remaining, 3600)}`,
    "x-content-type-options": "nosniff",
  };
  const range = parseRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const body = blob.bytes.subarray(start, end + 1);
  headers["content-length"] = String(body.byteLength);
  if (range) headers["content-range"] = `bytes ${start}-${end}/${size}`;
  return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: range ? 206 : 200, headers });
}
