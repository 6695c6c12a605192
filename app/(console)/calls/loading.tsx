import { HeadingSkeleton, RowsSkeleton } from "@/components/console/loading-skeletons";
import { Skeleton } from "@/components/ui/skeleton";

export default function CallsLoading() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading calls">
      <HeadingSkeleton title="w-40" subtitle="w-80" />
      <Skeleton className="h-36 w-full" />
      <RowsSkeleton count={8} height="h-9" />
    </div>
  );
}
