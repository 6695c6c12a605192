import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvitation, createInvitation, findUsableInvitation, listPendingInvitations, revokeInvitation } from "@/lib/auth/invitations";
import { addMembership, changeMemberRole, findMembership, listMembers, removeMember } from "@/lib/auth/memberships";
import { createOrganizationWithOwner } from "@/lib/auth/organizations";
import { createPasswordUser, verifyCredentials } from "@/lib/auth/users";
import { createTestDatabase } from "../helpers/test-database";
import type { DatabaseConnection } from "@/lib/db/client";

let connection: DatabaseConnection;
let organizationId: string;
let ownerId: string;

beforeAll(async () => {
  connection = await createTestDatabase();
  ({ organizationId, userId: ownerId } = await createOrganizationWithOwner(connection.db, {
    name: "Accounts",
    ownerEmail: "Owner@Accounts.test",
    ownerPassword: "owner-password",
  }));
});

afterAll(async () => {
  await connection?.close();
});

describe("users", () => {
  it("signs in with the email in any case, and refuses a wrong password without saying which part was wrong", async () => {
    expect((await verifyCredentials(connection.db, "owner@accounts.test", "owner-password"))?.id).toBe(ownerId);
    expect(await verifyCredentials(connection.db, "owner@accounts.test", "wrong-password")).toBeNull();
    expect(await verifyCredentials(connection.db, "nobody@accounts.test", "owner-password")).toBeNull();
  });

  it("refuses a second account with the same email, ignoring case", async () => {
    await expect(createPasswordUser(connection.db, { email: "OWNER@accounts.test", password: "password-123" })).rejects.toMatchObject({
      details: [{ field: "email" }],
    });
  });
});

describe("invitations", () => {
  it("joins once with the invited role; the link is then used up", async () => {
    const { token } = await createInvitation({ db: connection.db, organizationId }, { role: "viewer", inviter: { userId: ownerId, role: "owner" } });
    expect(await findUsableInvitation(connection.db, token)).toMatchObject({ organizationName: "Accounts", role: "viewer" });
    const guest = await createPasswordUser(connection.db, { email: "guest@accounts.test", password: "password-123" });
    await acceptInvitation(connection.db, token, guest.id);
    expect(await findMembership(connection.db, organizationId, guest.id)).toBe("viewer");
    expect(await findUsableInvitation(connection.db, token)).toBeNull();
    const other = await createPasswordUser(connection.db, { email: "other@accounts.test", password: "password-123" });
    await expect(acceptInvitation(connection.db, token, other.id)).rejects.toThrow(/Invitation/);
    expect(await findMembership(connection.db, organizationId, other.id)).toBeNull();
  });

  it("does not work after it expires or is revoked, and never demotes an existing member", async () => {
    const past = new Date(Date.now() - 8 * 86_400_000);
    const expired = await createInvitation({ db: connection.db, organizationId }, { role: "member", inviter: { userId: ownerId, role: "owner" }, now: past });
    expect(await findUsableInvitation(connection.db, expired.token)).toBeNull();

    const revoked = await createInvitation({ db: connection.db, organizationId }, { role: "member", inviter: { userId: ownerId, role: "owner" } });
    expect((await listPendingInvitations(connection.db, organizationId)).map((i) => i.id)).toContain(revoked.invitation.id);
    await revokeInvitation({ db: connection.db, organizationId }, revoked.invitation.id);
    expect(await findUsableInvitation(connection.db, revoked.token)).toBeNull();

    const demoting = await createInvitation({ db: connection.db, organizationId }, { role: "viewer", inviter: { userId: ownerId, role: "owner" } });
    await acceptInvitation(connection.db, demoting.token, ownerId);
    expect(await findMembership(connection.db, organizationId, ownerId)).toBe("owner");
  });

  it("cannot invite above the inviter's own role", async () => {
    const admin = await createPasswordUser(connection.db, { email: "admin@accounts.test", password: "password-123" });
    await addMembership(connection.db, organizationId, admin.id, "admin");
    await expect(createInvitation({ db: connection.db, organizationId }, { role: "owner", inviter: { userId: admin.id, role: "admin" } })).rejects.toMatchObject({
      details: [{ field: "role" }],
    });
  });
});

describe("roles", () => {
  it("keeps at least one owner, and nobody changes a role above their own", async () => {
    await expect(changeMemberRole({ db: connection.db, organizationId }, { userId: ownerId, role: "owner" }, ownerId, "admin")).rejects.toThrow(/at least one owner/);
    await expect(removeMember({ db: connection.db, organizationId }, { userId: ownerId, role: "owner" }, ownerId)).rejects.toThrow(/at least one owner/);

    const members = await listMembers(connection.db, organizationId);
    const admin = members.find((m) => m.email === "admin@accounts.test")!;
    await expect(changeMemberRole({ db: connection.db, organizationId }, { userId: admin.userId, role: "admin" }, ownerId, "viewer")).rejects.toThrow(/above your own/);

    const second = await createPasswordUser(connection.db, { email: "second@accounts.test", password: "password-123" });
    await addMembership(connection.db, organizationId, second.id, "member");
    await changeMemberRole({ db: connection.db, organizationId }, { userId: ownerId, role: "owner" }, second.id, "owner");
    await changeMemberRole({ db: connection.db, organizationId }, { userId: second.id, role: "owner" }, ownerId, "admin");
    expect(await findMembership(connection.db, organizationId, ownerId)).toBe("admin");
    await removeMember({ db: connection.db, organizationId }, { userId: second.id, role: "owner" }, ownerId);
    expect(await findMembership(connection.db, organizationId, ownerId)).toBeNull();
  });
});
