import "server-only";
import { loadConfig } from "@/lib/config";
import { createSafeFetch, type SafeFetch } from "./safe-fetch";

let shared: SafeFetch | undefined;

/** The process's client for customer URLs, with the configured allowlist (OUTBOUND_ALLOWED_HOSTS). */
export function outboundFetch(): SafeFetch {
  shared ??= createSafeFetch({ allowlist: loadConfig().outboundAllowedHosts });
  return shared;
}
