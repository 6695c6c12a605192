import type { Metadata } from "next";
import { apiErrorText } from "@/components/calls/api-error-text";
import { LoadError } from "@/components/knowledge-bases/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";
import { getConcurrency } from "@/lib/voice-api/campaigns";
import { ConcurrencyForm } from "./_components/concurrency-form";

export const metadata: Metadata = { title: "Concurrency" };

export default async function ConcurrencyPage() {
  const ctx = await requireConsoleContext("/settings/concurrency");
  const loaded = await getConcurrency(ctx.api).then(
    (concurrency) => ({ ok: true as const, concurrency }),
    (error: unknown) => ({ ok: false as const, message: apiErrorText(error) }),
  );
  return (
    <>
      <PageHeader title="Concurrency" description="How many phone calls your organization runs at once, and how many of them are kept for callers." />
      <div className="max-w-3xl">
        {loaded.ok ? <ConcurrencyForm initial={loaded.concurrency} canEdit={ctx.can("manageMembers")} /> : <LoadError title="The concurrency could not be loaded" message={loaded.message} />}
      </div>
    </>
  );
}
