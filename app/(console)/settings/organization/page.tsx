import { Settings } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Settings" };

export default function SettingsPlaceholderPage() {
  return (
    <>
      <PageHeader title="Settings" description="organization" />
      <EmptyState icon={Settings} title="Coming next" />
    </>
  );
}
