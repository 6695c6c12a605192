import { Badge } from "@/components/ui/badge";

const variants = { passed: "success", failed: "destructive", error: "warning", cancelled: "secondary", queued: "outline", running: "outline" } as const;

/** A result's or a run's status. */
export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={variants[status as keyof typeof variants] ?? "secondary"}>{status}</Badge>;
}

export const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** "67% (2/3)": passed over finished. */
export function PassRate({ rate, passed, total }: { rate: number; passed?: number; total?: number }) {
  return (
    <span className="tabular-nums">
      {percent(rate)}
      {passed !== undefined && total !== undefined ? <span className="text-muted-foreground"> ({passed}/{total})</span> : null}
    </span>
  );
}
