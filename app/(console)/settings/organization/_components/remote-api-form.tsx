"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { consoleRequest } from "@/lib/voice-api/browser-client";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { useCan } from "@/components/console/console-session";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";

/**
 * Owners can point this organization's studio at another deployment of the API: its URL (or the
 * server's VOICE_API_URL) and a key of that deployment, which is stored encrypted and never shown again.
 */
export function RemoteApiForm({ remoteApiUrl, hasRemoteApiKey, deploymentUrl }: { remoteApiUrl: string | null; hasRemoteApiKey: boolean; deploymentUrl: string | null }) {
  const canEdit = useCan("manageOrganization");
  const router = useRouter();
  const [url, setUrl] = useState(remoteApiUrl ?? "");
  const [key, setKey] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const effective = remoteApiUrl ?? deploymentUrl;

  const save = async (body: Record<string, string | null>) => {
    setBusy(true);
    setErrors({});
    try {
      await consoleRequest("PATCH", "/organization", body);
      toast.success("Remote API saved");
      setKey("");
      router.refresh();
    } catch (caught) {
      if (isVoiceApiError(caught) && caught.details.length) setErrors(Object.fromEntries(caught.details.map((d) => [d.field, d.message])));
      else toast.error("Not saved", caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ remote_api_url: url.trim() || null, remote_api_key: key.trim() || "" });
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <CardHeader>
          <CardTitle>API deployment</CardTitle>
          <CardDescription>
            {effective ? (
              <>
                The studio manages the API at <code className="rounded bg-muted px-1 text-xs">{effective}</code>{" "}
                {hasRemoteApiKey ? <Badge variant="success">key stored</Badge> : <Badge variant="warning">no key yet</Badge>}
              </>
            ) : (
              "The studio manages this deployment's own API, with a key the server holds for it."
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField
            label="Remote API URL"
            error={errors.remote_api_url}
            hint={deploymentUrl ? `Empty: the server's VOICE_API_URL (${deploymentUrl}).` : "Empty: this deployment."}
          >
            <Input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://voice.example.com" disabled={!canEdit} inputMode="url" />
          </FormField>
          <FormField
            label="API key of that deployment"
            error={errors.remote_api_key}
            hint={hasRemoteApiKey ? "A key is stored (encrypted). Enter a new one to replace it." : "Create one in that deployment's studio, under API keys."}
          >
            <Input value={key} onChange={(e) => setKey(e.target.value)} type="password" autoComplete="off" placeholder="vk_…" disabled={!canEdit} />
          </FormField>
          {canEdit ? null : <p className="text-sm text-muted-foreground">Only owners change where the studio finds its API.</p>}
        </CardContent>
        {canEdit ? (
          <CardFooter className="justify-end gap-2">
            {hasRemoteApiKey ? (
              <Button variant="outline" disabled={busy} onClick={() => void save({ remote_api_key: null })}>
                Remove key
              </Button>
            ) : null}
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Save"}
            </Button>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}
