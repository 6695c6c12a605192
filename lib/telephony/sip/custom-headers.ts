// A started call's `custom_headers`, checked by lib/schemas/sip-custom-headers.ts, written into the
// INVITE as given. From, To and P-Asserted-Identity (and any other header of ours) are replaced,
// our From tag kept.

import { formatNameAddr, parseNameAddr } from "./header-values";
import { canonicalHeaderName, type SipRequest } from "./message";

/**
 * Writes checked custom headers into an INVITE. A header we already set is replaced in place (From
 * keeps `localTag`); any other is appended after ours.
 */
export function applyCustomHeaders(invite: SipRequest, headers: Record<string, string>, localTag: string): void {
  for (const [name, value] of Object.entries(headers)) {
    const canonical = canonicalHeaderName(name);
    let written = value;
    if (canonical === "From") {
      const nameAddr = parseNameAddr(value)!;
      written = formatNameAddr({ ...nameAddr, params: { ...nameAddr.params, tag: localTag } });
    }
    const lower = canonical.toLowerCase();
    const index = invite.headers.findIndex((header) => header.name.toLowerCase() === lower);
    if (index === -1) invite.headers.push({ name: canonical, value: written });
    else {
      invite.headers[index] = { name: canonical, value: written };
      invite.headers = invite.headers.filter((header, position) => position === index || header.name.toLowerCase() !== lower);
    }
  }
}
