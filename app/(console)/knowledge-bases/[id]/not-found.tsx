import { BookOpen } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function KnowledgeBaseNotFound() {
  return (
    <EmptyState
      icon={BookOpen}
      title="No such knowledge base"
      description="It may have been deleted, or it belongs to another organization: switch organizations if you expected to see it."
      action={
        <Button asChild variant="outline">
          <Link href="/knowledge-bases">Back to knowledge bases</Link>
        </Button>
      }
    />
  );
}
