// A number's stored trunk as the user agent dials it: host, port and transport from the
// termination URI (a `;transport=` parameter there wins over the stored transport), digest credentials.

import type { SipTrunkSettings } from "@/lib/db/schema";
import type { SipTrunk } from "../sip/outbound-call";
import { parseUri } from "../sip/uri";

export type TrunkTarget = { ok: true; trunk: SipTrunk } | { ok: false; reason: string };

export function trunkTarget(settings: SipTrunkSettings, password: string | null): TrunkTarget {
  const uri = parseUri(settings.terminationUri);
  if (!uri) return { ok: false, reason: `the trunk's termination URI ${settings.terminationUri} is not a SIP URI` };
  const transport = (uri.params.transport ?? settings.transport).toLowerCase();
  if (uri.scheme === "sips" || transport === "tls") return { ok: false, reason: "TLS trunks (sips:, transport tls) are not supported yet: use udp or tcp" };
  if (transport !== "udp" && transport !== "tcp") return { ok: false, reason: `unknown transport ${transport}` };
  const host = uri.host.replace(/^\[|\]$/g, "");
  return {
    ok: true,
    trunk: {
      host,
      port: uri.port,
      transport,
      domain: `${uri.host}${uri.port && uri.port !== 5060 ? `:${uri.port}` : ""}`,
      ...(settings.authUsername ? { username: settings.authUsername, password: password ?? "" } : {}),
    },
  };
}
