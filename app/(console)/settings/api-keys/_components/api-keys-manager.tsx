"use client";

import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";
import type { UserApiKeyRow } from "@/lib/auth/user-api-keys";
import { useApiKeys } from "@/lib/swr/use-api-keys";
import { consoleRequest } from "@/lib/voice-api/browser-client";
import { relativeTime } from "@/lib/utils/relative-time";
import { useCan } from "@/components/console/console-session";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { CreateApiKeyDialog } from "./create-api-key-dialog";

export function ApiKeysManager({ initialKeys }: { initialKeys: UserApiKeyRow[] }) {
  const canManage = useCan("manageApiKeys");
  const { data, mutate } = useApiKeys(initialKeys);
  const keys = data?.data ?? initialKeys;
  const [creating, setCreating] = useState(false);

  const revoke = async (key: UserApiKeyRow) => {
    try {
      await consoleRequest("DELETE", `/api-keys/${key.id}`);
      toast.success("API key revoked", `${key.name} (${key.prefix}…) no longer works.`);
      await mutate();
    } catch (error) {
      toast.error("The key was not revoked", error instanceof Error ? error.message : String(error));
      throw error;
    }
  };

  const createButton = (
    <Button onClick={() => setCreating(true)} disabled={!canManage}>
      <Plus aria-hidden /> Create API key
    </Button>
  );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {canManage ? "Keys are shown once, when they are created. Revoke a key that may have leaked." : "Only admins and owners create and revoke keys."}
        </p>
        {createButton}
      </div>
      {keys.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title="No API keys yet"
          description="Create a key to call the API from your own code, for example to start calls or read transcripts."
          action={canManage ? createButton : undefined}
        />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Key</TableHead>
              <TableHead>Created by</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Last used</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {keys.map((key) => (
              <TableRow key={key.id} data-testid="api-key-row">
                <TableCell className="font-medium">{key.name}</TableCell>
                <TableCell>
                  <code className="text-xs">{key.prefix}…</code>
                </TableCell>
                <TableCell className="text-muted-foreground">{key.created_by ?? "Admin CLI"}</TableCell>
                <TableCell className="text-muted-foreground" title={key.created_at}>
                  {relativeTime(key.created_at)}
                </TableCell>
                <TableCell className="text-muted-foreground" title={key.last_used_at ?? undefined}>
                  {key.last_used_at ? relativeTime(key.last_used_at) : "Never"}
                </TableCell>
                <TableCell className="text-right">
                  {key.revoked_at ? (
                    <Badge variant="destructive">Revoked</Badge>
                  ) : (
                    <ConfirmDialog
                      trigger={
                        <Button variant="ghost" size="sm" disabled={!canManage} aria-label={`Revoke ${key.name}`}>
                          Revoke
                        </Button>
                      }
                      title={`Revoke "${key.name}"?`}
                      description="Requests with this key fail at once with 401. This cannot be undone: clients need a new key."
                      confirmLabel="Revoke key"
                      onConfirm={() => revoke(key)}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} onCreated={() => mutate()} />
    </div>
  );
}
