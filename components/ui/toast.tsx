"use client";

import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { useSyncExternalStore } from "react";
import { cn } from "@/lib/utils/cn";

type ToastKind = "default" | "success" | "error";
type ToastItem = { id: number; kind: ToastKind; title: string; description?: string };

// A tiny store, so any client code can call `toast.success(...)` without a context.
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function push(kind: ToastKind, title: string, description?: string): number {
  const id = nextId++;
  items = [...items, { id, kind, title, description }].slice(-5);
  emit();
  return id;
}

function dismiss(id: number) {
  items = items.filter((item) => item.id !== id);
  emit();
}

/** Notifications: `toast("Saved")`, `toast.success(...)`, `toast.error(title, description)`. */
export const toast = Object.assign((title: string, description?: string) => push("default", title, description), {
  success: (title: string, description?: string) => push("success", title, description),
  error: (title: string, description?: string) => push("error", title, description),
  dismiss,
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const empty: ToastItem[] = [];

/** Mounted once in the root layout. */
export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => items,
    () => empty,
  );
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={5000}>
      {current.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          type={item.kind === "error" ? "foreground" : "background"}
          duration={item.kind === "error" ? 8000 : 5000}
          onOpenChange={(open) => !open && dismiss(item.id)}
          className={cn(
            "relative grid gap-1 rounded-md border bg-popover p-4 pr-9 text-popover-foreground shadow-lg",
            item.kind === "error" && "border-destructive/50",
            item.kind === "success" && "border-success/50",
          )}
        >
          <ToastPrimitive.Title className={cn("text-sm font-semibold", item.kind === "error" && "text-destructive")}>{item.title}</ToastPrimitive.Title>
          {item.description ? <ToastPrimitive.Description className="text-sm text-muted-foreground">{item.description}</ToastPrimitive.Description> : null}
          <ToastPrimitive.Close className="absolute top-3 right-3 rounded-sm opacity-70 hover:opacity-100" aria-label="Dismiss">
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
