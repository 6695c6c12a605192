import { AlertTriangle, CheckCircle2, Loader2, XCircle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { KnowledgeBaseSourceStatus, KnowledgeBaseStatus } from "@/lib/voice-api/knowledge-bases";

const looks = {
  ready: { label: "Ready", variant: "success", icon: CheckCircle2 },
  processing: { label: "Processing", variant: "warning", icon: Loader2 },
  partially_failed: { label: "Partly failed", variant: "warning", icon: AlertTriangle },
  failed: { label: "Failed", variant: "destructive", icon: XCircle },
} as const;

export function StatusBadge({ status }: { status: KnowledgeBaseStatus | KnowledgeBaseSourceStatus }) {
  const { label, variant, icon: Icon } = looks[status];
  return (
    <Badge variant={variant}>
      <Icon className={status === "processing" ? "size-3 animate-spin motion-reduce:animate-none" : "size-3"} aria-hidden />
      {label}
    </Badge>
  );
}
