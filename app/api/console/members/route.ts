import { listMembers } from "@/lib/auth/memberships";
import { consoleOk } from "@/lib/console/console-json";
import { consoleRoute } from "@/lib/server/console-route";

export const GET = consoleRoute("read", async (_request, ctx) => consoleOk(await listMembers(ctx.db, ctx.organization.id), "Members retrieved"));
