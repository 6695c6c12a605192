import { Bot } from "lucide-react";
import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { Suspense } from "react";
import { readDashboardQuery, TIME_ZONE_COOKIE } from "@/components/dashboard/dashboard-query";
import { DashboardSkeleton } from "@/components/dashboard/dashboard-skeleton";
import { QualityContent } from "@/components/quality/quality-content";
import { QualityFilters } from "@/components/quality/quality-filters";
import { chooseAgent, chooseVersions, type QualityAgent } from "@/components/quality/quality-query";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";
import { listAgentVersions, type AgentVersionSummary } from "@/lib/voice-api/agents";

export const metadata: Metadata = { title: "Quality" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

export default async function QualityPage({ searchParams }: { searchParams: SearchParams }) {
  const [params, cookieStore, { api }] = await Promise.all([searchParams, cookies(), requireConsoleContext("/quality")]);
  const remembered = cookieStore.get(TIME_ZONE_COOKIE)?.value;
  const query = readDashboardQuery(params, remembered ? decodeURIComponent(remembered) : undefined);
  const agents = (await api.get<QualityAgent[]>("/agents", { query: { limit: 1000 } }).catch(() => [] as QualityAgent[])).map(({ id, name, version }) => ({ id, name, version }));
  const agent = chooseAgent(agents, first(params.agent_id));
  const header = <PageHeader title="Quality" description="Agent versions side by side: success, sentiment, latency and cost, and whether a difference is more than chance." />;
  if (!agent) {
    return (
      <>
        {header}
        <EmptyState
          icon={Bot}
          title="No agents yet"
          description="Create an agent and take calls with it; its versions are compared here."
          action={
            <Button asChild>
              <Link href="/agents">Go to agents</Link>
            </Button>
          }
        />
      </>
    );
  }
  const versions: AgentVersionSummary[] = await listAgentVersions(api, agent.id).catch(() => []);
  const selected = chooseVersions(versions, first(params.versions));
  return (
    <>
      {header}
      <QualityFilters query={query} agents={agents} agentId={agent.id} versions={versions} selected={selected} timeZoneFromUrl={params.timezone !== undefined} />
      <Suspense key={JSON.stringify([query, agent.id, selected])} fallback={<DashboardSkeleton />}>
        <QualityContent api={api} query={query} agent={agent} versions={selected} published={versions.find((version) => version.is_published)?.version ?? null} />
      </Suspense>
    </>
  );
}
