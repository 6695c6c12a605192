"use client";

import { useKnowledgeBases } from "@/lib/swr/use-knowledge-bases";
import { describeError } from "@/lib/voice-api/browser-client";
import { CheckboxField } from "./fields";

/** knowledge_base_ids: the organization's knowledge bases to tick; ids that are not among them stay listed so they can be removed. */
export function KnowledgeBasePicker({ value, onChange, errors, disabled }: { value: string[]; onChange: (ids: string[]) => void; errors: string[]; disabled: boolean }) {
  const { data, error } = useKnowledgeBases(1, 100);
  const known = data?.data ?? [];
  const unknown = value.filter((id) => !known.some((base) => base.id === id));
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...value, id] : value.filter((candidate) => candidate !== id));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Knowledge bases</legend>
      <p className="text-xs text-muted-foreground">The agent answers from these (extension, up to 20). Default none.</p>
      {error ? <p className="text-xs text-destructive">The knowledge bases could not be loaded: {describeError(error)}</p> : null}
      {data && known.length === 0 ? <p className="text-xs text-muted-foreground">Your organization has no knowledge bases yet.</p> : null}
      {known.map((base) => (
        <CheckboxField key={base.id} label={base.name} checked={value.includes(base.id)} onChange={(checked) => toggle(base.id, checked)} disabled={disabled} />
      ))}
      {data
        ? unknown.map((id) => <CheckboxField key={id} label={<span className="font-mono text-xs">{id} (not found)</span>} checked onChange={() => toggle(id, false)} disabled={disabled} />)
        : null}
      {errors.length ? <p className="text-xs font-medium text-destructive">{errors.join(" · ")}</p> : null}
    </fieldset>
  );
}
