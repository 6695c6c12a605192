"use client";

import type { InvitationSummary } from "@/lib/auth/invitations";
import type { OrganizationMember } from "@/lib/auth/memberships";
import { assignableRoles, roleLabels, type MemberRole } from "@/lib/auth/roles";
import { useInvitations } from "@/lib/swr/use-invitations";
import { useMembers } from "@/lib/swr/use-members";
import { consoleRequest } from "@/lib/voice-api/browser-client";
import { relativeTime } from "@/lib/utils/relative-time";
import { useCan, useConsoleSession } from "@/components/console/console-session";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { InviteForm } from "./invite-form";

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function MembersManager({ initialMembers, initialInvitations }: { initialMembers: OrganizationMember[]; initialInvitations: InvitationSummary[] }) {
  const { user, role: myRole } = useConsoleSession();
  const canManage = useCan("manageMembers");
  const members = useMembers(initialMembers);
  const invitations = useInvitations(canManage, initialInvitations);
  const roles = assignableRoles(myRole);

  const changeRole = async (member: OrganizationMember, role: MemberRole) => {
    try {
      await consoleRequest("PATCH", `/members/${member.userId}`, { role });
      toast.success("Role changed", `${member.email} is now ${roleLabels[role].toLowerCase()}.`);
    } catch (error) {
      toast.error("The role was not changed", message(error));
    }
    await members.mutate();
  };

  const remove = async (member: OrganizationMember) => {
    try {
      await consoleRequest("DELETE", `/members/${member.userId}`);
      toast.success("Member removed", `${member.email} no longer has access.`);
      await members.mutate();
    } catch (error) {
      toast.error("The member was not removed", message(error));
      throw error;
    }
  };

  const revokeInvitation = async (invitation: InvitationSummary) => {
    try {
      await consoleRequest("DELETE", `/invitations/${invitation.id}`);
      toast.success("Invitation revoked", "The link no longer works.");
      await invitations.mutate();
    } catch (error) {
      toast.error("The invitation was not revoked", message(error));
      throw error;
    }
  };

  return (
    <div className="grid gap-6">
      {canManage ? <InviteForm roles={roles} onCreated={() => invitations.mutate()} /> : (
        <p className="text-sm text-muted-foreground">Only admins and owners invite people and change roles.</p>
      )}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Member</TableHead>
            <TableHead className="w-48">Role</TableHead>
            <TableHead>Joined</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(members.data?.data ?? []).map((member) => {
            const editable = canManage && roles.includes(member.role);
            const isMe = member.userId === user.id;
            return (
              <TableRow key={member.userId} data-testid="member-row">
                <TableCell>
                  <div className="grid">
                    <span className="font-medium">
                      {member.name || member.email} {isMe ? <Badge variant="outline">You</Badge> : null}
                    </span>
                    {member.name ? <span className="text-xs text-muted-foreground">{member.email}</span> : null}
                  </div>
                </TableCell>
                <TableCell>
                  {editable ? (
                    <Select value={member.role} onValueChange={(role) => void changeRole(member, role as MemberRole)}>
                      <SelectTrigger aria-label={`Role of ${member.email}`} className="h-8">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {roles.map((role) => (
                          <SelectItem key={role} value={role}>
                            {roleLabels[role]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  ) : (
                    <Badge variant={member.role === "owner" ? "default" : "secondary"}>{roleLabels[member.role]}</Badge>
                  )}
                </TableCell>
                <TableCell className="text-muted-foreground" title={member.joinedAt}>
                  {relativeTime(member.joinedAt)}
                </TableCell>
                <TableCell className="text-right">
                  {editable && !isMe ? (
                    <ConfirmDialog
                      trigger={
                        <Button variant="ghost" size="sm" aria-label={`Remove ${member.email}`}>
                          Remove
                        </Button>
                      }
                      title={`Remove ${member.email}?`}
                      description="They lose access to this organization at once. You can invite them again later."
                      confirmLabel="Remove member"
                      onConfirm={() => remove(member)}
                    />
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {canManage ? (
        <Card>
          <CardHeader>
            <CardTitle>Pending invitations</CardTitle>
            <CardDescription>Links not used yet. Each works once, for seven days.</CardDescription>
          </CardHeader>
          <CardContent>
            {(invitations.data?.data ?? []).length === 0 ? (
              <p className="text-sm text-muted-foreground">None. Invite someone above and send them the link.</p>
            ) : (
              <ul className="divide-y">
                {(invitations.data?.data ?? []).map((invitation) => (
                  <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="invitation-row">
                    <span>
                      <Badge variant="secondary">{roleLabels[invitation.role]}</Badge>{" "}
                      <span className="text-muted-foreground">
                        by {invitation.createdBy ?? "someone"} {relativeTime(invitation.createdAt)}, expires {relativeTime(invitation.expiresAt)}
                      </span>
                    </span>
                    <ConfirmDialog
                      trigger={
                        <Button variant="ghost" size="sm">
                          Revoke
                        </Button>
                      }
                      title="Revoke this invitation?"
                      description="The link stops working. Nobody has joined with it yet."
                      confirmLabel="Revoke invitation"
                      onConfirm={() => revokeInvitation(invitation)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
