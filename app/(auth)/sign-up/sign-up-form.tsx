"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { isInvitationPath } from "@/lib/console/safe-redirect";
import { signUpAction, type FormState } from "../actions";
import { FormError } from "../form-error";

export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(signUpAction, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="grid gap-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormError message={state.error} />
      <FormField label="Your name">
        <Input name="name" autoComplete="name" defaultValue={state.values?.name} />
      </FormField>
      <FormField label="Email" error={errors.email}>
        <Input name="email" type="email" autoComplete="email" required defaultValue={state.values?.email} />
      </FormField>
      <FormField label="Password" error={errors.password} hint="At least 8 characters">
        <Input name="password" type="password" autoComplete="new-password" required minLength={8} />
      </FormField>
      {isInvitationPath(callbackUrl) ? null : (
        <FormField label="Organization name" error={errors.organization}>
          <Input name="organization" autoComplete="organization" required defaultValue={state.values?.organization} />
        </FormField>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? "Creating your account…" : isInvitationPath(callbackUrl) ? "Create account and continue" : "Create account"}
      </Button>
    </form>
  );
}
