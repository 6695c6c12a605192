"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import type { KnowledgeBase } from "@/lib/voice-api/knowledge-bases";
import { consoleRequest, describeError } from "@/lib/voice-api/browser-client";
import { isVoiceApiError } from "@/lib/voice-api/errors";

type FieldErrors = { title?: string; content?: string; form?: string };

/** The API's details (`text_sources[0].title` …) placed under the field they name. */
function fieldErrors(error: unknown): FieldErrors {
  if (!isVoiceApiError(error) || !error.details.length) return { form: describeError(error) };
  const errors: FieldErrors = {};
  for (const detail of error.details) {
    if (detail.field.endsWith(".title")) errors.title ??= detail.message;
    else if (detail.field.endsWith(".content")) errors.content ??= detail.message;
    else errors.form ??= detail.message;
  }
  return errors;
}

/** Adds one text source (ready at once: texts are indexed during the request). */
export function TextSourceForm({ knowledgeBaseId, onAdded }: { knowledgeBaseId: string; onAdded: (updated: KnowledgeBase) => void }) {
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {};
    if (!title.trim()) missing.title = "Enter a title";
    if (!content.trim()) missing.content = "Enter the text";
    setErrors(missing);
    if (missing.title || missing.content) return;
    setBusy(true);
    const form = new FormData();
    form.append("text_sources", JSON.stringify([{ title: title.trim(), content }]));
    try {
      const { data } = await consoleRequest<KnowledgeBase>("POST", `/v1/knowledge-bases/${knowledgeBaseId}/sources`, form);
      onAdded(data);
      toast.success("Text added", title.trim());
      setTitle("");
      setContent("");
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Add a text</CardTitle>
        <CardDescription>Opening hours, prices, policies: short facts your agents should know. Searchable at once.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <FormField label="Title" error={errors.title}>
            <Input value={title} onChange={(event) => setTitle(event.target.value)} maxLength={255} placeholder="Opening hours" />
          </FormField>
          <FormField label="Text" error={errors.content}>
            <Textarea
              value={content}
              onChange={(event) => setContent(event.target.value)}
              rows={5}
              placeholder="We are open every day from 9 am to 10 pm."
            />
          </FormField>
          {errors.form ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          ) : null}
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? "Adding…" : "Add text"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
