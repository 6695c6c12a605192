import { BookOpen } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Knowledge bases" };

// Placeholder: the knowledge bases page replaces this.
export default function KnowledgeBasesPage() {
  return (
    <>
      <PageHeader title="Knowledge bases" description="Documents your agents answer from." />
      <EmptyState icon={BookOpen} title="The knowledge base list is on its way" description="Create knowledge bases and upload PDFs here." />
    </>
  );
}
