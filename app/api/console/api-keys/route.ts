import { z } from "zod";
import { createApiKey } from "@/lib/auth/api-keys";
import { listUserApiKeys } from "@/lib/auth/user-api-keys";
import { consoleOk, readJson } from "@/lib/console/console-json";
import { consoleRoute } from "@/lib/server/console-route";

export const GET = consoleRoute("read", async (_request, ctx) => consoleOk(await listUserApiKeys(ctx.db, ctx.organization.id), "API keys retrieved"));

const CreateKey = z.strictObject({ name: z.string().trim().min(1, "Required").max(100, "At most 100 characters") });

/** The whole key is in this answer only; afterwards the list shows its prefix. */
export const POST = consoleRoute("manageApiKeys", async (request, ctx) => {
  const { name } = await readJson(request, CreateKey);
  const created = await createApiKey(ctx.service, { name, createdByUserId: ctx.user.id });
  return consoleOk({ id: created.id, name, prefix: created.summary.prefix, api_key: created.apiKey }, "API key created: copy it now, it is shown once", 201);
});
