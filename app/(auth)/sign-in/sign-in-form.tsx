"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { signInAction, type FormState } from "../actions";
import { FormError } from "../form-error";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(signInAction, {});
  return (
    <form action={action} className="grid gap-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormError message={state.error} />
      <FormField label="Email">
        <Input name="email" type="email" autoComplete="email" required defaultValue={state.values?.email} autoFocus />
      </FormField>
      <FormField label="Password">
        <Input name="password" type="password" autoComplete="current-password" required />
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
