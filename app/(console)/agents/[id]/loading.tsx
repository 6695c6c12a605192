import { Skeleton } from "@/components/ui/skeleton";

export default function AgentLoading() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading the agent">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-9 w-96" />
      <div className="grid gap-4 lg:grid-cols-[1fr_28rem]">
        <Skeleton className="h-[60vh]" />
        <Skeleton className="h-[60vh]" />
      </div>
    </div>
  );
}
