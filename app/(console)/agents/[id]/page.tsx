import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AgentWorkspace } from "@/components/agent-builder/agent-workspace";
import { LoadError } from "@/components/knowledge-bases/load-error";
import { requireConsoleContext } from "@/lib/server/console-session";
import { getAgent } from "@/lib/voice-api/agents";
import { isVoiceApiError } from "@/lib/voice-api/errors";

export const metadata: Metadata = { title: "Agent" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TABS = ["graph", "settings", "questions", "versions", "tests", "json", "talk"];

export default async function AgentPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ tab?: string | string[] }> }) {
  const { id } = await params;
  const { tab } = await searchParams;
  const { api } = await requireConsoleContext(`/agents/${id}`);
  if (!UUID.test(id)) notFound();
  const loaded = await getAgent(api, id).then(
    (agent) => ({ ok: true as const, agent }),
    (error: unknown) => {
      if (!isVoiceApiError(error)) throw error;
      if (error.status === 404) notFound();
      return { ok: false as const, message: error.message };
    },
  );
  if (!loaded.ok) return <LoadError title="The agent could not be loaded" message={loaded.message} />;
  const initialTab = typeof tab === "string" && TABS.includes(tab) ? tab : "graph";
  return <AgentWorkspace key={loaded.agent.id} initial={loaded.agent} initialTab={initialTab} />;
}
