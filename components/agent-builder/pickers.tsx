"use client";

import { Loader2, Play } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClassName } from "@/components/ui/input";
import { KNOWN_VOICES } from "@/lib/agents/voices";
import { useLlmModels } from "@/lib/swr/use-llm-models";
import { useVoices } from "@/lib/swr/use-voices";
import { consoleUrl } from "@/lib/voice-api/browser-client";
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

/** Plays a sentence through the voice (POST /v1/voices/preview): one preview at a time, stopped by the next. */
function usePreview() {
  const [playing, setPlaying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const play = async (request: { provider: string; voice: string; model?: string; language?: string }) => {
    audio.current?.pause();
    setError(null);
    setPlaying(request.voice);
    try {
      const response = await fetch(consoleUrl("/v1/voices/preview"), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request) });
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        throw new Error(body?.message ?? `The preview failed (${response.status})`);
      }
      const url = URL.createObjectURL(await response.blob());
      const element = new Audio(url);
      audio.current = element;
      element.onended = () => {
        URL.revokeObjectURL(url);
        setPlaying(null);
      };
      await element.play();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setPlaying(null);
    }
  };
  useEffect(() => () => audio.current?.pause(), []);
  return { playing, error, play };
}

/**
 * The voice, picked from the provider's voices (its own list where it has one: GET /v1/voices), each
 * with a button that plays a sentence through it, or any other name the provider accepts.
 */
export function VoicePicker({
  provider,
  value,
  onChange,
  errors,
  fallback,
  model,
  language,
}: {
  provider: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  fallback: string;
  model?: string;
  language?: string;
}) {
  const name = useId();
  const { list, isLoading } = useVoices(provider);
  const preview = usePreview();
  const voices = list?.voices.length ? list.voices : (KNOWN_VOICES[provider] ?? []).map((voice) => ({ id: voice.name, name: voice.label ?? voice.name, description: voice.description }));
  const known = voices.some((voice) => voice.id === value);
  const canPreview = provider !== "browser" && list?.configured !== false;
  return (
    <fieldset className="grid content-start gap-1.5 sm:col-span-2" data-invalid={errors?.length ? "true" : undefined}>
      <legend className="mb-1.5 text-sm font-medium">Voice</legend>
      {list?.message && <p className="text-xs text-muted-foreground" role="note">{list.configured ? list.message : `This server cannot speak with ${provider}: it ${list.message}.`}</p>}
      {voices.length ? (
        // Every voice whole: no inner scroll that cuts a row in half, names and descriptions wrap instead of being cut.
        <ul className="grid gap-1 rounded-md border p-1 sm:grid-cols-2" aria-label={`Voices of ${provider}`} aria-busy={isLoading || undefined}>
          {voices.map((voice) => (
            <li key={voice.id} className="flex items-center gap-1">
              <label
                className={cn(
                  "flex min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                  voice.id === value && "bg-accent",
                )}
              >
                <input type="radio" name={name} value={voice.id} checked={voice.id === value} onChange={() => onChange(voice.id)} className="accent-primary" />
                <span className="grid min-w-0 flex-1">
                  <span className="font-medium [overflow-wrap:anywhere]">{voice.name}</span>
                  <span className="text-xs text-muted-foreground">{voice.description}</span>
                </span>
              </label>
              {canPreview && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Hear ${voice.name}`}
                  disabled={preview.playing !== null}
                  onClick={() => void preview.play({ provider, voice: voice.id, model: model || undefined, language })}
                >
                  {preview.playing === voice.id ? <Loader2 className="animate-spin" /> : <Play />}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">This provider has no list of voices here: name the voice below.</p>
      )}
      {preview.error && <p className="text-xs text-destructive" role="alert">{preview.error}</p>}
      <Field label={voices.length ? "Or another voice by name" : "Voice name"} errors={errors} hint={`Custom and new voices of ${provider}. Default ${fallback}.`}>
        {(control) => <input className={inputClassName} value={known ? "" : value} placeholder={known ? value : fallback} onChange={(event) => onChange(event.target.value)} {...control} />}
      </Field>
    </fieldset>
  );
}
