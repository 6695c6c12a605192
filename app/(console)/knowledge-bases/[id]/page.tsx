import { BookOpen } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Knowledge base" };

// Placeholder: the knowledge base page replaces this.
export default async function KnowledgeBasePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <PageHeader title="Knowledge base" description={id} />
      <EmptyState icon={BookOpen} title="The knowledge base page is on its way" description="Sources, uploads and their status will appear here." />
    </>
  );
}
