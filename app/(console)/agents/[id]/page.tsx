import { AudioLines } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Agent" };

// Placeholder: the agent page replaces this.
export default async function AgentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <PageHeader title="Agent" description={id} />
      <EmptyState icon={AudioLines} title="The agent editor is on its way" description="States, tools and post-call questions will appear here." />
    </>
  );
}
