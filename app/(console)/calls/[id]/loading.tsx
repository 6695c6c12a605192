import { HeadingSkeleton } from "@/components/console/loading-skeletons";
import { Skeleton } from "@/components/ui/skeleton";

export default function CallLoading() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading the call">
      <HeadingSkeleton title="w-96 max-w-full" subtitle="w-72" />
      <Skeleton className="h-28 w-full" />
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <Skeleton className="h-96 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}
