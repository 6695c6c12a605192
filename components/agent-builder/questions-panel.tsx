"use client";

import { ListChecks, Plus, Trash2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { usePostCallQuestions } from "@/lib/swr/use-post-call-questions";
import { consoleRequest, describeError } from "@/lib/voice-api/browser-client";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { changedRows, choiceTypes, errorsByRow, itemFromRow, rowFromQuestion, type QuestionRow } from "@/lib/agent-builder/question-rows";
import { questionTypes, type UpsertResult } from "@/lib/voice-api/post-call-questions";
import { CheckboxField, LinesField, SelectField, TextAreaField, TextField } from "./fields";

type RowErrors = Record<string, { field: string; message: string }[]>;

const typeLabels: Record<string, string> = { text: "Text", boolean: "Yes / no", number: "Number", single_choice: "Single choice", multi_choice: "Multiple choice" };

let newKey = 0;

/** The agent's post-call questions, edited as rows and saved together through the batch upsert. */
export function QuestionsPanel({
  agentId,
  readOnly,
  onDirtyChange,
  onSaved,
}: {
  agentId: string;
  readOnly: boolean;
  onDirtyChange: (dirty: boolean) => void;
  /** A question was created, changed, switched on or off, or deleted: what calls are asked has changed. */
  onSaved?: () => void;
}) {
  const { data, error, mutate } = usePostCallQuestions(agentId);
  const saved = data?.data;
  // Until the first edit, the rows are the saved questions.
  const [edited, setRows] = useState<QuestionRow[] | null>(null);
  const fromServer = useMemo(() => saved?.map(rowFromQuestion) ?? null, [saved]);
  const rows = edited ?? fromServer;
  const [errors, setErrors] = useState<RowErrors>({});
  const [busy, setBusy] = useState(false);

  const pending = rows && saved ? changedRows(rows, saved) : [];
  useEffect(() => onDirtyChange(pending.length > 0), [pending.length, onDirtyChange]);

  if (error) return <p role="alert" className="text-sm text-destructive">The questions could not be loaded: {describeError(error)}</p>;
  if (!rows || !saved) return <Skeleton className="h-48 w-full" />;

  const setRow = (rowKey: string, patch: Partial<QuestionRow>) => setRows(rows.map((row) => (row.key === rowKey ? { ...row, ...patch } : row)));
  const add = () =>
    setRows([...rows, { key: `new-${++newKey}`, id: null, name: "", description: "", type: "text", optional: false, model: "", examples: [], options: [], is_active: true }]);

  const save = async () => {
    const sent = pending;
    setBusy(true);
    try {
      const { data: result } = await consoleRequest<UpsertResult>("PATCH", `/v1/agents/${agentId}/post-call-questions`, { questions: sent.map(itemFromRow) });
      const refused = errorsByRow(sent, result.errors);
      const fresh = await mutate();
      const server = fresh?.data ?? saved;
      // Saved rows come back from the server; refused ones stay as typed, with their errors.
      const kept = rows.filter((row) => refused[row.key]);
      setRows([...server.map((question) => kept.find((row) => row.id === question.id) ?? rowFromQuestion(question)), ...kept.filter((row) => !row.id)]);
      setErrors(refused);
      const refusedCount = Object.keys(refused).length;
      if (refusedCount) toast.error(`${refusedCount} ${refusedCount === 1 ? "question was" : "questions were"} not saved`, "The problems are shown on their rows.");
      else toast.success("Post-call questions saved", `${result.created.length} created, ${result.updated.length} updated`);
      if (result.created.length || result.updated.length) onSaved?.();
    } catch (failure) {
      toast.error("The questions could not be saved", describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  const toggleActive = async (row: QuestionRow) => {
    try {
      await consoleRequest("POST", `/v1/agents/${agentId}/post-call-questions/${row.id}/${row.is_active ? "deactivate" : "activate"}`);
      await mutate();
      setRow(row.key, { is_active: !row.is_active });
      onSaved?.();
    } catch (failure) {
      toast.error("Not changed", describeError(failure));
    }
  };

  const remove = async (row: QuestionRow) => {
    if (row.id) {
      try {
        await consoleRequest("DELETE", `/v1/agents/${agentId}/post-call-questions/${row.id}`);
        await mutate();
      } catch (failure) {
        toast.error("The question could not be deleted", describeError(failure));
        throw failure;
      }
    }
    setRows(rows.filter((candidate) => candidate.key !== row.key));
  };

  return (
    <fieldset disabled={readOnly} className="grid max-w-4xl gap-4">
      <p className="text-sm text-muted-foreground">Asked about every finished call; the answers appear on the call record. Inactive questions are kept but not asked.</p>
      {rows.length === 0 ? (
        <EmptyState icon={ListChecks} title="No post-call questions" description="Add one to turn each call into an answer: text, yes/no, a number, or a choice among options." />
      ) : null}
      {rows.map((row, i) => {
        const rowErrors = errors[row.key] ?? [];
        const at = (field: string) => rowErrors.filter((error) => error.field === field || error.field.startsWith(`${field}[`) || error.field.startsWith(`${field}.`)).map((error) => error.message);
        const general = rowErrors.filter((error) => !["name", "type", "description", "model", "examples", "options", "optional"].some((field) => error.field.startsWith(field)));
        const isChoice = choiceTypes.includes(row.type);
        return (
          <div key={row.key} className="grid gap-3 rounded-lg border p-4 data-[invalid=true]:border-destructive" data-testid="question-row" data-invalid={rowErrors.length ? "true" : undefined}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-medium">Question {i + 1}</span>
              {!row.id ? <Badge variant="warning">not saved</Badge> : row.is_active ? <Badge variant="success">active</Badge> : <Badge variant="outline">inactive</Badge>}
              <span className="ml-auto flex gap-1">
                {row.id ? (
                  <Button variant="ghost" size="sm" onClick={() => toggleActive(row)}>
                    {row.is_active ? "Deactivate" : "Activate"}
                  </Button>
                ) : null}
                <ConfirmDialog
                  trigger={
                    <Button variant="ghost" size="icon" aria-label={`Delete question ${row.name || i + 1}`}>
                      <Trash2 aria-hidden />
                    </Button>
                  }
                  title={`Delete “${row.name || `question ${i + 1}`}”?`}
                  description={row.id ? "Permanent. Answers already given keep their copy; to stop asking but keep it, deactivate it instead." : "It has not been saved yet."}
                  confirmLabel="Delete"
                  onConfirm={() => remove(row)}
                />
              </span>
            </div>
            {general.length ? (
              <p role="alert" className="text-xs font-medium text-destructive">
                {general.map((error) => error.message).join(" · ")}
              </p>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
              <TextField label="Name" value={row.name} onChange={(name) => setRow(row.key, { name })} errors={at("name")} hint="Unique among this agent's questions." />
              <SelectField label="Type" value={row.type} onChange={(type) => setRow(row.key, { type: type as QuestionRow["type"] })} options={questionTypes.map((value) => ({ value, label: typeLabels[value] }))} errors={at("type")} />
            </div>
            <TextAreaField label="Description" rows={2} value={row.description} onChange={(description) => setRow(row.key, { description })} errors={at("description")} hint="What to find out about the call; the model reads it." />
            {isChoice ? (
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Options</legend>
                {row.options.map((option, k) => (
                  <div key={option.option_id ?? `n${k}`} className="flex items-end gap-2">
                    <TextField
                      className="grid flex-1 gap-1.5"
                      label={`Option ${k + 1}`}
                      value={option.value}
                      onChange={(value) => setRow(row.key, { options: row.options.map((o, j) => (j === k ? { ...o, value } : o)) })}
                      errors={at(`options[${k}]`)}
                    />
                    <Button variant="ghost" size="icon" aria-label={`Remove option ${k + 1}`} onClick={() => setRow(row.key, { options: row.options.filter((_, j) => j !== k) })}>
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                ))}
                {!row.options.length && at("options").length ? (
                  <p className="text-xs font-medium text-destructive" role="alert">
                    {at("options").join(" · ")}
                  </p>
                ) : null}
                <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setRow(row.key, { options: [...row.options, { value: "" }] })}>
                  <Plus aria-hidden /> Add option
                </Button>
              </fieldset>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              <LinesField label="Examples" value={row.examples} onChange={(examples) => setRow(row.key, { examples })} errors={at("examples")} hint="Example answers that guide the model, one per line." rows={2} />
              <div className="grid content-start gap-3">
                <TextField label="Model" value={row.model} onChange={(model) => setRow(row.key, { model })} errors={at("model")} placeholder="Organization default" hint="Empty: your organization's default model." />
                <CheckboxField label="Optional" hint="The answer may be left empty. Default off." checked={row.optional} onChange={(optional) => setRow(row.key, { optional })} errors={at("optional")} disabled={readOnly} />
              </div>
            </div>
          </div>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={add}>
          <Plus aria-hidden /> Add question
        </Button>
        <Button onClick={save} disabled={busy || pending.length === 0}>
          {busy ? "Saving…" : pending.length ? `Save ${pending.length} ${pending.length === 1 ? "question" : "questions"}` : "All questions saved"}
        </Button>
      </div>
    </fieldset>
  );
}
