"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { consoleRequest } from "@/lib/voice-api/browser-client";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { useCan } from "@/components/console/console-session";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";

export function OrganizationForm({ name: initialName, organizationId }: { name: string; organizationId: string }) {
  const canEdit = useCan("manageOrganization");
  const router = useRouter();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await consoleRequest("PATCH", "/organization", { name });
      toast.success("Organization renamed");
      router.refresh();
    } catch (caught) {
      setError(isVoiceApiError(caught) ? (caught.details[0]?.message ?? caught.message) : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <CardHeader>
          <CardTitle>General</CardTitle>
          <CardDescription>
            Organization id <code className="rounded bg-muted px-1 text-xs">{organizationId}</code>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FormField label="Name" error={error} hint={canEdit ? undefined : "Only owners rename the organization."}>
            <Input value={name} onChange={(e) => setName(e.target.value)} disabled={!canEdit} maxLength={200} />
          </FormField>
        </CardContent>
        {canEdit ? (
          <CardFooter className="justify-end">
            <Button type="submit" disabled={busy || name.trim() === initialName}>
              {busy ? "Saving…" : "Save"}
            </Button>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}
