import { Phone } from "lucide-react";
import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Phone numbers" };

// Placeholder: the phone numbers page replaces this.
export default function PhoneNumbersPage() {
  return (
    <>
      <PageHeader title="Phone numbers" description="Numbers your agents call from and answer." />
      <EmptyState icon={Phone} title="The number list is on its way" description="Add numbers and choose their inbound agent here." />
    </>
  );
}
