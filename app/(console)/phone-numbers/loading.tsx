import { HeadingSkeleton, RowsSkeleton } from "@/components/console/loading-skeletons";

export default function PhoneNumbersLoading() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading phone numbers">
      <HeadingSkeleton title="w-52" subtitle="w-96" />
      <RowsSkeleton count={5} height="h-10" />
    </div>
  );
}
