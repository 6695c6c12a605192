import { HeadingSkeleton } from "@/components/console/loading-skeletons";
import { Skeleton } from "@/components/ui/skeleton";

export default function ConsoleLoading() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading">
      <HeadingSkeleton title="w-56" subtitle="w-80" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
