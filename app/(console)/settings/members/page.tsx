import type { Metadata } from "next";
import { listPendingInvitations } from "@/lib/auth/invitations";
import { listMembers } from "@/lib/auth/memberships";
import { requireConsoleContext } from "@/lib/server/console-session";
import { PageHeader } from "@/components/ui/page-header";
import { MembersManager } from "./_components/members-manager";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const ctx = await requireConsoleContext("/settings/members");
  const [members, invitations] = await Promise.all([
    listMembers(ctx.db, ctx.organization.id),
    ctx.can("manageMembers") ? listPendingInvitations(ctx.db, ctx.organization.id) : Promise.resolve([]),
  ]);
  return (
    <>
      <PageHeader title="Members" description={`People who work in ${ctx.organization.name}, and what each may do.`} />
      <MembersManager initialMembers={members} initialInvitations={invitations} />
    </>
  );
}
