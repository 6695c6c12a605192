"use client";

import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { useState, type ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { buttonVariants } from "./button";
import { dialogPanelClassName, overlayClassName } from "./dialog";

/**
 * A confirmation before something that cannot be undone. `onConfirm` may be async: the dialog
 * stays open (buttons disabled) until it settles, and closes only when it succeeds.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel = "Confirm",
  destructive = true,
  onConfirm,
  open: controlledOpen,
  onOpenChange,
}: {
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  destructive?: boolean;
  onConfirm: () => Promise<unknown> | unknown;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    if (busy) return;
    setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  const confirm = async (event: React.MouseEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onConfirm();
      setBusy(false);
      setUncontrolledOpen(false);
      onOpenChange?.(false);
    } catch {
      setBusy(false);
    }
  };
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={setOpen}>
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClassName} />
        <AlertDialogPrimitive.Content className={dialogPanelClassName}>
          <div className="flex flex-col gap-1.5">
            <AlertDialogPrimitive.Title className="text-lg font-semibold">{title}</AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="text-sm text-muted-foreground">{description}</AlertDialogPrimitive.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: "outline" })} disabled={busy}>
              Cancel
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={cn(buttonVariants({ variant: destructive ? "destructive" : "default" }))}
              disabled={busy}
              onClick={confirm}
            >
              {busy ? "Working…" : confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
