import { Badge } from "@/components/ui/badge";

const VARIANTS: Record<string, "default" | "secondary" | "outline" | "success" | "warning" | "destructive"> = {
  draft: "outline",
  scheduled: "secondary",
  running: "default",
  paused: "warning",
  completed: "success",
  cancelled: "destructive",
  pending: "outline",
  dialing: "default",
  in_progress: "default",
  retry_scheduled: "warning",
  failed: "destructive",
  skipped_dnc: "secondary",
};

export const statusLabel = (status: string) => status.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase()).replace("dnc", "(do not call)");

/** A campaign's or a contact's status, in words. */
export function CampaignStatusBadge({ status }: { status: string }) {
  return <Badge variant={VARIANTS[status] ?? "secondary"}>{statusLabel(status)}</Badge>;
}
