import { HeadingSkeleton } from "@/components/console/loading-skeletons";
import { Skeleton } from "@/components/ui/skeleton";

/** The skeleton of a console page while its data loads (not above Settings: a page that may answer 403 must not stream). */
export function ConsoleLoading() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading">
      <HeadingSkeleton title="w-56" subtitle="w-80" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
