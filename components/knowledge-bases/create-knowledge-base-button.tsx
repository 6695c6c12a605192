"use client";

import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCan } from "@/components/console/console-session";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import type { KnowledgeBase } from "@/lib/voice-api/knowledge-bases";
import { consoleRequest } from "@/lib/voice-api/browser-client";
import { NameDialog } from "./name-dialog";

/** Creates a knowledge base and opens it, where the next step (adding sources) is. */
export function CreateKnowledgeBaseButton({ label = "New knowledge base" }: { label?: string }) {
  const router = useRouter();
  const canWrite = useCan("write");
  if (!canWrite) return null;
  return (
    <NameDialog
      trigger={
        <Button>
          <Plus aria-hidden />
          {label}
        </Button>
      }
      title="New knowledge base"
      description="A collection of PDFs and texts that your agents can answer from. You add the sources next."
      submitLabel="Create"
      onSubmit={async (name) => {
        const { data } = await consoleRequest<KnowledgeBase>("POST", "/v1/knowledge-bases", { name });
        toast.success("Knowledge base created", data.name);
        router.push(`/knowledge-bases/${data.id}`);
      }}
    />
  );
}
