import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CampaignDetail } from "@/components/campaigns/campaign-detail";
import { LoadError } from "@/components/knowledge-bases/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";
import { getCampaign } from "@/lib/voice-api/campaigns";
import { isVoiceApiError } from "@/lib/voice-api/errors";

export const metadata: Metadata = { title: "Campaign" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requireConsoleContext(`/campaigns/${id}`);
  if (!UUID.test(id)) notFound();
  const loaded = await getCampaign(ctx.api, id).then(
    (campaign) => ({ ok: true as const, campaign }),
    (error: unknown) => {
      if (!isVoiceApiError(error)) throw error;
      if (error.status === 404) notFound();
      return { ok: false as const, message: error.message };
    },
  );
  if (!loaded.ok) return <LoadError title="The campaign could not be loaded" message={loaded.message} />;
  return (
    <>
      <PageHeader
        title={loaded.campaign.name}
        description={
          <>
            A campaign of <Link href={`/agents/${loaded.campaign.agent_id}`} className="underline underline-offset-4">its agent</Link>, calling from {loaded.campaign.from_numbers.join(", ")}.
          </>
        }
      />
      <CampaignDetail initial={loaded.campaign} canEdit={ctx.can("write")} />
    </>
  );
}
