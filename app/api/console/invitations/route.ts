import { headers } from "next/headers";
import { z } from "zod";
import { createInvitation, listPendingInvitations } from "@/lib/auth/invitations";
import { MEMBER_ROLES, type MemberRole } from "@/lib/auth/roles";
import { consoleOk, readJson } from "@/lib/console/console-json";
import { consoleRoute } from "@/lib/server/console-route";
import { originFromHeaders } from "@/lib/console/request-origin";

export const GET = consoleRoute("manageMembers", async (_request, ctx) =>
  consoleOk(await listPendingInvitations(ctx.db, ctx.organization.id), "Pending invitations retrieved"),
);

const CreateInvitation = z.strictObject({ role: z.enum(MEMBER_ROLES as [string, ...string[]], "Must be owner, admin, member or viewer") });

/** The link is in this answer only (only the token's hash is kept): the admin copies it to the invitee. */
export const POST = consoleRoute("manageMembers", async (request, ctx) => {
  const { role } = await readJson(request, CreateInvitation);
  const { token, invitation } = await createInvitation(ctx.service, {
    role: role as MemberRole,
    inviter: { userId: ctx.user.id, role: ctx.role },
  });
  const url = `${originFromHeaders(await headers(), request.url)}/invite/${token}`;
  return consoleOk({ ...invitation, url }, "Invitation created: copy the link now, it is shown once", 201);
});
