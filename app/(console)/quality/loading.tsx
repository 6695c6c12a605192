import { DashboardSkeleton, FiltersSkeleton } from "@/components/dashboard/dashboard-skeleton";
import { PageHeader } from "@/components/ui/page-header";

export default function Loading() {
  return (
    <>
      <PageHeader title="Quality" />
      <FiltersSkeleton />
      <DashboardSkeleton />
    </>
  );
}
