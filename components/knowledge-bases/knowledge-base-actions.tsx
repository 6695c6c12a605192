"use client";

import { Pencil, Trash2 } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import type { KnowledgeBase } from "@/lib/voice-api/knowledge-bases";
import { consoleRequest, describeError } from "@/lib/voice-api/browser-client";
import { NameDialog } from "./name-dialog";
import { describeSummary, summarizeSources } from "./source-files";

/** Rename and delete (with confirmation) for one knowledge base; callers hide it from viewers. */
export function KnowledgeBaseActions({
  knowledgeBase,
  onRenamed,
  onDeleted,
  compact = false,
}: {
  knowledgeBase: KnowledgeBase;
  onRenamed: (updated: KnowledgeBase) => void;
  onDeleted: () => void;
  /** Icon buttons (table rows) instead of labelled ones. */
  compact?: boolean;
}) {
  const path = `/v1/knowledge-bases/${knowledgeBase.id}`;
  const size = compact ? "icon" : "default";
  const variant = compact ? "ghost" : "outline";
  return (
    <>
      <NameDialog
        trigger={
          <Button variant={variant} size={size} aria-label={compact ? `Rename ${knowledgeBase.name}` : undefined}>
            <Pencil aria-hidden />
            {compact ? null : "Rename"}
          </Button>
        }
        title="Rename knowledge base"
        description="Agents that use it keep using it; only the name changes."
        submitLabel="Save"
        initialName={knowledgeBase.name}
        onSubmit={async (name) => {
          const { data } = await consoleRequest<KnowledgeBase>("PATCH", path, { name });
          onRenamed(data);
          toast.success("Knowledge base renamed", data.name);
        }}
      />
      <ConfirmDialog
        trigger={
          <Button variant={variant} size={size} aria-label={compact ? `Delete ${knowledgeBase.name}` : undefined}>
            <Trash2 aria-hidden className={compact ? "text-destructive" : undefined} />
            {compact ? null : "Delete"}
          </Button>
        }
        title={`Delete “${knowledgeBase.name}”?`}
        description={`${describeSummary(summarizeSources(knowledgeBase.sources))}. The knowledge base, its sources, their indexed text and stored files are deleted for good.`}
        confirmLabel="Delete knowledge base"
        onConfirm={async () => {
          try {
            await consoleRequest<null>("DELETE", path);
          } catch (error) {
            toast.error("The knowledge base was not deleted", describeError(error));
            throw error;
          }
          toast.success("Knowledge base deleted", knowledgeBase.name);
          onDeleted();
        }}
      />
    </>
  );
}
