import type { Metadata } from "next";
import { CreateKnowledgeBaseButton } from "@/components/knowledge-bases/create-knowledge-base-button";
import { KnowledgeBaseList } from "@/components/knowledge-bases/knowledge-base-list";
import { LoadError } from "@/components/knowledge-bases/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { listKnowledgeBases } from "@/lib/voice-api/knowledge-bases";

export const metadata: Metadata = { title: "Knowledge bases" };

function pageNumber(value: string | string[] | undefined): number {
  const page = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export default async function KnowledgeBasesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { api } = await requireConsoleContext("/knowledge-bases");
  const page = pageNumber((await searchParams).page);
  const header = (
    <PageHeader title="Knowledge bases" description="PDFs and texts your agents answer callers from." actions={<CreateKnowledgeBaseButton />} />
  );
  const loaded = await listKnowledgeBases(api, page).then(
    (envelope) => ({ ok: true as const, envelope }),
    (error: unknown) => {
      if (!isVoiceApiError(error)) throw error;
      return { ok: false as const, message: error.message };
    },
  );
  return (
    <>
      {header}
      {loaded.ok ? (
        <KnowledgeBaseList page={page} initial={loaded.envelope} />
      ) : (
        <LoadError title="The knowledge bases could not be loaded" message={loaded.message} />
      )}
    </>
  );
}
