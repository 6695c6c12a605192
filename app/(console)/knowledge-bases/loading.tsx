import { Skeleton } from "@/components/ui/skeleton";

export default function KnowledgeBasesLoading() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading knowledge bases">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-2">
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-4 w-80 max-w-full" />
        </div>
        <Skeleton className="h-9 w-44" />
      </div>
      <div className="grid gap-2 rounded-md border p-3">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-8 w-full" />
        ))}
      </div>
    </div>
  );
}
