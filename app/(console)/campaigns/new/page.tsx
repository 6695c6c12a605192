import type { Metadata } from "next";
import { listAgentOptions } from "@/components/calls/agent-options";
import { CreateCampaignForm } from "@/components/campaigns/create-campaign-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";
import type { PhoneNumber } from "@/lib/voice-api/phone-numbers";

export const metadata: Metadata = { title: "New campaign" };

export default async function NewCampaignPage() {
  const ctx = await requireConsoleContext("/campaigns/new");
  const [agents, numbers] = await Promise.all([
    listAgentOptions(ctx.api).catch(() => []),
    ctx.api.get<PhoneNumber[]>("/phone-numbers", { query: { limit: 1000 } }).catch(() => [] as PhoneNumber[]),
  ]);
  return (
    <>
      <PageHeader title="New campaign" description="Who to call, with which agent and numbers, when, how fast, and how often to try again." />
      <CreateCampaignForm agents={agents} numbers={numbers.map((number) => ({ number: number.number, name: number.name }))} canEdit={ctx.can("write")} />
    </>
  );
}
