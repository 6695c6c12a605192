import "server-only";
import type { Database } from "@/lib/db/client";
import { listUserMemberships, type UserMembership } from "@/lib/auth/memberships";
import { can, type MemberRole, type Permission } from "@/lib/auth/roles";
import { findUserById, type StudioUser } from "@/lib/auth/users";
import type { RequestOrigin, ServiceContext } from "@/lib/services/context";
import type { VoiceApiClient } from "@/lib/voice-api/client";
import type { InProcessApp } from "@/lib/voice-api/create-client";
import { organizationVoiceApiClient } from "./organization-client";

/**
 * Who is asking, in which organization, with which role, and the /v1 client that acts for that
 * organization. The client holds the organization's key: use it on the server, never pass it on.
 */
export type ConsoleContext = {
  user: StudioUser;
  organization: { id: string; name: string };
  role: MemberRole;
  memberships: UserMembership[];
  can: (permission: Permission) => boolean;
  api: VoiceApiClient;
  db: Database;
  /** For the studio's own account operations (lib/auth): the organization, the user as the actor, and the browser's request. */
  service: ServiceContext;
};

export type ConsoleContextResult = { ok: true; context: ConsoleContext } | { ok: false; reason: "unauthenticated" | "no-organization"; user?: StudioUser };

/**
 * Builds the context from a signed-in user id and the organization the browser asked for (a cookie
 * hint): the hint is used only when the user is a member of it, else their first organization.
 */
export async function buildConsoleContext(input: {
  db: Database;
  userId: string | null | undefined;
  requestedOrganizationId: string | null | undefined;
  origin: string;
  /** The in-process API app: the process runtime's (lib/server), or a test's own. */
  app: InProcessApp;
  /** How an organization's own remote API URL is reached (default: the outbound policy's guarded fetch). */
  remoteFetch?: (request: Request) => Promise<Response>;
  /** The browser's request (id, address, user agent), as the audit log records it. */
  client?: RequestOrigin;
}): Promise<ConsoleContextResult> {
  const { db } = input;
  const user = input.userId ? await findUserById(db, input.userId) : null;
  if (!user) return { ok: false, reason: "unauthenticated" };
  const memberships = await listUserMemberships(db, user.id);
  const active = memberships.find((m) => m.organizationId === input.requestedOrganizationId) ?? memberships[0];
  if (!active) return { ok: false, reason: "no-organization", user };
  const origin: RequestOrigin = input.client ?? { requestId: null, ip: null, userAgent: null };
  const studio = { userId: user.id, email: user.email, clientIp: origin.ip, userAgent: origin.userAgent };
  const api = await organizationVoiceApiClient(db, active.organizationId, input.origin, input.app, input.remoteFetch, studio);
  return {
    ok: true,
    context: {
      user,
      organization: { id: active.organizationId, name: active.organizationName },
      role: active.role,
      memberships,
      can: (permission) => can(active.role, permission),
      api,
      db,
      service: { db, organizationId: active.organizationId, actor: { type: "user", id: user.id, label: user.email }, origin },
    },
  };
}
