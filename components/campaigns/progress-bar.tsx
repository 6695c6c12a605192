import type { CampaignProgress } from "@/lib/voice-api/campaigns";

const PARTS: { key: keyof CampaignProgress; label: string; className: string }[] = [
  { key: "completed", label: "completed", className: "bg-success" },
  { key: "failed", label: "failed", className: "bg-destructive" },
  { key: "skipped_dnc", label: "skipped (do not call)", className: "bg-muted-foreground/50" },
  { key: "cancelled", label: "cancelled", className: "bg-muted-foreground/30" },
  { key: "in_progress", label: "on a call", className: "bg-primary" },
  { key: "dialing", label: "dialling", className: "bg-primary/60" },
  { key: "retry_scheduled", label: "retry scheduled", className: "bg-warning" },
];

/** How far a campaign got: finished contacts by outcome, then those on a call, out of all contacts. */
export function ProgressBar({ progress }: { progress: CampaignProgress }) {
  const total = Math.max(1, progress.total);
  const done = progress.completed + progress.failed + progress.skipped_dnc + progress.cancelled;
  return (
    <div className="grid gap-1">
      <div
        className="flex h-2 w-full overflow-hidden rounded-full bg-muted"
        role="img"
        aria-label={`${done} of ${progress.total} contacts finished: ${PARTS.map((part) => `${progress[part.key]} ${part.label}`).join(", ")}`}
      >
        {PARTS.map((part) => (progress[part.key] ? <div key={part.key} className={part.className} style={{ width: `${(Number(progress[part.key]) / total) * 100}%` }} /> : null))}
      </div>
      <p className="text-xs text-muted-foreground">
        {done.toLocaleString("en-US")} of {progress.total.toLocaleString("en-US")} finished
      </p>
    </div>
  );
}
