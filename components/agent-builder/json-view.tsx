"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import type { FieldProblem } from "@/lib/agent-builder/validation-errors";

/**
 * The whole agent as the PATCH body, editable. The API validates it on save (the same rules as the
 * editor's save); its problems are listed by path.
 */
export function JsonView({
  initialText,
  readOnly,
  onSave,
}: {
  initialText: string;
  readOnly: boolean;
  onSave: (body: unknown) => Promise<FieldProblem[] | null>;
}) {
  const [text, setText] = useState(initialText);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      setProblems([{ field: "body", message: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` }]);
      return;
    }
    setBusy(true);
    const refused = await onSave(body);
    setBusy(false);
    setProblems(refused ?? []);
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        The agent as the body of <code className="font-mono">PATCH /v1/agents/{"{id}"}</code>, with the editor’s unsaved changes. Fields left out keep their values;
        <code className="font-mono"> states</code> replaces the whole graph.
      </p>
      <Textarea
        aria-label="Agent JSON"
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
        readOnly={readOnly}
        className="h-[60vh] font-mono text-xs"
        aria-invalid={problems.length ? true : undefined}
      />
      {problems.length ? (
        <ul role="alert" className="grid gap-1 rounded-md border border-destructive/50 p-3 text-sm text-destructive" aria-label="Problems">
          {problems.map((problem, i) => (
            <li key={i}>
              <code className="font-mono text-xs">{problem.field}</code>: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Button onClick={save} disabled={readOnly || busy}>
          {busy ? "Saving…" : "Save JSON as new version"}
        </Button>
        <Button variant="outline" onClick={() => (setText(initialText), setProblems([]))} disabled={busy}>
          Reset from editor
        </Button>
      </div>
    </div>
  );
}
