"use client";

import { BookOpen } from "lucide-react";
import Link from "next/link";
import { useCan } from "@/components/console/console-session";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Envelope } from "@/lib/voice-api/client";
import { KNOWLEDGE_BASE_PAGE_SIZE, type KnowledgeBase } from "@/lib/voice-api/knowledge-bases";
import { useKnowledgeBases } from "@/lib/swr/use-knowledge-bases";
import { describeError } from "@/lib/voice-api/browser-client";
import { CreateKnowledgeBaseButton } from "./create-knowledge-base-button";
import { DateTime } from "./date-time";
import { KnowledgeBaseActions } from "./knowledge-base-actions";
import { describeSummary, isProcessing, summarizeSources } from "./source-files";
import { StatusBadge } from "./status-badge";

const POLL_MS = 3000;

/** The organization's knowledge bases, one page at a time; polls while any source is processing. */
export function KnowledgeBaseList({ page, initial }: { page: number; initial: Envelope<KnowledgeBase[]> }) {
  const canWrite = useCan("write");
  const { data, error, mutate } = useKnowledgeBases(page, KNOWLEDGE_BASE_PAGE_SIZE, {
    fallbackData: initial,
    refreshInterval: (latest) => (latest && isProcessing(latest.data) ? POLL_MS : 0),
  });
  const items = data?.data ?? [];
  const totalPages = data?.total_pages ?? 1;

  if (items.length === 0 && page === 1) {
    return (
      <EmptyState
        icon={BookOpen}
        title="No knowledge bases yet"
        description={
          canWrite
            ? "Create one, then drop your PDFs or paste texts into it: agents answer callers from what they contain."
            : "A member of your organization can create one; your role can read them."
        }
        action={<CreateKnowledgeBaseButton label="Create a knowledge base" />}
      />
    );
  }

  if (items.length === 0) {
    return (
      <EmptyState
        icon={BookOpen}
        title={`Page ${page} is empty`}
        description="The knowledge bases that were here have been deleted or moved to an earlier page."
        action={
          <Button asChild variant="outline">
            <Link href="/knowledge-bases">Go to the first page</Link>
          </Button>
        }
      />
    );
  }

  return (
    <div className="grid gap-4">
      {error ? (
        <p role="alert" className="rounded-md border border-destructive/50 px-3 py-2 text-sm text-destructive">
          The list could not be refreshed: {describeError(error)}
        </p>
      ) : null}
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead className="hidden sm:table-cell">Status</TableHead>
            <TableHead className="hidden sm:table-cell">Sources</TableHead>
            <TableHead className="hidden md:table-cell">Updated</TableHead>
            {canWrite ? (
              <TableHead className="w-24">
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((kb) => (
            <TableRow key={kb.id}>
              <TableCell className="max-w-56 font-medium sm:max-w-64">
                <Link href={`/knowledge-bases/${kb.id}`} className="block truncate underline-offset-4 hover:underline focus-visible:underline">
                  {kb.name}
                </Link>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-xs font-normal text-muted-foreground sm:hidden">
                  <StatusBadge status={kb.status} />
                  {describeSummary(summarizeSources(kb.sources))}
                </div>
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <StatusBadge status={kb.status} />
              </TableCell>
              <TableCell className="hidden text-muted-foreground sm:table-cell">{describeSummary(summarizeSources(kb.sources))}</TableCell>
              <TableCell className="hidden text-muted-foreground md:table-cell">
                <DateTime value={kb.updated_at} />
              </TableCell>
              {canWrite ? (
                <TableCell className="text-right whitespace-nowrap">
                  <KnowledgeBaseActions
                    compact
                    knowledgeBase={kb}
                    onRenamed={() => mutate()}
                    onDeleted={() => mutate()}
                  />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {totalPages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">
            Page {page} of {totalPages} · {data?.total_items ?? items.length} knowledge bases
          </span>
          <div className="flex gap-2">
            {page > 1 ? (
              <Button asChild variant="outline" size="sm">
                <Link href={`/knowledge-bases?page=${page - 1}`}>Previous</Link>
              </Button>
            ) : null}
            {page < totalPages ? (
              <Button asChild variant="outline" size="sm">
                <Link href={`/knowledge-bases?page=${page + 1}`}>Next</Link>
              </Button>
            ) : null}
          </div>
        </nav>
      ) : null}
    </div>
  );
}
