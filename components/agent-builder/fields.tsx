"use client";

import { useId, useState, type ComponentProps, type ReactNode } from "react";
import { inputClassName } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils/cn";

/** A labelled control with a hint (unit, default) and the API's problems for it. */
export function Field({
  label,
  hint,
  errors = [],
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  className?: string;
  children: (props: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, errors.length ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid content-start gap-1.5", className)} data-invalid={errors.length ? "true" : undefined}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": errors.length ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive" role="alert">
          {errors.join(" · ")}
        </p>
      ) : null}
    </div>
  );
}

export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(inputClassName, "pr-8", className)} {...props} />;
}

export function TextField({
  label,
  hint,
  errors,
  value,
  onChange,
  className,
  ...props
}: { label: ReactNode; hint?: ReactNode; errors?: string[]; value: string; onChange: (value: string) => void; className?: string } & Omit<
  ComponentProps<"input">,
  "value" | "onChange"
>) {
  return (
    <Field label={label} hint={hint} errors={errors} className={className}>
      {(control) => <input className={inputClassName} value={value} onChange={(event) => onChange(event.target.value)} {...control} {...props} />}
    </Field>
  );
}

export function TextAreaField({
  label,
  hint,
  errors,
  value,
  onChange,
  className,
  ...props
}: { label: ReactNode; hint?: ReactNode; errors?: string[]; value: string; onChange: (value: string) => void; className?: string } & Omit<
  ComponentProps<"textarea">,
  "value" | "onChange"
>) {
  return (
    <Field label={label} hint={hint} errors={errors} className={className}>
      {(control) => <Textarea value={value} onChange={(event) => onChange(event.target.value)} {...control} {...props} />}
    </Field>
  );
}

/** A number; cleared, it falls back to `fallback` (the default the hint names). */
export function NumberField({
  label,
  hint,
  errors,
  value,
  fallback,
  onChange,
  className,
  ...props
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  value: number | undefined;
  fallback?: number;
  onChange: (value: number | undefined) => void;
  className?: string;
} & Omit<ComponentProps<"input">, "value" | "onChange">) {
  // What the person is typing, while they type: a field cleared on the way to a new number stays
  // empty (the value is the fallback meanwhile) instead of snapping back to it under their cursor.
  const [typing, setTyping] = useState<string | null>(null);
  return (
    <Field label={label} hint={hint} errors={errors} className={className}>
      {(control) => (
        <input
          type="number"
          className={inputClassName}
          value={typing ?? value ?? ""}
          placeholder={fallback !== undefined ? String(fallback) : undefined}
          onChange={(event) => {
            setTyping(event.target.value);
            onChange(event.target.value === "" ? fallback : Number(event.target.value));
          }}
          {...control}
          {...props}
          onBlur={(event) => {
            setTyping(null);
            props.onBlur?.(event);
          }}
        />
      )}
    </Field>
  );
}

/** `T`: the option values; the browser can only choose one of them. */
export function SelectField<T extends string>({
  label,
  hint,
  errors,
  value,
  onChange,
  options,
  className,
  ...props
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  value: T;
  onChange: (value: T) => void;
  options: readonly (T | { value: T; label: string })[];
  className?: string;
} & Omit<ComponentProps<"select">, "value" | "onChange">) {
  return (
    <Field label={label} hint={hint} errors={errors} className={className}>
      {(control) => (
        <NativeSelect value={value} onChange={(event) => onChange(event.target.value as T)} {...control} {...props}>
          {options.map((option) => {
            const { value: optionValue, label: optionLabel } = typeof option === "string" ? { value: option, label: option } : option;
            return (
              <option key={optionValue} value={optionValue}>
                {optionLabel}
              </option>
            );
          })}
        </NativeSelect>
      )}
    </Field>
  );
}

export function CheckboxField({
  label,
  hint,
  errors = [],
  checked,
  onChange,
  disabled,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="size-4 accent-primary"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <Label htmlFor={id}>{label}</Label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="pl-6 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <p className="pl-6 text-xs font-medium text-destructive" role="alert">
          {errors.join(" · ")}
        </p>
      ) : null}
    </div>
  );
}

/** A list of short strings, one per line. */
export function LinesField({
  label,
  hint,
  errors,
  value,
  onChange,
  rows = 3,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  value: string[];
  onChange: (value: string[]) => void;
  rows?: number;
}) {
  return (
    <TextAreaField
      label={label}
      hint={hint}
      errors={errors}
      rows={rows}
      value={value.join("\n")}
      onChange={(text) => onChange(text === "" ? [] : text.split("\n"))}
      onBlur={(event) => onChange(event.target.value.split("\n").map((line) => line.trim()).filter(Boolean))}
    />
  );
}

export function Section({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="grid gap-3 border-t pt-4 first:border-t-0 first:pt-0" aria-label={title}>
      <div className="flex items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 className="text-sm font-semibold">{title}</h3>
          {description ? <p className="text-xs text-muted-foreground">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
