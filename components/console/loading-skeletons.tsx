import { Skeleton } from "@/components/ui/skeleton";

/** A page heading while the page loads: the title's and the subtitle's bars, widths as Tailwind classes. */
export function HeadingSkeleton({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="grid gap-2">
      <Skeleton className={`h-8 ${title}`} />
      <Skeleton className={`h-4 ${subtitle} max-w-full`} />
    </div>
  );
}

/** `count` full-width bars, one per list row. */
export function RowsSkeleton({ count, height }: { count: number; height: string }) {
  return Array.from({ length: count }, (_, index) => <Skeleton key={index} className={`${height} w-full`} />);
}
