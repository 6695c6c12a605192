import type { OrganizationMember } from "@/lib/auth/memberships";
import { envelopeOf, useEnvelope } from "./use-envelope";

export const membersKey = "/members";

/** The organization's members (the studio's GET /api/console/members), starting from the server's list. */
export function useMembers(initial: OrganizationMember[]) {
  return useEnvelope<OrganizationMember[]>(membersKey, { fallbackData: envelopeOf(initial) });
}
