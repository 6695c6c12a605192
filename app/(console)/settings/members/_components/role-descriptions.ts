import type { MemberRole } from "@/lib/auth/roles";

export const roleDescriptions: Record<MemberRole, string> = {
  owner: "Everything, including organization settings and the remote API",
  admin: "Also manages members, invitations and API keys",
  member: "Changes calls, agents, phone numbers and knowledge bases",
  viewer: "Reads everything, changes nothing",
};
