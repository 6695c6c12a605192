import "server-only";
import type { Database } from "@/lib/db/client";
import type { CallStarter } from "@/lib/schemas/call-values";
import type { AuthenticatedKey } from "./api-keys";
import { findUserById } from "./users";

/**
 * Who a /v1 request that starts a call acts for, as the call keeps it: the studio member behind the
 * console key (the studio names them in-process, where no client can forge it), or the API key itself,
 * as the request authenticated it.
 */
export async function callStarterOf(db: Database, request: { apiKey: AuthenticatedKey | null; studioUserId: string | undefined }): Promise<CallStarter> {
  if (request.studioUserId) {
    const user = await findUserById(db, request.studioUserId);
    return { source: "studio", user: user ? { id: user.id, name: user.name, email: user.email } : null, api_key: null };
  }
  const key = request.apiKey;
  if (!key || key.kind === "console") return { source: "studio", user: null, api_key: null };
  return { source: "api", user: null, api_key: { id: key.id, name: key.name, prefix: key.prefix } };
}
