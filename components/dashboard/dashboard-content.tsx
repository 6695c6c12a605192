import { CalendarRange } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { getAnalyticsDashboard, type AnalyticsDashboard } from "@/lib/voice-api/analytics";
import type { VoiceApiClient } from "@/lib/voice-api/client";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { AnswerBreakdowns } from "./answer-breakdowns";
import { CallsPerDayChart } from "./calls-per-day-chart";
import { CostPerAgent } from "./cost-per-agent";
import { DashboardError } from "./dashboard-error";
import { presetRange, type DashboardQuery } from "./dashboard-query";
import { DurationHistogramChart } from "./duration-histogram-chart";
import { formatDay } from "./format";
import { StatCards } from "./stat-cards";
import { QualityCards } from "./quality-cards";
import { QualityTrendChart } from "./quality-trend-chart";

function rangeText(data: AnalyticsDashboard) {
  const first = data.days[0]?.date;
  const last = data.days.at(-1)?.date;
  return first && last ? `${formatDay(first, true)} – ${formatDay(last, true)}` : "this range";
}

function NoCalls({ data, query }: { data: AnalyticsDashboard; query: DashboardQuery }) {
  const wider = new URLSearchParams({ ...presetRange(90, query.timezone), timezone: query.timezone });
  return (
    <EmptyState
      icon={CalendarRange}
      title={`No calls ${data.agent_id ? "for this agent " : ""}in ${rangeText(data)}`}
      description="Calls appear here as soon as they start. Start a phone call or a web call with one of your agents, or look at a wider range."
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link href="/agents">Go to agents</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={`/dashboard?${wider}`}>Show the last 90 days{data.agent_id ? " of all agents" : ""}</Link>
          </Button>
        </div>
      }
    />
  );
}

/** The Quality page for the same range (and agent). */
function qualityLink(data: AnalyticsDashboard, query: DashboardQuery): string {
  const search = new URLSearchParams();
  if (query.from) search.set("from", query.from);
  if (query.to) search.set("to", query.to);
  if (data.agent_id) search.set("agent_id", data.agent_id);
  search.set("timezone", data.timezone);
  return `/quality?${search}`;
}

/** Fetches the range's figures from /v1/analytics/dashboard and lays them out. */
export async function DashboardContent({ api, query }: { api: VoiceApiClient; query: DashboardQuery }) {
  let data: AnalyticsDashboard;
  try {
    data = await getAnalyticsDashboard(api, query);
  } catch (error) {
    if (isVoiceApiError(error)) return <DashboardError message={error.message} details={error.details} />;
    throw error;
  }
  if (data.summary.calls === 0) return <NoCalls data={data} query={query} />;

  return (
    <div className="grid gap-6" data-range-from={data.from} data-range-to={data.to} data-query-from={query.from} data-query-to={query.to}>
      <StatCards totals={data.summary} />
      <QualityCards quality={data.quality} qualityHref={qualityLink(data, query)} />
      <Card>
        <CardHeader>
          <CardTitle>Calls and cost per day</CardTitle>
          <CardDescription>
            {rangeText(data)}, days in {data.timezone}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CallsPerDayChart days={data.days} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Quality per day</CardTitle>
          <CardDescription>Share of judged calls that succeeded, and how long callers waited for the first audio of an answer</CardDescription>
        </CardHeader>
        <CardContent>
          <QualityTrendChart days={data.quality.days} />
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Call duration</CardTitle>
            <CardDescription>Answered calls by how long they lasted</CardDescription>
          </CardHeader>
          <CardContent>
            <DurationHistogramChart histogram={data.duration_histogram} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Cost per agent</CardTitle>
            <CardDescription>Highest total cost first</CardDescription>
          </CardHeader>
          <CardContent>
            <CostPerAgent agents={data.agents} />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Post-call answers</CardTitle>
          <CardDescription>What the post-call questions found; rates are over the calls that got an answer</CardDescription>
        </CardHeader>
        <CardContent>
          <AnswerBreakdowns questions={data.questions} />
        </CardContent>
      </Card>
    </div>
  );
}
