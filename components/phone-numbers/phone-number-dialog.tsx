"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { SelectField } from "@/components/calls/select-field";
import type { AgentOption } from "@/components/calls/agent-options";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { apiErrorText } from "@/components/calls/api-error-text";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import {
  fieldErrorsFromApi,
  NO_AGENT,
  validatePhoneNumberForm,
  type PhoneNumberFormErrors,
  type PhoneNumberFormValues,
} from "./phone-number-form";

/**
 * Add or edit a number. The fields are checked here first (E.164, redirect rules); what the server
 * still refuses comes back with its message, next to the field it names.
 */
export function PhoneNumberDialog({
  open,
  onOpenChange,
  title,
  description,
  initial,
  creating,
  agents,
  submitLabel,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  initial: PhoneNumberFormValues;
  creating: boolean;
  agents: AgentOption[];
  submitLabel: string;
  onSubmit: (values: PhoneNumberFormValues) => Promise<void>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? <PhoneNumberFields initial={initial} creating={creating} agents={agents} submitLabel={submitLabel} onSubmit={onSubmit} onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PhoneNumberFields({
  initial,
  creating,
  agents,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: PhoneNumberFormValues;
  creating: boolean;
  agents: AgentOption[];
  submitLabel: string;
  onSubmit: (values: PhoneNumberFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<PhoneNumberFormValues>(initial);
  const [errors, setErrors] = useState<PhoneNumberFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof PhoneNumberFormValues>(key: K, value: PhoneNumberFormValues[K]) => setValues((old) => ({ ...old, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validatePhoneNumberForm(values, creating);
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (isVoiceApiError(error)) {
        const fieldErrors = fieldErrorsFromApi(error.details);
        setErrors(fieldErrors);
        // Problems with a field the form does not show are spelled out in the message.
        setFormError(Object.keys(fieldErrors).length === error.details.length ? error.message : apiErrorText(error));
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {creating ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Number" error={errors.number} hint="E.164, such as +14155550100">
            <Input value={values.number} onChange={(e) => set("number", e.target.value)} inputMode="tel" autoComplete="off" required autoFocus />
          </FormField>
          <SelectField
            label="Type"
            value={values.type}
            onValueChange={(value) => set("type", value as PhoneNumberFormValues["type"])}
            options={[
              { value: "pstn", label: "PSTN (carrier number)" },
              { value: "sip", label: "SIP (your own trunk)" },
            ]}
          />
        </div>
      ) : null}
      {creating && values.type === "sip" ? (
        <fieldset className="grid gap-4 rounded-md border p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium">SIP trunk</legend>
          <FormField label="Termination URI" error={errors.termination_uri} className="sm:col-span-2">
            <Input value={values.termination_uri} onChange={(e) => set("termination_uri", e.target.value)} placeholder="sip:trunk.example.com:5060" autoComplete="off" />
          </FormField>
          <SelectField
            label="Transport"
            value={values.transport}
            onValueChange={(value) => set("transport", value as PhoneNumberFormValues["transport"])}
            options={["udp", "tcp", "tls"].map((transport) => ({ value: transport, label: transport.toUpperCase() }))}
          />
          <FormField label="Username (optional)" error={errors.auth_username}>
            <Input value={values.auth_username} onChange={(e) => set("auth_username", e.target.value)} autoComplete="off" />
          </FormField>
          <FormField label="Password (optional)" error={errors.auth_password} className="sm:col-span-2" hint="Stored encrypted and never shown again.">
            <Input type="password" value={values.auth_password} onChange={(e) => set("auth_password", e.target.value)} autoComplete="new-password" />
          </FormField>
          <SelectField
            label="Inbound number from"
            value={values.inbound_match}
            onValueChange={(value) => set("inbound_match", value as PhoneNumberFormValues["inbound_match"])}
            options={[
              { value: "request_uri", label: "Request-URI (most trunks)" },
              { value: "to", label: "To header" },
            ]}
          />
          <FormField
            label="Trunk addresses for inbound calls"
            error={errors.allowed_source_addresses}
            hint="IP addresses or CIDR ranges, separated by commas; calls from anywhere else are refused. Empty: no inbound calls."
          >
            <Input value={values.allowed_source_addresses} onChange={(e) => set("allowed_source_addresses", e.target.value)} placeholder="203.0.113.5, 198.51.100.0/24" autoComplete="off" />
          </FormField>
        </fieldset>
      ) : null}
      <FormField label="Name" error={errors.name} hint="Optional, for you: “Support line”">
        <Input value={values.name} onChange={(e) => set("name", e.target.value)} maxLength={255} autoComplete="off" />
      </FormField>
      <SelectField
        label="Inbound agent"
        value={values.inbound_agent_id}
        onValueChange={(value) => set("inbound_agent_id", value)}
        error={errors.inbound_agent_id}
        options={[{ value: NO_AGENT, label: "None (calls are not answered)" }, ...agents.map((agent) => ({ value: agent.id, label: agent.name }))]}
      />
      <fieldset className="grid gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Redirect</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={values.redirect} onChange={(e) => set("redirect", e.target.checked)} />
          Forward incoming calls to another number
        </label>
        <FormField label="Redirect number" error={errors.redirect_phone_number} hint="E.164, such as +14155550199">
          <Input value={values.redirect_phone_number} onChange={(e) => set("redirect_phone_number", e.target.value)} inputMode="tel" autoComplete="off" />
        </FormField>
      </fieldset>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
