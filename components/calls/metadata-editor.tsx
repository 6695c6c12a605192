"use client";

import { Save, Undo2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useCan } from "@/components/console/console-session";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { browserApi } from "@/lib/voice-api/browser-client";
import { envelopeOf } from "@/lib/swr/use-envelope";
import { useCall } from "@/lib/swr/use-calls";
import { updateCallMetadata, type Call } from "@/lib/voice-api/calls";
import { draftMetadata, prettyJson, type MetadataMode } from "./metadata-edit";
import { apiErrorText } from "./api-error-text";

const MODES: { value: MetadataMode; label: string; hint: string }[] = [
  { value: "merge", label: "Merge", hint: "JSON Merge Patch: the keys you send are added or replaced (objects recursively); null removes a key; other keys stay." },
  { value: "override", label: "Override", hint: "The whole metadata object becomes exactly what you send, null values included." },
];

/** The call's metadata, and an editor that shows what saving would make of it before it is saved. */
export function MetadataEditor({ call }: { call: Call }) {
  const canWrite = useCan("write");
  const { data: current, mutate } = useCall(call);
  const saved = current?.data.metadata ?? call.metadata;
  const [mode, setMode] = useState<MetadataMode>("merge");
  const [text, setText] = useState(() => prettyJson(saved));
  const [saving, setSaving] = useState(false);
  const [apiError, setApiError] = useState<string | null>(null);
  const draft = useMemo(() => draftMetadata(saved, text, mode), [saved, text, mode]);
  const unchanged = draft.ok && prettyJson(draft.result) === prettyJson(saved);
  const ids = { editor: useId(), preview: useId(), saved: useId() };

  const save = async () => {
    if (!draft.ok) return;
    setSaving(true);
    setApiError(null);
    try {
      const updated = await updateCallMetadata(browserApi(), call.id, draft.patch, mode === "override");
      await mutate(envelopeOf(updated), { revalidate: true });
      setText(prettyJson(updated.metadata));
      toast.success(mode === "override" ? "Metadata replaced" : "Metadata merged");
    } catch (error) {
      setApiError(apiErrorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card aria-labelledby={`${ids.editor}-title`}>
      <CardHeader>
        <CardTitle id={`${ids.editor}-title`}>Metadata</CardTitle>
        <CardDescription>Your own key/value data on this call, as clients set it with PATCH /v1/calls/{"{id}"}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <section className="grid gap-1.5" aria-labelledby={ids.saved}>
          <h3 id={ids.saved} className="text-sm font-medium">
            Saved
          </h3>
          <pre data-testid="saved-metadata" className="max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs">
            {prettyJson(saved)}
          </pre>
        </section>
        {canWrite ? (
          <>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">How to save</legend>
              <div className="flex flex-wrap gap-4">
                {MODES.map((option) => (
                  <label key={option.value} className="flex items-center gap-2 text-sm">
                    <input type="radio" name={`${ids.editor}-mode`} value={option.value} checked={mode === option.value} onChange={() => setMode(option.value)} className="size-4 accent-primary" />
                    {option.label}
                  </label>
                ))}
              </div>
              <p className="text-xs text-muted-foreground">{MODES.find((option) => option.value === mode)?.hint}</p>
            </fieldset>
            <div className="grid gap-4 lg:grid-cols-2">
              <div className="grid content-start gap-1.5">
                <Label htmlFor={ids.editor}>{mode === "merge" ? "Patch (JSON object)" : "New metadata (JSON object)"}</Label>
                <Textarea
                  id={ids.editor}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  spellCheck={false}
                  rows={10}
                  className="font-mono text-xs"
                  aria-invalid={!draft.ok || undefined}
                  aria-describedby={!draft.ok ? `${ids.editor}-error` : undefined}
                />
                {!draft.ok ? (
                  <p id={`${ids.editor}-error`} role="alert" className="text-xs font-medium text-destructive">
                    {draft.error}
                  </p>
                ) : null}
              </div>
              <section className="grid content-start gap-1.5" aria-labelledby={ids.preview}>
                <h3 id={ids.preview} className="text-sm font-medium">
                  After saving
                </h3>
                <pre data-testid="metadata-preview" className="max-h-64 min-h-20 overflow-auto rounded-md border border-dashed p-3 font-mono text-xs">
                  {draft.ok ? prettyJson(draft.result) : "—"}
                </pre>
              </section>
            </div>
            {apiError ? (
              <p role="alert" className="text-sm text-destructive">
                Not saved: {apiError}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button onClick={save} disabled={!draft.ok || saving}>
                <Save aria-hidden /> {saving ? "Saving…" : mode === "merge" ? "Save (merge)" : "Save (override)"}
              </Button>
              <Button variant="ghost" onClick={() => (setText(prettyJson(saved)), setApiError(null))} disabled={saving}>
                <Undo2 aria-hidden /> Reset editor
              </Button>
              {unchanged ? <span className="self-center text-xs text-muted-foreground">Saving would not change the metadata.</span> : null}
            </div>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Your role can read calls but not change their metadata.</p>
        )}
      </CardContent>
    </Card>
  );
}
