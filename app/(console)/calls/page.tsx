import { PhoneCall } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Calls" };

// Placeholder: the calls page replaces this.
export default function CallsPage() {
  return (
    <>
      <PageHeader title="Calls" description="Every phone and web call of your organization." />
      <EmptyState icon={PhoneCall} title="The call list is on its way" description="Filter, open and export calls here." />
    </>
  );
}
