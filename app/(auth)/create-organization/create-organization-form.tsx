"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { createOrganizationAction, type FormState } from "../actions";

export function CreateOrganizationForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(createOrganizationAction, {});
  return (
    <form action={action} className="grid gap-4" noValidate>
      <FormField label="Organization name" error={state.fieldErrors?.organization}>
        <Input name="organization" required defaultValue={state.values?.organization} autoFocus />
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create organization"}
      </Button>
    </form>
  );
}
