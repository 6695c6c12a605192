"use client";

import { ChevronDown, FilterX, Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { CALL_ANSWER_TYPES, CALL_CARRIERS, CALL_END_REASONS, CALL_SENTIMENTS, CALL_STATUSES, CALL_SUCCESS_VERDICTS, type CallFilters } from "@/lib/voice-api/calls";
import { sentimentLabel, verdictLabel } from "./analysis-badges";
import { CARRIER_LABELS } from "@/lib/voice-api/telephony";
import type { AgentOption } from "./agent-options";
import { SelectField } from "./select-field";
import { isoToLocalInput, localInputToIso, MAX_SEARCH_LENGTH, validateCallFilters, type FilterErrors } from "./call-filters";
import { humanize } from "./format";
import { cn } from "@/lib/utils/cn";

const ANY = "any";
const choice = (value: string) => (value === ANY ? undefined : value);
const sentence = (value: string) => humanize(value).replace(/^./, (first) => first.toUpperCase());

/** The API's list filters; applied together on submit, so the URL and the request change once. */
export function CallFiltersForm({ filters, agents, onApply }: { filters: CallFilters; agents: AgentOption[]; onApply: (filters: CallFilters) => void }) {
  const empty = {
    search: "", agent_id: ANY, agent_version: "", call_type: ANY, status: ANY, end_reason: ANY, answer_type: ANY, carrier: ANY, success: ANY, sentiment: ANY,
    from_number: "", to_number: "", after: "", before: "",
  };
  const [draft, setDraft] = useState(() => ({
    search: filters.search ?? "",
    agent_id: filters.agent_id ?? ANY,
    agent_version: filters.agent_version ?? "",
    success: filters.success ?? ANY,
    sentiment: filters.sentiment ?? ANY,
    call_type: filters.call_type ?? ANY,
    status: filters.status ?? ANY,
    end_reason: filters.end_reason ?? ANY,
    answer_type: filters.answer_type ?? ANY,
    carrier: filters.carrier ?? ANY,
    from_number: filters.from_number ?? "",
    to_number: filters.to_number ?? "",
    after: isoToLocalInput(filters.start_time_gt),
    before: isoToLocalInput(filters.start_time_lt),
  }));
  const [errors, setErrors] = useState<FilterErrors>({});
  // On phones the filters beyond the search fold away, so the calls start on the first screen.
  const [more, setMore] = useState(false);
  const active = Object.keys(filters).filter((key) => key !== "search").length;
  const set = (key: keyof typeof draft) => (value: string) => setDraft((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: CallFilters = {
      search: draft.search.trim() || undefined,
      agent_id: choice(draft.agent_id),
      agent_version: draft.agent_version.trim() || undefined,
      success: choice(draft.success) as CallFilters["success"],
      sentiment: choice(draft.sentiment) as CallFilters["sentiment"],
      call_type: choice(draft.call_type) as CallFilters["call_type"],
      status: choice(draft.status) as CallFilters["status"],
      end_reason: choice(draft.end_reason),
      answer_type: choice(draft.answer_type) as CallFilters["answer_type"],
      carrier: choice(draft.carrier) as CallFilters["carrier"],
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
    setDraft(empty);
    setErrors({});
    onApply({});
  };

  return (
    <form onSubmit={submit} aria-label="Filter calls" className="grid grid-cols-2 gap-3 rounded-lg border bg-card p-4 lg:grid-cols-4 2xl:grid-cols-5">
      <FormField label="Search transcripts" error={errors.search} className="col-span-2 grid gap-1.5 lg:col-span-4 2xl:col-span-1">
        <Input
          type="search"
          value={draft.search}
          onChange={(e) => set("search")(e.target.value)}
          placeholder='Words said, "a phrase", -without'
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
        />
      </FormField>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="col-span-2 justify-between md:hidden"
        aria-expanded={more || Object.keys(errors).length > 0}
        aria-controls="more-call-filters"
        onClick={() => setMore(!more)}
      >
        {more ? "Fewer filters" : `More filters${active ? ` (${active} set)` : ""}`}
        <ChevronDown aria-hidden className={cn("transition-transform", more && "rotate-180")} />
      </Button>
      <div id="more-call-filters" className={cn("col-span-2 grid-cols-2 gap-3 md:contents", more || Object.keys(errors).length > 0 ? "grid" : "hidden")}>
      <SelectField
        label="Agent"
        value={draft.agent_id}
        onValueChange={set("agent_id")}
        error={errors.agent_id}
        options={[{ value: ANY, label: "Any agent" }, ...agents.map((agent) => ({ value: agent.id, label: agent.name }))]}
      />
      <FormField label="Agent version" error={errors.agent_version}>
        <Input value={draft.agent_version} onChange={(e) => set("agent_version")(e.target.value)} placeholder="Any version" inputMode="numeric" autoComplete="off" />
      </FormField>
      <SelectField
        label="Success"
        value={draft.success}
        onValueChange={set("success")}
        error={errors.success}
        options={[{ value: ANY, label: "Any verdict" }, ...CALL_SUCCESS_VERDICTS.map((verdict) => ({ value: verdict, label: verdictLabel(verdict) }))]}
      />
      <SelectField
        label="Sentiment"
        value={draft.sentiment}
        onValueChange={set("sentiment")}
        error={errors.sentiment}
        options={[{ value: ANY, label: "Any sentiment" }, ...CALL_SENTIMENTS.map((sentiment) => ({ value: sentiment, label: sentimentLabel(sentiment) }))]}
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
      <SelectField
        label="Status"
        value={draft.status}
        onValueChange={set("status")}
        error={errors.status}
        options={[{ value: ANY, label: "Any status" }, ...CALL_STATUSES.map((status) => ({ value: status, label: sentence(status) }))]}
      />
      <SelectField
        label="End reason"
        value={draft.end_reason}
        onValueChange={set("end_reason")}
        error={errors.end_reason}
        options={[{ value: ANY, label: "Any end reason" }, ...CALL_END_REASONS.map((reason) => ({ value: reason, label: sentence(reason) }))]}
      />
      <SelectField
        label="Answered by"
        value={draft.answer_type}
        onValueChange={set("answer_type")}
        error={errors.answer_type}
        options={[{ value: ANY, label: "Anyone" }, ...CALL_ANSWER_TYPES.map((type) => ({ value: type, label: sentence(type) }))]}
      />
      <SelectField
        label="Carrier"
        value={draft.carrier}
        onValueChange={set("carrier")}
        error={errors.carrier}
        options={[{ value: ANY, label: "Any carrier" }, ...CALL_CARRIERS.map((carrier) => ({ value: carrier, label: CARRIER_LABELS[carrier] }))]}
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
      </div>
      <div className="col-span-2 flex flex-wrap gap-2 lg:col-span-4 2xl:col-span-5">
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
