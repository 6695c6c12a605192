import { findMembership } from "@/lib/auth/memberships";
import { hasRole, roleLabels, type MemberRole } from "@/lib/auth/roles";
import type { ApiEnv } from "./context";
import { ApiError } from "./errors";

type Getter = { get: <K extends keyof ApiEnv["Variables"]>(key: K) => ApiEnv["Variables"][K] };

/**
 * For operations kept to owners and admins (the audit log, data erasure): the studio's user must
 * hold `studioMinimum` in the organization now; an API key's creator must still be an admin or an
 * owner (a key made by the operator's admin CLI has no creator and passes). 403 otherwise.
 */
export async function requireRole(c: Getter, studioMinimum: MemberRole, what: string): Promise<void> {
  const db = c.get("deps").db;
  const organizationId = c.get("organizationId");
  const studioUserId = c.get("studioUserId");
  if (studioUserId) {
    const role = await findMembership(db, organizationId, studioUserId);
    if (role && hasRole(role, studioMinimum)) return;
    throw new ApiError("permission_error", `${what} is for the organization's ${studioMinimum === "owner" ? "owners" : "owners and admins"}`);
  }
  const creator = c.get("keyCreatorId");
  if (!creator) return;
  const role = await findMembership(db, organizationId, creator);
  if (role && hasRole(role, "admin")) return;
  throw new ApiError(
    "permission_error",
    `${what} needs an API key made by an owner or admin of the organization; this key's creator is ${role ? `now a ${roleLabels[role].toLowerCase()}` : "no longer a member"}`,
  );
}
