import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { memberships, organizations, users } from "@/lib/db/schema";
import { change } from "@/lib/services/audit/audit-changes";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { withTransaction, type ServiceContext } from "@/lib/services/context";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/utils/domain-errors";
import { assignableRoles, type MemberRole } from "./roles";
import { isUuid } from "@/lib/schemas/ids";

export type UserMembership = { organizationId: string; organizationName: string; role: MemberRole };

/** The organizations a user belongs to, oldest membership first. */
export async function listUserMemberships(db: Database, userId: string): Promise<UserMembership[]> {
  return db
    .select({ organizationId: memberships.organizationId, organizationName: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(organizations.name));
}

export type OrganizationMember = { userId: string; email: string; name: string | null; role: MemberRole; joinedAt: string };

export async function listMembers(db: Database, organizationId: string): Promise<OrganizationMember[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: memberships.role, joinedAt: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(memberships.createdAt));
  return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
}


export async function findMembership(db: Database, organizationId: string, userId: string): Promise<MemberRole | null> {
  if (!isUuid(organizationId) || !isUuid(userId)) return null;
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

type Actor = { userId: string; role: MemberRole };

async function lockedTarget(db: Database, organizationId: string, userId: string): Promise<MemberRole> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .for("update");
  if (!row) throw new NotFoundError("Member");
  return row.role;
}

async function ownerCount(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, "owner")));
  return row.count;
}

/**
 * Changes a member's role. Nobody grants or changes a role above their own, and the last owner
 * stays an owner, so an organization is never left without one.
 */
export async function changeMemberRole(ctx: ServiceContext, actor: Actor, userId: string, role: MemberRole): Promise<void> {
  const { organizationId } = ctx;
  await withTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    // Locking the organization row serialises role changes, so two owners cannot demote each other at once.
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for("update");
    const current = await lockedTarget(tx, organizationId, userId);
    const allowed = assignableRoles(actor.role);
    if (!allowed.includes(role) || !allowed.includes(current)) {
      throw new ValidationError("role: You cannot give or change a role above your own", [{ field: "role", message: "Above your own role" }]);
    }
    if (current === "owner" && role !== "owner" && (await ownerCount(tx, organizationId)) <= 1) {
      throw new ConflictError("The organization needs at least one owner: make someone else owner first", [
        { field: "role", message: "Last owner" },
      ]);
    }
    await tx.update(memberships).set({ role }).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
    if (current !== role) {
      await recordAudit(txCtx, { action: "member.role_changed", resourceType: "member", resourceId: userId, changes: { ...(await memberLabel(tx, userId)), ...change("role", current, role) } });
    }
  });
}

/** The member's email in an entry's changes (unchanged: it says who, the id alone would not). */
async function memberLabel(db: Database, userId: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user ? change("email", user.email, user.email) : {};
}

/** Removes a member (or lets a member leave); the last owner cannot go. */
export async function removeMember(ctx: ServiceContext, actor: Actor, userId: string): Promise<void> {
  const { organizationId } = ctx;
  await withTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for("update");
    const current = await lockedTarget(tx, organizationId, userId);
    if (actor.userId !== userId && !assignableRoles(actor.role).includes(current)) {
      throw new ValidationError("You cannot remove a member whose role is above your own", [{ field: "user_id", message: "Above your own role" }]);
    }
    if (current === "owner" && (await ownerCount(tx, organizationId)) <= 1) {
      throw new ConflictError("The organization needs at least one owner: make someone else owner first", [
        { field: "user_id", message: "Last owner" },
      ]);
    }
    await tx.delete(memberships).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
    await recordAudit(txCtx, {
      action: actor.userId === userId ? "member.left" : "member.removed",
      resourceType: "member",
      resourceId: userId,
      changes: { ...(await memberLabel(tx, userId)), ...change("role", current, null) },
    });
  });
}

/** Makes a user a member with a role (an accepted invitation); an existing membership keeps its role. */
export async function addMembership(db: Database, organizationId: string, userId: string, role: MemberRole): Promise<void> {
  await db.insert(memberships).values({ organizationId, userId, role }).onConflictDoNothing();
}
