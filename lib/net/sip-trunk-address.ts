import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import type { OutboundAddressPolicy } from "./outbound-address-policy";
import { BlockedAddressError } from "./outbound-errors";
import { parseUri } from "./sip-uri";

export type SipHostResolution = { ok: true; address: string } | { ok: false; reason: string; unresolved: boolean };

function resolveAll(host: string, lookup: LookupFunction): Promise<LookupAddress[] | Error> {
  return new Promise((resolve) => {
    try {
      lookup(host, { all: true }, (error, result) => resolve(error ?? (Array.isArray(result) ? result : [{ address: result, family: isIP(result) || 4 }])));
    } catch (error) {
      resolve(error as Error);
    }
  });
}

/**
 * Where SIP to a trunk's `host` may go under the outbound address policy (the one tools and webhooks
 * follow): an IP literal is judged as it is; a name is resolved and every address must pass, unless
 * OUTBOUND_ALLOWED_HOSTS names the host (an operator's own PBX). The address returned is the one to
 * send to, so that the name is not resolved a second time between the check and the packets (DNS
 * rebinding). IPv4 first: the user agent's sockets are IPv4 unless it binds an IPv6 address.
 */
export async function resolveSipHost(host: string, policy: OutboundAddressPolicy, lookup: LookupFunction = dnsLookup as LookupFunction): Promise<SipHostResolution> {
  const bare = host.replace(/^\[|\]$/g, "");
  if (isIP(bare)) {
    const reason = policy.hostAllowed(bare) ? null : policy.addressRefusal(bare);
    return reason ? { ok: false, reason: new BlockedAddressError(bare, bare, reason).message, unresolved: false } : { ok: true, address: bare };
  }
  const addresses = await resolveAll(bare, lookup);
  if (addresses instanceof Error || addresses.length === 0) return { ok: false, reason: `${bare} could not be resolved`, unresolved: true };
  if (!policy.hostAllowed(bare)) {
    for (const { address } of addresses) {
      const reason = policy.addressRefusal(address);
      if (reason) return { ok: false, reason: new BlockedAddressError(bare, address, reason).message, unresolved: false };
    }
  }
  return { ok: true, address: (addresses.find((each) => each.family === 4) ?? addresses[0]).address };
}

/**
 * When a trunk is saved: why its termination URI may not be dialled under the policy, or null. A
 * name that does not resolve from here is accepted (the SIP process may see another DNS; the dial
 * checks again, after resolving, and fails the call with the reason).
 */
export async function sipUriRefusal(uri: string, policy: OutboundAddressPolicy, lookup: LookupFunction = dnsLookup as LookupFunction): Promise<string | null> {
  const parsed = parseUri(uri);
  if (!parsed) return null; // the syntax check reports it
  const resolution = await resolveSipHost(parsed.host, policy, lookup);
  return resolution.ok || resolution.unresolved ? null : resolution.reason;
}
