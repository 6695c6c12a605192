import { revokeInvitation } from "@/lib/auth/invitations";
import { consoleOk } from "@/lib/console/console-json";
import { consoleRoute } from "@/lib/server/console-route";

export const DELETE = consoleRoute<{ id: string }>("manageMembers", async (_request, ctx, { id }) => {
  await revokeInvitation(ctx.service, id);
  return consoleOk(null, "Invitation revoked");
});
