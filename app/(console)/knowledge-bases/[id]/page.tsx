import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { KnowledgeBaseDetail } from "@/components/knowledge-bases/knowledge-base-detail";
import { LoadError } from "@/components/knowledge-bases/load-error";
import { requireConsoleContext } from "@/lib/server/console-session";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { getKnowledgeBase } from "@/lib/voice-api/knowledge-bases";

export const metadata: Metadata = { title: "Knowledge base" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function KnowledgeBasePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { api } = await requireConsoleContext(`/knowledge-bases/${id}`);
  if (!UUID.test(id)) notFound();
  const loaded = await getKnowledgeBase(api, id).then(
    (knowledgeBase) => ({ ok: true as const, knowledgeBase }),
    (error: unknown) => {
      if (!isVoiceApiError(error)) throw error;
      if (error.status === 404) notFound();
      return { ok: false as const, message: error.message };
    },
  );
  if (!loaded.ok) return <LoadError title="The knowledge base could not be loaded" message={loaded.message} />;
  return <KnowledgeBaseDetail initial={loaded.knowledgeBase} />;
}
