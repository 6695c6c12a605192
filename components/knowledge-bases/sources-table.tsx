"use client";

import { FileText, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import type { KnowledgeBase, KnowledgeBaseSource } from "@/lib/voice-api/knowledge-bases";
import { consoleRequest, describeError } from "@/lib/voice-api/browser-client";
import { DateTime } from "./date-time";
import { formatBytes, sourceLabel } from "./source-files";
import { StatusBadge } from "./status-badge";

const checkboxClassName = "size-4 cursor-pointer accent-primary disabled:cursor-not-allowed";

function SelectAll({ checked, indeterminate, onChange }: { checked: boolean; indeterminate: boolean; onChange: (checked: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input ref={ref} type="checkbox" className={checkboxClassName} aria-label="Select all sources" checked={checked} onChange={(event) => onChange(event.target.checked)} />
  );
}

/** The knowledge base's sources; members select several and delete them after a confirmation. */
export function SourcesTable({
  knowledgeBase,
  canWrite,
  onChanged,
  onStale,
}: {
  knowledgeBase: KnowledgeBase;
  canWrite: boolean;
  onChanged: (updated: KnowledgeBase) => void;
  /** Something changed elsewhere (a source was already gone): reload. */
  onStale: () => void;
}) {
  const { sources } = knowledgeBase;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Sources deleted elsewhere drop out of the selection.
  const present = new Set(sources.map((source) => source.id));
  const chosen = [...selected].filter((id) => present.has(id));

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const remove = async () => {
    try {
      const { data } = await consoleRequest<KnowledgeBase>("DELETE", `/v1/knowledge-bases/${knowledgeBase.id}/sources`, { source_ids: chosen });
      onChanged(data);
      setSelected(new Set());
      toast.success(chosen.length === 1 ? "Source deleted" : `${chosen.length} sources deleted`);
    } catch (error) {
      toast.error("Nothing was deleted", describeError(error));
      onStale();
      throw error;
    }
  };

  if (!sources.length) {
    return (
      <EmptyState
        icon={FileText}
        title="No sources yet"
        description={
          canWrite
            ? "Drop PDFs into the upload area or add a text above. Agents can answer from a source once it is ready."
            : "A member of your organization can upload PDFs or add texts here."
        }
      />
    );
  }

  const selectedNames = sources.filter((source) => chosen.includes(source.id)).map(sourceLabel);
  return (
    <div className="grid gap-3">
      {canWrite ? (
        <div className="flex min-h-9 flex-wrap items-center gap-3">
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {chosen.length ? `${chosen.length} selected` : "Select sources to delete them"}
          </span>
          {chosen.length ? (
            <ConfirmDialog
              trigger={
                <Button variant="destructive" size="sm">
                  <Trash2 aria-hidden />
                  Delete selected ({chosen.length})
                </Button>
              }
              title={chosen.length === 1 ? "Delete this source?" : `Delete ${chosen.length} sources?`}
              description={
                chosen.length === 1
                  ? `“${selectedNames[0]}” and its indexed text are deleted; agents stop answering from it.`
                  : `${selectedNames.slice(0, 5).join(", ")}${selectedNames.length > 5 ? ` and ${selectedNames.length - 5} more` : ""}: they and their indexed text are deleted; agents stop answering from them.`
              }
              confirmLabel={chosen.length === 1 ? "Delete source" : `Delete ${chosen.length} sources`}
              onConfirm={remove}
            />
          ) : null}
        </div>
      ) : null}
      <Table>
        <TableHeader>
          <TableRow>
            {canWrite ? (
              <TableHead className="w-10">
                <SelectAll
                  checked={chosen.length === sources.length}
                  indeterminate={chosen.length > 0 && chosen.length < sources.length}
                  onChange={(on) => setSelected(on ? new Set(sources.map((source) => source.id)) : new Set())}
                />
              </TableHead>
            ) : null}
            <TableHead>Source</TableHead>
            <TableHead className="hidden sm:table-cell">Type</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="hidden md:table-cell">Size</TableHead>
            <TableHead className="hidden md:table-cell">Added</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {sources.map((source) => (
            <SourceRow
              key={source.id}
              source={source}
              selectable={canWrite}
              selected={chosen.includes(source.id)}
              onSelect={(on) => toggle(source.id, on)}
            />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function SourceRow({
  source,
  selectable,
  selected,
  onSelect,
}: {
  source: KnowledgeBaseSource;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const label = sourceLabel(source);
  return (
    <TableRow data-state={selected ? "selected" : undefined} data-testid="source-row">
      {selectable ? (
        <TableCell>
          <input type="checkbox" className={checkboxClassName} aria-label={`Select ${label}`} checked={selected} onChange={(event) => onSelect(event.target.checked)} />
        </TableCell>
      ) : null}
      <TableCell className="max-w-72">
        {source.file_url ? (
          <a href={source.file_url} target="_blank" rel="noreferrer" className="block truncate font-medium underline decoration-muted-foreground/40 underline-offset-4 hover:decoration-foreground" title={`Open ${label} (PDF)`}>
            {label}
          </a>
        ) : (
          <span className="block truncate font-medium" title={label}>
            {label}
          </span>
        )}
      </TableCell>
      <TableCell className="hidden text-muted-foreground sm:table-cell">{source.type === "file" ? "PDF" : "Text"}</TableCell>
      <TableCell>
        <div className="grid justify-items-start gap-1">
          <StatusBadge status={source.status} />
          {source.status === "failed" && source.failure_reason ? <span className="text-xs text-destructive">{source.failure_reason}</span> : null}
        </div>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">{formatBytes(source.byte_size)}</TableCell>
      <TableCell className="hidden text-muted-foreground md:table-cell">
        <DateTime value={source.created_at} />
      </TableCell>
    </TableRow>
  );
}
