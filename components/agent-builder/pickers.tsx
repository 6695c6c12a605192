"use client";

import { useId } from "react";
import { inputClassName } from "@/components/ui/input";
import { KNOWN_VOICES } from "@/lib/agents/voices";
import { useLlmModels } from "@/lib/swr/use-llm-models";
import { cn } from "@/lib/utils/cn";
import { Field } from "./fields";

/** The model: typed freely, with the provider's own list (from its GET /models) offered as you type. */
export function ModelPicker({ provider, value, onChange, errors, fallback }: { provider: string; value: string; onChange: (value: string) => void; errors?: string[]; fallback: string }) {
  const listId = useId();
  const { list, error, isLoading } = useLlmModels(provider);
  const hint = isLoading
    ? "Asking the provider for its models…"
    : error
      ? `The model list could not be loaded; type a model name. Default ${fallback}.`
      : list?.source === "provider"
        ? `${list.models.length} models listed by the provider; any other it accepts works too. Default ${fallback}.`
        : `${list?.message ?? "No list from this provider."} Default ${fallback}.`;
  return (
    <Field label="Model" hint={hint} errors={errors}>
      {(control) => (
        <>
          <input className={inputClassName} value={value} onChange={(event) => onChange(event.target.value)} list={listId} autoComplete="off" spellCheck={false} {...control} />
          <datalist id={listId}>
            {(list?.models ?? []).map((model) => (
              <option key={model} value={model} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

/**
 * The voice, picked from the provider's known voices (one row each, room for a preview button per
 * row once voices can be heard from the studio), or any other name the provider accepts.
 */
export function VoicePicker({ provider, value, onChange, errors, fallback }: { provider: string; value: string; onChange: (value: string) => void; errors?: string[]; fallback: string }) {
  const name = useId();
  const voices = KNOWN_VOICES[provider] ?? [];
  const known = voices.some((voice) => voice.name === value);
  return (
    <fieldset className="grid content-start gap-1.5 sm:col-span-2" data-invalid={errors?.length ? "true" : undefined}>
      <legend className="mb-1.5 text-sm font-medium">Voice</legend>
      {voices.length ? (
        // Every voice whole: no inner scroll that cuts a row in half, names and descriptions wrap instead of being cut.
        <ul className="grid gap-1 rounded-md border p-1 sm:grid-cols-2" aria-label={`Voices of ${provider}`}>
          {voices.map((voice) => (
            <li key={voice.name}>
              <label
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                  voice.name === value && "bg-accent",
                )}
              >
                <input type="radio" name={name} value={voice.name} checked={voice.name === value} onChange={() => onChange(voice.name)} className="accent-primary" />
                <span className="grid min-w-0 flex-1">
                  <span className="font-medium [overflow-wrap:anywhere]">{voice.name}</span>
                  <span className="text-xs text-muted-foreground">{voice.description}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">This provider has no list of voices here: name the voice below.</p>
      )}
      <Field label={voices.length ? "Or another voice by name" : "Voice name"} errors={errors} hint={`Custom and new voices of ${provider}. Default ${fallback}.`}>
        {(control) => <input className={inputClassName} value={known ? "" : value} placeholder={known ? value : fallback} onChange={(event) => onChange(event.target.value)} {...control} />}
      </Field>
    </fieldset>
  );
}
