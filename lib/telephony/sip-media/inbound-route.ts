// Which number an inbound INVITE is for: SIP numbers with that number in any organization, kept
// when their trunk allows the source address and reads the number where this INVITE put it.

import { addressMatcher } from "@/lib/net/address-ranges";
import type { CalledSipNumber } from "@/lib/services/phone-calls/inbound-phone-calls";
import type { InboundInvite } from "../sip/user-agent";

export type InboundRoute =
  | { kind: "number"; number: CalledSipNumber }
  /** No number of ours from this source: 404, the same whether or not another trunk has the number. */
  | { kind: "unknown" }
  /** Two organizations' trunks both claim this number from this source. */
  | { kind: "ambiguous"; count: number };

function allows(number: CalledSipNumber, address: string): boolean {
  try {
    return addressMatcher(number.trunk.allowedSourceAddresses ?? [])(address);
  } catch {
    return false; // entries are checked when stored; a bad one admits nothing
  }
}

/** Trunks often send E.164 without its "+": 15550001111 names +15550001111. */
const sameNumber = (called: string | undefined, number: string) => called === number || (called !== undefined && /^\d{8,15}$/.test(called) && `+${called}` === number);

export function routeInbound(invite: Pick<InboundInvite, "calledNumbers" | "source">, candidates: CalledSipNumber[]): InboundRoute {
  const matches = candidates.filter((number) => {
    const called = number.trunk.inboundMatch === "to" ? invite.calledNumbers.to : invite.calledNumbers.requestUri;
    return sameNumber(called, number.number) && allows(number, invite.source.address);
  });
  if (matches.length === 0) return { kind: "unknown" };
  if (matches.length > 1) return { kind: "ambiguous", count: matches.length };
  return { kind: "number", number: matches[0] };
}
