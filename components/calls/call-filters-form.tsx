"use client";

import { FilterX, Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { CallFilters } from "@/lib/voice-api/calls";
import type { AgentOption } from "./agent-options";
import { SelectField } from "./select-field";
import { isoToLocalInput, localInputToIso, validateCallFilters, type FilterErrors } from "./call-filters";

const ANY = "any";

/** The API's list filters; applied together on submit, so the URL and the request change once. */
export function CallFiltersForm({ filters, agents, onApply }: { filters: CallFilters; agents: AgentOption[]; onApply: (filters: CallFilters) => void }) {
  const [draft, setDraft] = useState(() => ({
    agent_id: filters.agent_id ?? ANY,
    call_type: filters.call_type ?? ANY,
    from_number: filters.from_number ?? "",
    to_number: filters.to_number ?? "",
    after: isoToLocalInput(filters.start_time_gt),
    before: isoToLocalInput(filters.start_time_lt),
  }));
  const [errors, setErrors] = useState<FilterErrors>({});
  const set = (key: keyof typeof draft) => (value: string) => setDraft((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: CallFilters = {
      agent_id: draft.agent_id === ANY ? undefined : draft.agent_id,
      call_type: draft.call_type === ANY ? undefined : (draft.call_type as CallFilters["call_type"]),
      from_number: draft.from_number.trim() || undefined,
      to_number: draft.to_number.trim() || undefined,
      start_time_gt: localInputToIso(draft.after),
      start_time_lt: localInputToIso(draft.before),
    };
    const problems = validateCallFilters(next);
    setErrors(problems);
    if (Object.keys(problems).length === 0) onApply(next);
  };

  const clear = () => {
    setDraft({ agent_id: ANY, call_type: ANY, from_number: "", to_number: "", after: "", before: "" });
    setErrors({});
    onApply({});
  };

  return (
    <form onSubmit={submit} aria-label="Filter calls" className="grid grid-cols-2 gap-3 rounded-lg border bg-card p-4 lg:grid-cols-3 2xl:grid-cols-6">
      <SelectField
        label="Agent"
        value={draft.agent_id}
        onValueChange={set("agent_id")}
        error={errors.agent_id}
        options={[{ value: ANY, label: "Any agent" }, ...agents.map((agent) => ({ value: agent.id, label: agent.name }))]}
      />
      <SelectField
        label="Type"
        value={draft.call_type}
        onValueChange={set("call_type")}
        error={errors.call_type}
        options={[
          { value: ANY, label: "Any type" },
          { value: "phone_call", label: "Phone calls" },
          { value: "web_call", label: "Web calls" },
        ]}
      />
      <FormField label="From number" error={errors.from_number}>
        <Input value={draft.from_number} onChange={(e) => set("from_number")(e.target.value)} placeholder="+14155550101" inputMode="tel" autoComplete="off" />
      </FormField>
      <FormField label="To number" error={errors.to_number}>
        <Input value={draft.to_number} onChange={(e) => set("to_number")(e.target.value)} placeholder="+14155550199" inputMode="tel" autoComplete="off" />
      </FormField>
      <FormField label="Started after" error={errors.start_time_gt} className="col-span-2 grid gap-1.5 sm:col-span-1">
        <Input type="datetime-local" value={draft.after} onChange={(e) => set("after")(e.target.value)} />
      </FormField>
      <FormField label="Started before" error={errors.start_time_lt} className="col-span-2 grid gap-1.5 sm:col-span-1">
        <Input type="datetime-local" value={draft.before} onChange={(e) => set("before")(e.target.value)} />
      </FormField>
      <div className="col-span-2 flex flex-wrap gap-2 lg:col-span-3 2xl:col-span-6">
        <Button type="submit" size="sm">
          <Search aria-hidden /> Apply filters
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={clear}>
          <FilterX aria-hidden /> Clear
        </Button>
      </div>
    </form>
  );
}
