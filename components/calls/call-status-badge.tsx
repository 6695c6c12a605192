import { Badge } from "@/components/ui/badge";
import type { Call } from "@/lib/voice-api/calls";

const variants = {
  created: "outline",
  ringing: "warning",
  in_progress: "warning",
  ended: "success",
  failed: "destructive",
} as const;

export function CallStatusBadge({ status }: { status: Call["status"] }) {
  return <Badge variant={variants[status] ?? "secondary"}>{status.replace(/_/g, " ")}</Badge>;
}
