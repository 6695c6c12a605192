import { fetch as undiciFetch, type RequestInit as UndiciRequestInit } from "undici";
import { createOutboundAddressPolicy } from "./outbound-address-policy";
import { assertOutboundUrl, createOutboundAgent, type OutboundAgentOptions } from "./outbound-agent";

export type GuardedFetch = ((request: Request) => Promise<Response>) & { close: () => Promise<void> };

/**
 * A streaming `fetch` (bodies in and out are not buffered) under the same address policy as tools and
 * webhooks: the URL is checked first and every socket's address when it connects. Redirects are not
 * followed (a redirect is answered as it is), so no hop escapes the check.
 */
export function createGuardedFetch(options: OutboundAgentOptions & { allowlist?: readonly string[] } = {}): GuardedFetch {
  const policy = createOutboundAddressPolicy(options.allowlist);
  const agent = createOutboundAgent(policy, options);
  const guarded = async (request: Request): Promise<Response> => {
    assertOutboundUrl(new URL(request.url), policy);
    const hasBody = request.body !== null && !["GET", "HEAD"].includes(request.method);
    const response = await undiciFetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      body: hasBody ? (request.body as unknown as UndiciRequestInit["body"]) : undefined,
      duplex: hasBody ? "half" : undefined,
      redirect: "manual",
      signal: request.signal,
      dispatcher: agent,
    });
    return response as unknown as Response;
  };
  return Object.assign(guarded, { close: () => agent.close() });
}
