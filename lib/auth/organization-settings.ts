import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { organizations } from "@/lib/db/schema";
import type { OutboundAddressPolicy } from "@/lib/net/outbound-address-policy";
import { outboundUrlRefusal } from "@/lib/net/outbound-agent";
import { outboundAddressPolicy } from "@/lib/net/outbound-fetch";
import { change, fieldChanges } from "@/lib/services/audit/audit-changes";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { withTransaction, type ServiceContext } from "@/lib/services/context";
import { NotFoundError, ValidationError } from "@/lib/utils/domain-errors";
import { openSecret, sealSecret } from "./secret-box";
import { loadStudioSecret } from "./studio-secret";
import { isWellFormedApiKey } from "./api-key-token";

export type OrganizationSettings = {
  id: string;
  name: string;
  remoteApiUrl: string | null;
  /** Whether a remote key is stored; the key itself is never read back. */
  hasRemoteApiKey: boolean;
  createdAt: string;
};

export async function getOrganizationSettings(db: Database, organizationId: string): Promise<OrganizationSettings> {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      remoteApiUrl: organizations.remoteApiUrl,
      remoteApiKeyCiphertext: organizations.remoteApiKeyCiphertext,
      createdAt: organizations.createdAt,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row) throw new NotFoundError("Organization");
  return { id: row.id, name: row.name, remoteApiUrl: row.remoteApiUrl, hasRemoteApiKey: Boolean(row.remoteApiKeyCiphertext), createdAt: row.createdAt.toISOString() };
}

export async function renameOrganization(ctx: ServiceContext, name: string): Promise<void> {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 200) {
    throw new ValidationError("name: Must be 1 to 200 characters", [{ field: "name", message: "Must be 1 to 200 characters" }]);
  }
  await withTransaction(ctx, async (tx) => {
    const [before] = await tx.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, ctx.organizationId)).for("update");
    if (!before) throw new NotFoundError("Organization");
    await tx.db.update(organizations).set({ name: trimmed, updatedAt: new Date() }).where(eq(organizations.id, ctx.organizationId));
    if (before.name !== trimmed) {
      await recordAudit(tx, { action: "organization.updated", resourceType: "organization", resourceId: ctx.organizationId, changes: change("name", before.name, trimmed) });
    }
  });
}

/**
 * The remote deployment this organization's studio manages: `url` null falls back to VOICE_API_URL
 * (or this deployment when that is unset). The URL must be an http(s) origin whose addresses the
 * outbound policy allows (public unicast unless OUTBOUND_ALLOWED_HOSTS lists them), as for tools and
 * webhooks; every request is checked again when it connects. The key is checked for form and sealed;
 * `apiKey` undefined keeps the stored one, null removes it.
 */
export async function setRemoteApi(
  ctx: ServiceContext,
  input: { url: string | null; apiKey?: string | null },
  policy: OutboundAddressPolicy = outboundAddressPolicy(),
): Promise<void> {
  const problems = [];
  let url: string | null = null;
  if (input.url) {
    const parsed = parseRemoteUrl(input.url);
    if (typeof parsed === "string") problems.push({ field: "remote_api_url", message: parsed });
    else {
      const refusal = await outboundUrlRefusal(parsed, policy);
      if (refusal) problems.push({ field: "remote_api_url", message: `Not reachable under the outbound address policy: ${refusal}` });
      else url = parsed.origin;
    }
  }
  if (input.apiKey && !isWellFormedApiKey(input.apiKey.trim())) problems.push({ field: "remote_api_key", message: "Not an API key (vk_…)" });
  if (problems.length) throw new ValidationError(problems.map((p) => `${p.field}: ${p.message}`).join("; "), problems);
  const { organizationId } = ctx;
  const changes: Partial<typeof organizations.$inferInsert> = { remoteApiUrl: url, updatedAt: new Date() };
  if (input.apiKey === null) changes.remoteApiKeyCiphertext = null;
  else if (input.apiKey) changes.remoteApiKeyCiphertext = sealSecret(await loadStudioSecret(ctx.db), input.apiKey.trim(), organizationId);
  await withTransaction(ctx, async (tx) => {
    const [before] = await tx.db
      .select({ url: organizations.remoteApiUrl, key: organizations.remoteApiKeyCiphertext })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for("update");
    if (!before) throw new NotFoundError("Organization");
    await tx.db.update(organizations).set(changes).where(eq(organizations.id, organizationId));
    const audited = fieldChanges(
      { remote_api_url: before.url, remote_api_key: before.key },
      { remote_api_url: url, remote_api_key: changes.remoteApiKeyCiphertext === undefined ? before.key : changes.remoteApiKeyCiphertext },
    );
    if (Object.keys(audited).length) await recordAudit(tx, { action: "organization.updated", resourceType: "organization", resourceId: organizationId, changes: audited });
  });
}

/**
 * The remote deployment an organization chose in its settings, with its key opened: `url` null when
 * it chose none; `apiKey` null when none is stored (or it no longer opens under the studio's secret).
 */
export async function readRemoteApi(db: Database, organizationId: string): Promise<{ url: string | null; apiKey: string | null }> {
  const [row] = await db
    .select({ url: organizations.remoteApiUrl, ciphertext: organizations.remoteApiKeyCiphertext })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!row?.ciphertext) return { url: row?.url ?? null, apiKey: null };
  return { url: row.url, apiKey: openSecret(await loadStudioSecret(db), row.ciphertext, organizationId) };
}

/** An http(s) origin (the API's paths are added under it), or why the text is not one. */
function parseRemoteUrl(text: string): URL | string {
  const invalid = "Must be an http(s) URL such as https://voice.example.com";
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return invalid;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return invalid;
  if (url.username || url.password) return "Must not contain credentials (the API key is entered separately)";
  if (!/^\/(v1\/?)?$/.test(url.pathname) || url.search || url.hash) return "Must be the deployment's address without a path (the studio adds /v1)";
  return url;
}
