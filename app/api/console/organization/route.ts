import { z } from "zod";
import { getOrganizationSettings, renameOrganization, setRemoteApi } from "@/lib/auth/organization-settings";
import { consoleOk, readJson } from "@/lib/console/console-json";
import { consoleRoute } from "@/lib/server/console-route";

export const GET = consoleRoute("read", async (_request, ctx) => consoleOk(await getOrganizationSettings(ctx.db, ctx.organization.id), "Organization retrieved"));

const UpdateOrganization = z.strictObject({
  name: z.string().optional(),
  remote_api_url: z.string().nullable().optional(),
  remote_api_key: z.string().nullable().optional(),
});

export const PATCH = consoleRoute("manageOrganization", async (request, ctx) => {
  const body = await readJson(request, UpdateOrganization);
  if (body.name !== undefined) await renameOrganization(ctx.service, body.name);
  if (body.remote_api_url !== undefined || body.remote_api_key !== undefined) {
    const current = await getOrganizationSettings(ctx.db, ctx.organization.id);
    await setRemoteApi(ctx.service, {
      url: body.remote_api_url === undefined ? current.remoteApiUrl : body.remote_api_url || null,
      apiKey: body.remote_api_key === "" ? undefined : body.remote_api_key,
    });
  }
  return consoleOk(await getOrganizationSettings(ctx.db, ctx.organization.id), "Organization updated");
});
