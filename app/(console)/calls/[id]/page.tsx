import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CallActions } from "@/components/calls/call-actions";
import { CreateTestFromCall } from "@/components/calls/create-test-from-call";
import { CallOverview, CostBreakdown, PostCallAnswers, VariableValues } from "@/components/calls/call-facts";
import { CallTranscript } from "@/components/calls/call-transcript";
import { MetadataEditor } from "@/components/calls/metadata-editor";
import { TurnLatencyTable } from "@/components/calls/turn-latency-table";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";
import { getCall } from "@/lib/voice-api/calls";
import { getCampaign } from "@/lib/voice-api/campaigns";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { apiErrorText } from "@/components/calls/api-error-text";

export const metadata: Metadata = { title: "Call" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function BackToCalls() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
      <Link href="/calls">
        <ArrowLeft aria-hidden /> Calls
      </Link>
    </Button>
  );
}

export default async function CallPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const context = await requireConsoleContext(`/calls/${id}`);
  let call;
  try {
    call = await getCall(context.api, id);
  } catch (error) {
    if (isVoiceApiError(error) && error.status === 404) notFound();
    return (
      <>
        <BackToCalls />
        <PageHeader title="Call" />
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm">
          <span className="font-medium text-destructive">The call could not be loaded: </span>
          {apiErrorText(error)}
        </p>
      </>
    );
  }
  const agentName = await context.api
    .get<{ name: string }>(`/agents/${call.agent_id}`)
    .then((agent) => agent.name)
    .catch(() => null);
  const campaignName = call.campaign_id
    ? await getCampaign(context.api, call.campaign_id)
        .then((campaign) => campaign.name)
        .catch(() => null)
    : null;
  const title = call.type === "web_call" ? "Web call" : `${call.direction === "inbound" ? "Inbound" : "Outbound"} phone call`;
  const numbers = call.type === "phone_call" ? `${call.from_number ?? "?"} → ${call.to_number ?? "?"}` : null;
  const extras = [
    ["Values the call started with", call.dynamic_variables_values],
    ["SIP headers", call.custom_headers],
  ] as const;

  return (
    <>
      <BackToCalls />
      <PageHeader title={title} description={
          <span className="grid gap-0.5">
            {numbers ? <span className="font-mono text-sm text-foreground">{numbers}</span> : null}
            <span className="font-mono text-xs break-all">{call.id}</span>
          </span>
        } actions={
          <>
            <CreateTestFromCall call={call} />
            <CallActions call={call} />
          </>
        } />
      <div className="grid grid-cols-1 gap-6">
        <Card>
          <CardContent className="pt-5">
            <CallOverview call={call} agentName={agentName} campaignName={campaignName} />
          </CardContent>
        </Card>

        <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="grid min-w-0 content-start gap-6">
            <Card>
              <CardHeader>
                <CardTitle>Transcript</CardTitle>
                <CardDescription>Times are from when the call was answered.</CardDescription>
              </CardHeader>
              <CardContent>
                <CallTranscript call={call} transcript={call.transcript ?? []} recordingUrl={call.recording_url} />
              </CardContent>
            </Card>
            {call.turn_latency ? (
              <Card>
                <CardHeader>
                  <CardTitle>Latency</CardTitle>
                  <CardDescription>Per caller turn, after the end of their speech: what the caller waited for the answer.</CardDescription>
                </CardHeader>
                <CardContent>
                  <TurnLatencyTable turns={call.turn_latency} />
                </CardContent>
              </Card>
            ) : null}
            <MetadataEditor call={call} />
          </div>
          <div className="grid min-w-0 content-start gap-6">
            {call.cost_breakdown && Object.keys(call.cost_breakdown).length ? (
              <Card>
                <CardHeader>
                  <CardTitle>Cost</CardTitle>
                </CardHeader>
                <CardContent>
                  <CostBreakdown breakdown={call.cost_breakdown} total={call.cost} />
                </CardContent>
              </Card>
            ) : null}
            <Card>
              <CardHeader>
                <CardTitle>Post-call answers</CardTitle>
              </CardHeader>
              <CardContent>
                <PostCallAnswers answers={call.post_call_answers ?? []} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Variables</CardTitle>
                <CardDescription>What the agent recorded during the call.</CardDescription>
              </CardHeader>
              <CardContent>
                <VariableValues values={call.variable_values ?? []} />
              </CardContent>
            </Card>
            {extras.map(([label, value]) =>
              value && Object.keys(value).length ? (
                <Card key={label}>
                  <CardHeader>
                    <CardTitle>{label}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <pre className="overflow-auto rounded-md bg-muted p-3 font-mono text-xs">{JSON.stringify(value, null, 2)}</pre>
                  </CardContent>
                </Card>
              ) : null,
            )}
          </div>
        </div>
      </div>
    </>
  );
}
