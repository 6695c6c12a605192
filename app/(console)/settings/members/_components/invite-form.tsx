"use client";

import { useState, type FormEvent } from "react";
import { roleLabels, type MemberRole } from "@/lib/auth/roles";
import { consoleRequest } from "@/lib/voice-api/browser-client";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import { roleDescriptions } from "./role-descriptions";

/** Makes an invitation link for a role; the admin copies it and sends it however they like. */
export function InviteForm({ roles, onCreated }: { roles: MemberRole[]; onCreated: () => void }) {
  const [role, setRole] = useState<MemberRole>("member");
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<{ url: string; role: MemberRole } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { data: created } = await consoleRequest<{ url: string; role: MemberRole }>("POST", "/invitations", { role });
      setLink(created);
      onCreated();
    } catch (error) {
      toast.error("No invitation was created", error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite someone</CardTitle>
        <CardDescription>Create a link and send it to them: they sign in or sign up, and join with the role you chose.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="invite-role">Role</Label>
            <Select value={role} onValueChange={(value) => setRole(value as MemberRole)}>
              <SelectTrigger id="invite-role" className="w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {roles.map((candidate) => (
                  <SelectItem key={candidate} value={candidate}>
                    {roleLabels[candidate]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating…" : "Create invitation link"}
          </Button>
          <p className="basis-full text-xs text-muted-foreground">{roleDescriptions[role]}.</p>
        </form>
        {link ? (
          <div className="grid gap-1.5 rounded-md border bg-muted/40 p-3">
            <Label htmlFor="invite-link">Invitation link ({roleLabels[link.role].toLowerCase()}), shown once</Label>
            <div className="flex gap-2">
              <Input id="invite-link" readOnly value={link.url} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <CopyButton value={link.url} />
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
