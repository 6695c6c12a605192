import { createMiddleware } from "hono/factory";
import { bodyLimit } from "hono/body-limit";
import type { ApiEnv } from "../context";
import { ApiError } from "../errors";

const jsonType = /^application\/([\w.-]+\+)?json$/i;
const methodsWithBody = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Next.js hands route handlers a body stream even for a request that sent none (a bare
 * `curl -X DELETE`), so the stream alone proves nothing. As in HTTP/1.1, a message has a body when it
 * declares one: a positive Content-Length, a Transfer-Encoding, or (for in-process requests, which
 * carry neither) a Content-Type.
 */
function hasBody(request: Request): boolean {
  if (request.body === null) return false;
  const length = request.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return request.headers.has("transfer-encoding") || request.headers.has("content-type");
}

/**
 * Bodies are JSON (multipart only on the upload routes that `allowsMultipart` names):
 * anything else is 415 rather than being read as an empty object, and an operation whose body is
 * required (`requiresBody`) refuses a request without one.
 */
export function jsonBodies(options: { allowsMultipart: (method: string, path: string) => boolean; requiresBody: (method: string, path: string) => boolean }) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    if (!methodsWithBody.has(c.req.method)) return next();
    if (!hasBody(c.req.raw)) {
      // Without this, a body-less PATCH would validate as `{}` and go through as an empty change.
      if (options.requiresBody(c.req.method, c.req.path)) throw new ApiError("generic_error", "A request body is required", [{ field: "body", message: "Required" }]);
      return next();
    }
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0].trim();
    if (jsonType.test(mediaType)) return next();
    if (mediaType.toLowerCase() === "multipart/form-data" && options.allowsMultipart(c.req.method, c.req.path)) {
      return next();
    }
    throw new ApiError("unsupported_media_type", `Content-Type must be application/json, not "${mediaType || "none"}"`, [
      { field: "content-type", message: "Send the body as application/json" },
    ]);
  });
}

/** JSON bodies over the configured size are 413 (upload routes have their own limit). */
export function jsonBodyLimit(options: { allowsMultipart: (method: string, path: string) => boolean; largeJsonLimit?: (method: string, path: string) => number | undefined }) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const multipart = (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
    if (multipart && options.allowsMultipart(c.req.method, c.req.path)) return next();
    const configured = c.get("deps").settings.jsonBodyLimitBytes;
    const maxSize = Math.max(configured, options.largeJsonLimit?.(c.req.method, c.req.path) ?? 0);
    return bodyLimit({
      maxSize,
      onError: () => {
        throw new ApiError("payload_too_large", `Request body is larger than ${maxSize} bytes`);
      },
    })(c, next);
  });
}
