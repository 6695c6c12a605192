"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { describeError } from "@/lib/voice-api/browser-client";

/** A dialog asking for a knowledge base's name (create and rename); the API's message shows under the field. */
export function NameDialog({
  trigger,
  title,
  description,
  submitLabel,
  initialName = "",
  onSubmit,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  submitLabel: string;
  initialName?: string;
  /** Throws to keep the dialog open with the error. */
  onSubmit: (name: string) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const changeOpen = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    if (next) {
      setName(initialName);
      setError(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError("Enter a name");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name.trim());
      setOpen(false);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <FormField label="Name" error={error}>
            <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={255} autoComplete="off" autoFocus required />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
