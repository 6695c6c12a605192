"use client";

import { FlaskConical } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCan } from "@/components/console/console-session";
import { Button } from "@/components/ui/button";
import { callDraftKey, draftFromCall } from "@/lib/agent-builder/test-draft";
import type { Call } from "@/lib/voice-api/calls";

/**
 * "Create test from this call": a scripted test with the caller's turns, each expecting (judged) an
 * answer like the agent's, opened in the agent's Tests tab to edit before saving.
 */
export function CreateTestFromCall({ call }: { call: Pick<Call, "id" | "agent_id" | "start_time" | "transcript"> }) {
  const canWrite = useCan("write");
  const router = useRouter();
  const transcript = call.transcript ?? [];
  if (!canWrite || !transcript.some((entry) => entry.role === "user")) return null;
  return (
    <Button
      variant="outline"
      onClick={() => {
        sessionStorage.setItem(callDraftKey(call.agent_id), JSON.stringify(draftFromCall({ id: call.id, start_time: call.start_time, transcript })));
        router.push(`/agents/${call.agent_id}?tab=tests`);
      }}
    >
      <FlaskConical aria-hidden /> Create test from this call
    </Button>
  );
}
