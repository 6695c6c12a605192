import { Skeleton } from "@/components/ui/skeleton";

export function FiltersSkeleton() {
  return <Skeleton className="mb-6 h-24 w-full md:h-[74px]" />;
}

/** The dashboard's shape while its figures load. */
export function DashboardSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading the dashboard">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-[88px]" />
        ))}
      </div>
      <Skeleton className="h-[360px] w-full" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-[340px]" />
        <Skeleton className="h-[340px]" />
      </div>
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
