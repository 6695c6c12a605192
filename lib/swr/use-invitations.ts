import type { InvitationSummary } from "@/lib/auth/invitations";
import { envelopeOf, useEnvelope } from "./use-envelope";

export const invitationsKey = "/invitations";

/** Pending invitations (the studio's GET /api/console/invitations); fetched only for those who may manage members. */
export function useInvitations(enabled: boolean, initial: InvitationSummary[]) {
  return useEnvelope<InvitationSummary[]>(enabled ? invitationsKey : null, { fallbackData: envelopeOf(initial) });
}
