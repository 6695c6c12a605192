import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { invitations, memberships, organizations, users } from "@/lib/db/schema";
import { inTransaction } from "@/lib/db/transaction";
import { change } from "@/lib/services/audit/audit-changes";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { withTransaction, type RequestOrigin, type ServiceContext } from "@/lib/services/context";
import { NotFoundError, ValidationError } from "@/lib/utils/domain-errors";
import { assignableRoles, type MemberRole } from "./roles";
import { isUuid } from "@/lib/schemas/ids";

export const INVITATION_VALID_DAYS = 7;

export type InvitationSummary = { id: string; role: MemberRole; createdBy: string | null; createdAt: string; expiresAt: string };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A link token for one person to join with `role` (at most the inviter's own). Only its hash is
 * kept, so the link is shown once; it works once and for INVITATION_VALID_DAYS.
 */
export async function createInvitation(
  ctx: ServiceContext,
  input: { role: MemberRole; inviter: { userId: string; role: MemberRole }; now?: Date },
): Promise<{ token: string; invitation: InvitationSummary }> {
  if (!assignableRoles(input.inviter.role).includes(input.role)) {
    throw new ValidationError("role: You cannot invite someone with a role above your own", [{ field: "role", message: "Above your own role" }]);
  }
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const row = await withTransaction(ctx, async (tx) => {
    const [created] = await tx.db
      .insert(invitations)
      .values({
        organizationId: ctx.organizationId,
        role: input.role,
        tokenHash: hashToken(token),
        createdByUserId: input.inviter.userId,
        expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000),
      })
      .returning();
    await recordAudit(tx, {
      action: "invitation.created",
      resourceType: "invitation",
      resourceId: created.id,
      changes: { ...change("role", null, created.role), ...change("expires_at", null, created.expiresAt) },
    });
    return created;
  });
  return {
    token,
    invitation: { id: row.id, role: row.role, createdBy: null, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() },
  };
}

/** Invitations not yet accepted and not expired, newest first. */
export async function listPendingInvitations(db: Database, organizationId: string, now = new Date()): Promise<InvitationSummary[]> {
  const rows = await db
    .select({ id: invitations.id, role: invitations.role, createdBy: users.email, createdAt: invitations.createdAt, expiresAt: invitations.expiresAt })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.createdByUserId))
    .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .orderBy(desc(invitations.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() }));
}

export async function revokeInvitation(ctx: ServiceContext, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError("Invitation");
  await withTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .delete(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.organizationId, ctx.organizationId), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id, role: invitations.role });
    if (rows.length === 0) throw new NotFoundError("Invitation");
    await recordAudit(tx, { action: "invitation.revoked", resourceType: "invitation", resourceId: id, changes: change("role", rows[0].role, null) });
  });
}

export type InvitationPreview = { organizationId: string; organizationName: string; role: MemberRole; expiresAt: string };

/** What a link offers, or null when it is unknown, used or expired (the page says so). */
export async function findUsableInvitation(db: Database, token: string, now = new Date()): Promise<InvitationPreview | null> {
  const [row] = await db
    .select({ organizationId: invitations.organizationId, organizationName: organizations.name, role: invitations.role, expiresAt: invitations.expiresAt })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .limit(1);
  return row ? { ...row, expiresAt: row.expiresAt.toISOString() } : null;
}

/**
 * Joins the user to the invitation's organization and uses the invitation up, in one transaction.
 * A user who already is a member keeps their role (an invitation never demotes anyone).
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  userId: string,
  options: { now?: Date; origin?: RequestOrigin } = {},
): Promise<{ organizationId: string }> {
  const now = options.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ id: invitations.id, organizationId: invitations.organizationId, role: invitations.role })
      .from(invitations)
      .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
      .for("update");
    if (!row) throw new NotFoundError("Invitation (it may have been used, revoked or have expired)");
    const joined = await tx.insert(memberships).values({ organizationId: row.organizationId, userId, role: row.role }).onConflictDoNothing().returning({ role: memberships.role });
    await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, row.id));
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    await recordAudit(
      { db: tx, organizationId: row.organizationId, actor: { type: "user", id: userId, label: user?.email ?? userId }, origin: options.origin },
      {
        action: "invitation.accepted",
        resourceType: "invitation",
        resourceId: row.id,
        // A member already in the organization keeps their role: the entry then changes none.
        changes: { ...change("member_id", null, userId), ...(joined.length ? change("role", null, row.role) : {}) },
      },
    );
    return { organizationId: row.organizationId };
  });
}
