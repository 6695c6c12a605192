"use client";

import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCan, useConsoleSession } from "@/components/console/console-session";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import type { KnowledgeBase } from "@/lib/voice-api/knowledge-bases";
import { envelopeOf } from "@/lib/swr/use-envelope";
import { useKnowledgeBase } from "@/lib/swr/use-knowledge-bases";
import { describeError } from "@/lib/voice-api/browser-client";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { DateTime } from "./date-time";
import { KnowledgeBaseActions } from "./knowledge-base-actions";
import { KnowledgeBaseSearch } from "./knowledge-base-search";
import { PdfUpload } from "./pdf-upload";
import { describeSummary, isProcessing, summarizeSources } from "./source-files";
import { SourcesTable } from "./sources-table";
import { StatusBadge } from "./status-badge";
import { TextSourceForm } from "./text-source-form";

const POLL_MS = 2000;

/** A knowledge base with its sources; polls while any source is processing so statuses move on their own. */
export function KnowledgeBaseDetail({ initial }: { initial: KnowledgeBase }) {
  const router = useRouter();
  const canWrite = useCan("write");
  const { role } = useConsoleSession();
  const { data, error, mutate } = useKnowledgeBase(initial.id, {
    fallbackData: envelopeOf(initial),
    refreshInterval: (latest) => (latest && isProcessing([latest.data]) ? POLL_MS : 0),
  });
  const kb = data?.data ?? initial;
  const replace = (updated: KnowledgeBase) => void mutate(envelopeOf(updated), { revalidate: false });
  const summary = summarizeSources(kb.sources);

  if (isVoiceApiError(error) && error.status === 404) {
    return (
      <EmptyState
        title="This knowledge base no longer exists"
        description="It was deleted, perhaps by someone else in your organization."
        action={
          <Link href="/knowledge-bases" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Back to knowledge bases
          </Link>
        }
      />
    );
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link href="/knowledge-bases" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden />
          Knowledge bases
        </Link>
        <PageHeader
          className="mb-0"
          title={kb.name}
          actions={
            canWrite ? (
              <KnowledgeBaseActions
                knowledgeBase={kb}
                onRenamed={(updated) => {
                  replace(updated);
                  router.refresh();
                }}
                onDeleted={() => {
                  router.push("/knowledge-bases");
                  router.refresh();
                }}
              />
            ) : null
          }
        >
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <StatusBadge status={kb.status} />
            <span>{describeSummary(summary)}</span>
            <span aria-hidden>·</span>
            <span>
              Created <DateTime value={kb.created_at} />
            </span>
          </div>
        </PageHeader>
      </div>

      {error ? (
        <p role="alert" className="rounded-md border border-destructive/50 px-3 py-2 text-sm text-destructive">
          Statuses could not be refreshed: {describeError(error)}
        </p>
      ) : null}

      {canWrite ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <PdfUpload knowledgeBaseId={kb.id} sources={kb.sources} onUploaded={replace} />
          <TextSourceForm knowledgeBaseId={kb.id} onAdded={replace} />
        </div>
      ) : (
        <p className="rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
          Your role ({role}) can read and search this knowledge base; members can add and remove sources.
        </p>
      )}

      <section aria-labelledby="sources-heading" className="grid gap-3">
        <h2 id="sources-heading" className="text-lg font-semibold">
          Sources
        </h2>
        <SourcesTable knowledgeBase={kb} canWrite={canWrite} onChanged={replace} onStale={() => void mutate()} />
      </section>

      <KnowledgeBaseSearch knowledgeBaseId={kb.id} readySources={summary.ready} />
    </div>
  );
}
