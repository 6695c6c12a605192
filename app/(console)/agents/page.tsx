import type { Metadata } from "next";
import { AgentList } from "@/components/agents/agent-list";
import { numbersByAgent } from "@/components/agents/delete-description";
import { CreateAgentButton } from "@/components/agents/create-agent-button";
import { LoadError } from "@/components/knowledge-bases/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";
import { listAgents } from "@/lib/voice-api/agents";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { listPhoneNumbers } from "@/lib/voice-api/phone-numbers";

export const metadata: Metadata = { title: "Agents" };

const PAGE_SIZE = 50;

function pageNumber(value: string | string[] | undefined): number {
  const page = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export default async function AgentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { api } = await requireConsoleContext("/agents");
  const page = pageNumber((await searchParams).page);
  const [loaded, numbers] = await Promise.all([
    listAgents(api, { page, limit: PAGE_SIZE }).then(
      (envelope) => ({ ok: true as const, envelope }),
      (error: unknown) => {
        if (!isVoiceApiError(error)) throw error;
        return { ok: false as const, message: error.message };
      },
    ),
    // Which numbers answer with which agent, so deleting one says which numbers lose it.
    listPhoneNumbers(api, 1, 1000).then((envelope) => envelope.data, () => null),
  ]);
  return (
    <>
      <PageHeader title="Agents" description="Voice agents: a prompt, a voice, a model and a graph of conversation states." actions={<CreateAgentButton />} />
      {loaded.ok ? (
        <AgentList agents={loaded.envelope.data} page={page} totalPages={loaded.envelope.total_pages ?? 1} numbersByAgent={numbersByAgent(numbers)} />
      ) : (
        <LoadError title="The agents could not be loaded" message={loaded.message} />
      )}
    </>
  );
}
