import type { MemberRole } from "@/lib/db/schema/accounts";

export type { MemberRole };
export const MEMBER_ROLES: readonly MemberRole[] = ["owner", "admin", "member", "viewer"];

const rank: Record<MemberRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/**
 * What each role may do, from the least to the most:
 * viewer reads everything; member changes calls, agents, numbers and knowledge bases; admin also
 * manages members, invitations and API keys; owner also the organization's settings (remote API).
 */
export const permissions = {
  read: "viewer",
  write: "member",
  manageMembers: "admin",
  manageApiKeys: "admin",
  manageOrganization: "owner",
} as const satisfies Record<string, MemberRole>;

export type Permission = keyof typeof permissions;

export function hasRole(role: MemberRole, minimum: MemberRole): boolean {
  return rank[role] >= rank[minimum];
}

export function can(role: MemberRole, permission: Permission): boolean {
  return hasRole(role, permissions[permission]);
}

/** Roles a member may hand out: never above their own (only an owner makes owners). */
export function assignableRoles(role: MemberRole): MemberRole[] {
  return MEMBER_ROLES.filter((candidate) => rank[candidate] <= rank[role]);
}

export const roleLabels: Record<MemberRole, string> = { owner: "Owner", admin: "Admin", member: "Member", viewer: "Viewer" };
