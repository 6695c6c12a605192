import type { Metadata } from "next";
import { listAgentOptions } from "@/components/calls/agent-options";
import { callListPath, readCallListState } from "@/components/calls/call-filters";
import { CallsView, type InitialCallPage } from "@/components/calls/calls-view";
import { PageHeader } from "@/components/ui/page-header";
import type { Call } from "@/lib/voice-api/calls";
import { requireConsoleContext } from "@/lib/server/console-session";
import { apiErrorText } from "@/components/calls/api-error-text";

export const metadata: Metadata = { title: "Calls" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CallsPage({ searchParams }: { searchParams: SearchParams }) {
  const context = await requireConsoleContext("/calls");
  const query = await searchParams;
  const state = readCallListState({ get: (name) => [query[name]].flat()[0] ?? null });
  const path = callListPath(state);
  const [initial, agents] = await Promise.all([
    context.api.requestEnvelope<Call[]>("GET", path).then(
      (envelope): InitialCallPage => ({ path, envelope, error: null }),
      (error: unknown): InitialCallPage => ({ path, envelope: null, error: apiErrorText(error) }),
    ),
    listAgentOptions(context.api).catch(() => []),
  ]);
  return (
    <>
      <PageHeader title="Calls" description="Every phone and web call of your organization, newest first." />
      <CallsView initial={initial} agents={agents} />
    </>
  );
}
