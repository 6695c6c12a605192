import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import { request } from "undici";
import { createOutboundAddressPolicy } from "./outbound-address-policy";
import { assertOutboundUrl, createOutboundAgent } from "./outbound-agent";
import { OutboundRequestError, OutboundTimeoutError, ResponseTooLargeError } from "./outbound-errors";

/**
 * HTTP requests to URLs that customers configure (tool endpoints, webhooks). Only public unicast
 * addresses are reached unless the allowlist says otherwise. The address is checked when the socket
 * connects (a `lookup` hook on the undici Agent), so a name that resolves to a public address when
 * checked and a private one when used (DNS rebinding) is refused too. Redirects are followed by hand
 * and each hop is checked again.
 */

export type SafeFetchInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The whole exchange, connect to last body byte, across redirects (default 10,000 ms). */
  timeoutMs?: number;
  /** Largest response body read (default 1 MB). */
  maxBodyBytes?: number;
  /** Keep the first `maxBodyBytes` and report `truncated` instead of failing. */
  truncateBody?: boolean;
  /** `follow` (default) re-checks and follows up to `maxRedirects`; `manual` returns the 3xx response. */
  redirect?: "follow" | "manual";
  maxRedirects?: number;
  signal?: AbortSignal;
};

export type SafeResponse = {
  status: number;
  headers: Record<string, string>;
  /** The URL that answered (after redirects). */
  url: string;
  redirected: boolean;
  body: Buffer;
  truncated: boolean;
  text(): string;
};

export type SafeFetch = (url: string | URL, init?: SafeFetchInit) => Promise<SafeResponse>;

export type SafeFetchOptions = {
  /** OUTBOUND_ALLOWED_HOSTS entries: host names, IP addresses, CIDR ranges, or `*`. */
  allowlist?: readonly string[];
  /** Name resolution (tests inject one); node's dns.lookup by default. */
  lookup?: LookupFunction;
  connectTimeoutMs?: number;
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULTS = { timeoutMs: 10_000, maxBodyBytes: 1024 * 1024, maxRedirects: 5 };

function findOutboundError(error: unknown): OutboundRequestError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof OutboundRequestError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Drops a body not wanted (the abort it causes is expected, not an error to report). */
function discard(body: Readable): void {
  body.on("error", () => undefined);
  body.destroy();
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

export function createSafeFetch(options: SafeFetchOptions = {}): SafeFetch & { close: () => Promise<void> } {
  const policy = createOutboundAddressPolicy(options.allowlist);
  const agent = createOutboundAgent(policy, options);
  const checkUrl = (url: URL) => assertOutboundUrl(url, policy);

  async function readBody(body: Readable, limit: number, truncate: boolean) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      if (size + chunk.length > limit) {
        discard(body);
        if (!truncate) throw new ResponseTooLargeError(limit);
        chunks.push(chunk.subarray(0, limit - size));
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(chunk);
      size += chunk.length;
    }
    return { body: Buffer.concat(chunks), truncated: false };
  }

  const safeFetch = async (input: string | URL, init: SafeFetchInit = {}): Promise<SafeResponse> => {
    const timeoutMs = init.timeoutMs ?? DEFAULTS.timeoutMs;
    const maxBodyBytes = init.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
    const maxRedirects = init.maxRedirects ?? DEFAULTS.maxRedirects;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new OutboundTimeoutError(timeoutMs)), timeoutMs);
    const onCallerAbort = () => controller.abort(init.signal?.reason);
    init.signal?.addEventListener("abort", onCallerAbort, { once: true });

    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new OutboundRequestError("invalid_url", `Not a valid URL: ${String(input)}`);
    }
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body;
    let headers = { ...init.headers };
    try {
      for (let hop = 0; ; hop++) {
        checkUrl(url);
        const response = await request(url, {
          dispatcher: agent,
          method: method as "GET",
          headers,
          body,
          signal: controller.signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        const location = response.headers.location;
        if (init.redirect !== "manual" && REDIRECT_STATUSES.has(response.statusCode) && typeof location === "string") {
          await response.body.dump();
          if (hop >= maxRedirects) throw new OutboundRequestError("too_many_redirects", `More than ${maxRedirects} redirects`);
          const next = new URL(location, url);
          if (next.origin !== url.origin) {
            headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^(authorization|cookie|proxy-authorization)$/i.test(name)));
          }
          // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
          if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === "POST")) {
            method = method === "HEAD" ? "HEAD" : "GET";
            body = undefined;
            headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-(type|length)$/i.test(name)));
          }
          url = next;
          continue;
        }
        const declared = Number(response.headers["content-length"]);
        if (!init.truncateBody && Number.isFinite(declared) && declared > maxBodyBytes) {
          discard(response.body);
          throw new ResponseTooLargeError(maxBodyBytes);
        }
        const read = await readBody(response.body, maxBodyBytes, init.truncateBody ?? false);
        return {
          status: response.statusCode,
          headers: flatHeaders(response.headers),
          url: url.toString(),
          redirected: hop > 0,
          body: read.body,
          truncated: read.truncated,
          text: () => read.body.toString("utf8"),
        };
      }
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason instanceof OutboundTimeoutError) throw controller.signal.reason;
      const known = findOutboundError(error);
      if (known) throw known;
      if (controller.signal.aborted) throw error;
      throw new OutboundRequestError("network", `Request to ${url.host} failed: ${(error as Error).message}`, { cause: error });
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener("abort", onCallerAbort);
    }
  };
  return Object.assign(safeFetch, { close: () => agent.close() });
}
