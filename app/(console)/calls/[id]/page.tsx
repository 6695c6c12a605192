import { PhoneCall } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Call" };

// Placeholder: the call page replaces this.
export default async function CallPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <PageHeader title="Call" description={id} />
      <EmptyState icon={PhoneCall} title="The call page is on its way" description="Transcript, variables, answers and metadata will appear here." />
    </>
  );
}
