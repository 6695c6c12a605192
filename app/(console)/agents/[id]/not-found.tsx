import { AudioLines } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function AgentNotFound() {
  return (
    <EmptyState
      icon={AudioLines}
      title="No such agent"
      description="It may have been deleted, or it belongs to another organization: switch organizations if you expected to see it."
      action={
        <Button asChild variant="outline">
          <Link href="/agents">Back to agents</Link>
        </Button>
      }
    />
  );
}
