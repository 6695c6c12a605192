import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import type { CallStarter } from "@/lib/schemas/call-values";
import { findUserById } from "./users";

/**
 * Who a /v1 request that starts a call acts for, as the call keeps it: the studio member behind the
 * console key (the studio names them in-process, where no client can forge it), or the API key itself.
 */
export async function callStarterOf(db: Database, request: { apiKeyId: string; studioUserId: string | undefined }): Promise<CallStarter> {
  if (request.studioUserId) {
    const user = await findUserById(db, request.studioUserId);
    return { source: "studio", user: user ? { id: user.id, name: user.name, email: user.email } : null, api_key: null };
  }
  const [key] = await db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, kind: apiKeys.kind })
    .from(apiKeys)
    .where(eq(apiKeys.id, request.apiKeyId))
    .limit(1);
  if (!key || key.kind === "console") return { source: "studio", user: null, api_key: null };
  return { source: "api", user: null, api_key: { id: key.id, name: key.name, prefix: key.prefix } };
}
