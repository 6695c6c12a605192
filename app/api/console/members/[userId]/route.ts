import { z } from "zod";
import { changeMemberRole, removeMember } from "@/lib/auth/memberships";
import { MEMBER_ROLES } from "@/lib/auth/roles";
import { consoleOk, readJson } from "@/lib/console/console-json";
import { consoleRoute } from "@/lib/server/console-route";

type Params = { userId: string };
const ChangeRole = z.strictObject({ role: z.enum(MEMBER_ROLES as [string, ...string[]], "Must be owner, admin, member or viewer") });

export const PATCH = consoleRoute<Params>("manageMembers", async (request, ctx, { userId }) => {
  const { role } = await readJson(request, ChangeRole);
  await changeMemberRole(ctx.service, { userId: ctx.user.id, role: ctx.role }, userId, role as (typeof MEMBER_ROLES)[number]);
  return consoleOk(null, "Role changed");
});

export const DELETE = consoleRoute<Params>("manageMembers", async (_request, ctx, { userId }) => {
  await removeMember(ctx.service, { userId: ctx.user.id, role: ctx.role }, userId);
  return consoleOk(null, "Member removed");
});
