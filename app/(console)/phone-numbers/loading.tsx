import { Skeleton } from "@/components/ui/skeleton";

export default function PhoneNumbersLoading() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading phone numbers">
      <div className="grid gap-2">
        <Skeleton className="h-8 w-52" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
