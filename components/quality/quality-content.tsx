import { GitCompareArrows } from "lucide-react";
import Link from "next/link";
import { DashboardError } from "@/components/dashboard/dashboard-error";
import { formatDay } from "@/components/dashboard/format";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { compareAgentVersions, type AnalyticsVersions } from "@/lib/voice-api/analytics";
import type { VoiceApiClient } from "@/lib/voice-api/client";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import type { DashboardQuery } from "@/components/dashboard/dashboard-query";
import { VersionComparisons } from "./version-comparisons";
import { VersionsChart } from "./versions-chart";
import { VersionsTable } from "./versions-table";

const rangeText = (data: AnalyticsVersions) => {
  const last = new Date(new Date(data.to).getTime() - 1).toISOString().slice(0, 10);
  return `${formatDay(data.from.slice(0, 10), true)} – ${formatDay(last, true)}`;
};

/** Fetches the chosen versions' figures from /v1/analytics/versions and lays them out: table, tests, chart. */
export async function QualityContent({
  api,
  query,
  agent,
  versions,
  published,
}: {
  api: VoiceApiClient;
  query: DashboardQuery;
  agent: { id: string; name: string };
  versions: number[];
  published: number | null;
}) {
  if (versions.length < 2) {
    return (
      <EmptyState
        icon={GitCompareArrows}
        title={`${agent.name} has one version`}
        description="Versions are compared here once there are two: every saved change of an agent publishes a new version, and its calls are counted apart from the earlier ones."
        action={
          <Button asChild>
            <Link href={`/agents/${agent.id}`}>Open {agent.name}</Link>
          </Button>
        }
      />
    );
  }
  let data: AnalyticsVersions;
  try {
    data = await compareAgentVersions(api, { from: query.from, to: query.to, timezone: query.timezone, agent_id: agent.id, versions });
  } catch (error) {
    if (isVoiceApiError(error)) return <DashboardError subject="The comparison" message={error.message} details={error.details} />;
    throw error;
  }
  return (
    <div className="grid grid-cols-1 gap-6" data-range-from={data.from} data-range-to={data.to}>
      <Card>
        <CardHeader>
          <CardTitle>
            {agent.name}: versions {versions.join(", ")}
          </CardTitle>
          <CardDescription>
            Calls that started {rangeText(data)} ({data.timezone}). Each figure with calls behind it opens them in the calls list.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <VersionsTable data={data} published={published} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Is the difference larger than chance?</CardTitle>
          <CardDescription>Success rates compared with a two-proportion test; each version needs 30 calls judged success or failure.</CardDescription>
        </CardHeader>
        <CardContent>
          <VersionComparisons comparisons={data.comparisons} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Side by side</CardTitle>
          <CardDescription>Success and sentiment shares, and how long callers waited for an answer to start</CardDescription>
        </CardHeader>
        <CardContent>
          <VersionsChart data={data} />
        </CardContent>
      </Card>
    </div>
  );
}
