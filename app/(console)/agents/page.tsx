import { AudioLines } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Agents" };

// Placeholder: the agents page replaces this.
export default function AgentsPage() {
  return (
    <>
      <PageHeader title="Agents" description="The voice agents of your organization." />
      <EmptyState icon={AudioLines} title="The agent list is on its way" description="Create and edit agents here." />
    </>
  );
}
