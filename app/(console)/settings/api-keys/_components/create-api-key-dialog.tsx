"use client";

import { useState, type FormEvent } from "react";
import { consoleRequest } from "@/lib/voice-api/browser-client";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

type Created = { id: string; name: string; prefix: string; api_key: string };

/** Asks for a name, then shows the new key once, with a copy button. */
export function CreateApiKeyDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated: () => void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    onOpenChange(false);
    setName("");
    setError(null);
    setCreated(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setCreated((await consoleRequest<Created>("POST", "/api-keys", { name })).data);
      onCreated();
    } catch (caught) {
      setError(isVoiceApiError(caught) ? (caught.details[0]?.message ?? caught.message) : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Copy your new key</DialogTitle>
              <DialogDescription>This is the only time the whole key is shown. Store it somewhere safe, such as a secret manager.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <label htmlFor="new-api-key" className="text-sm font-medium">
                {created.name}
              </label>
              <div className="flex gap-2">
                <Input id="new-api-key" readOnly value={created.api_key} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
                <CopyButton value={created.api_key} />
              </div>
            </div>
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>Create an API key</DialogTitle>
              <DialogDescription>Name it after where it will be used, so you know what breaks if you revoke it.</DialogDescription>
            </DialogHeader>
            <FormField label="Name" error={error}>
              <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="CRM integration" autoFocus maxLength={100} />
            </FormField>
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "Creating…" : "Create key"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
