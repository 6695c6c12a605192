import { HeadingSkeleton, RowsSkeleton } from "@/components/console/loading-skeletons";
import { Skeleton } from "@/components/ui/skeleton";

export default function KnowledgeBasesLoading() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading knowledge bases">
      <div className="flex items-start justify-between gap-4">
        <HeadingSkeleton title="w-56" subtitle="w-80" />
        <Skeleton className="h-9 w-44" />
      </div>
      <div className="grid gap-2 rounded-md border p-3">
        <RowsSkeleton count={5} height="h-8" />
      </div>
    </div>
  );
}
