"use client";

import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { Label } from "./label";

type ControlProps = { id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

/**
 * A label, one control, an optional hint and the field's error, wired together: the control gets
 * the id, `aria-invalid` and `aria-describedby`, so screen readers read the error with the field.
 */
export function FormField({
  label,
  error,
  hint,
  children,
  className,
  id: givenId,
}: {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: ReactElement<ControlProps>;
  className?: string;
  id?: string;
}) {
  const generated = useId();
  const id = givenId ?? children.props.id ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })
    : children;
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
