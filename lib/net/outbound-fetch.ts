import "server-only";
import { createGuardedFetch, type GuardedFetch } from "./guarded-fetch";
import { allowedHostsFromEnv, createOutboundAddressPolicy, type OutboundAddressPolicy } from "./outbound-address-policy";
import { createSafeFetch, type SafeFetch } from "./safe-fetch";

let shared: SafeFetch | undefined;
let sharedStreaming: GuardedFetch | undefined;

/** The process's client for customer URLs, with the configured allowlist (OUTBOUND_ALLOWED_HOSTS). */
export function outboundFetch(): SafeFetch {
  shared ??= createSafeFetch({ allowlist: allowedHostsFromEnv() });
  return shared;
}

/** The same policy for streamed exchanges (an organization's remote API). */
export function outboundStreamingFetch(): GuardedFetch {
  sharedStreaming ??= createGuardedFetch({ allowlist: allowedHostsFromEnv() });
  return sharedStreaming;
}

/** The configured address policy, for checking a URL when it is saved. */
export function outboundAddressPolicy(): OutboundAddressPolicy {
  return createOutboundAddressPolicy(allowedHostsFromEnv());
}
