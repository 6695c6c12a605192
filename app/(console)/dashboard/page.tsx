import { Gauge } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Dashboard" };

// Placeholder: the dashboard page replaces this.
export default function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" description="Calls, cost and duration across your agents." />
      <EmptyState icon={Gauge} title="The dashboard is on its way" description="Charts of calls, cost and post-call answers will appear here." />
    </>
  );
}
