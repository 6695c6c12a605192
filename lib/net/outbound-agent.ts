import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { Agent } from "undici";
import type { OutboundAddressPolicy } from "./outbound-address-policy";
import { BlockedAddressError, OutboundRequestError } from "./outbound-errors";

export type OutboundAgentOptions = {
  /** Name resolution (tests inject one); node's dns.lookup by default. */
  lookup?: LookupFunction;
  connectTimeoutMs?: number;
};

/** A lookup that refuses a host when any address it resolves to is refused by the policy. */
function checkedLookup(policy: OutboundAddressPolicy, resolve: LookupFunction): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number }, callback: (...args: unknown[]) => void) => {
    resolve(hostname, { ...options, all: true }, (error, result) => {
      if (error) return callback(error);
      const addresses = (Array.isArray(result) ? result : [{ address: result, family: 4 }]) as LookupAddress[];
      if (addresses.length === 0) return callback(new OutboundRequestError("network", `${hostname} has no address`));
      if (!policy.hostAllowed(hostname)) {
        // Every address must pass: a connection may fall back to any of them.
        for (const { address } of addresses) {
          const reason = policy.addressRefusal(address);
          if (reason) return callback(new BlockedAddressError(hostname, address, reason));
        }
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  }) as LookupFunction;
}

/**
 * An undici dispatcher whose sockets connect only to addresses the policy allows, checked at connect
 * time, so a name that resolves to a private address when used (DNS rebinding) is refused too.
 */
export function createOutboundAgent(policy: OutboundAddressPolicy, options: OutboundAgentOptions = {}): Agent {
  return new Agent({
    connect: { lookup: checkedLookup(policy, options.lookup ?? (dnsLookup as LookupFunction)), timeout: options.connectTimeoutMs ?? 5_000 },
    keepAliveTimeout: 4_000,
  });
}

/** http(s) only, no credentials in the URL, and an IP literal (which skips the lookup hook) checked here. */
export function assertOutboundUrl(url: URL, policy: OutboundAddressPolicy): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundRequestError("invalid_url", `Only http and https URLs are allowed, not ${url.protocol}`);
  if (url.username || url.password) throw new OutboundRequestError("invalid_url", "URLs with credentials are not allowed (use a header)");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !policy.hostAllowed(host)) {
    const reason = policy.addressRefusal(host);
    if (reason) throw new BlockedAddressError(host, host, reason);
  }
}

/**
 * Why a request to `url` would be refused now (its form, or an address its host resolves to), or null.
 * For checking a URL when it is saved; the connect-time check still applies on every request.
 */
export async function outboundUrlRefusal(url: URL, policy: OutboundAddressPolicy, lookup: LookupFunction = dnsLookup as LookupFunction): Promise<string | null> {
  try {
    assertOutboundUrl(url, policy);
  } catch (error) {
    return (error as Error).message;
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) || policy.hostAllowed(host)) return null;
  const addresses = await new Promise<LookupAddress[] | Error>((resolve) =>
    lookup(host, { all: true }, (error, result) => resolve(error ?? (result as unknown as LookupAddress[]))),
  );
  if (addresses instanceof Error) return `${host} could not be resolved`;
  for (const { address } of addresses) {
    const reason = policy.addressRefusal(address);
    if (reason) return new BlockedAddressError(host, address, reason).message;
  }
  return null;
}
