import { revokeUserApiKey } from "@/lib/auth/user-api-keys";
import { consoleOk } from "@/lib/console/console-json";
import { consoleRoute } from "@/lib/server/console-route";

export const DELETE = consoleRoute<{ id: string }>("manageApiKeys", async (_request, ctx, { id }) => {
  await revokeUserApiKey(ctx.service, id);
  return consoleOk(null, "API key revoked");
});
