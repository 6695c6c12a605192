import type { Metadata } from "next";
import Link from "next/link";
import { Megaphone, Plus } from "lucide-react";
import { apiErrorText } from "@/components/calls/api-error-text";
import { CampaignStatusBadge } from "@/components/campaigns/campaign-status-badge";
import { ProgressBar } from "@/components/campaigns/progress-bar";
import { LoadError } from "@/components/knowledge-bases/load-error";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { requireConsoleContext } from "@/lib/server/console-session";
import { listCampaigns } from "@/lib/voice-api/campaigns";

export const metadata: Metadata = { title: "Campaigns" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CampaignsPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleContext("/campaigns");
  const cursor = [(await searchParams).cursor].flat()[0];
  const loaded = await listCampaigns(ctx.api, { cursor: cursor || undefined }).then(
    (envelope) => ({ ok: true as const, envelope }),
    (error: unknown) => ({ ok: false as const, message: apiErrorText(error) }),
  );
  const canEdit = ctx.can("write");
  const newButton = canEdit ? (
    <Button asChild>
      <Link href="/campaigns/new">
        <Plus aria-hidden /> New campaign
      </Link>
    </Button>
  ) : null;
  return (
    <>
      <PageHeader title="Campaigns" description="Call a list of contacts with an agent: inside each contact's calling hours, paced, with retries." actions={newButton} />
      {!loaded.ok ? (
        <LoadError title="The campaigns could not be loaded" message={loaded.message} />
      ) : loaded.envelope.data.length === 0 ? (
        <EmptyState icon={Megaphone} title="No campaigns yet" description="Upload a CSV of contacts, choose an agent and numbers, and set when and how fast to call." action={newButton} />
      ) : (
        <div className="grid gap-3">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="w-64">Progress</TableHead>
                <TableHead className="text-right">Calls placed</TableHead>
                <TableHead>Created</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {loaded.envelope.data.map((campaign) => (
                <TableRow key={campaign.id}>
                  <TableCell>
                    <Link href={`/campaigns/${campaign.id}`} className="font-medium underline-offset-4 hover:underline">
                      {campaign.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <CampaignStatusBadge status={campaign.status} />
                  </TableCell>
                  <TableCell>
                    <ProgressBar progress={campaign.progress} />
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{campaign.progress.calls_placed.toLocaleString("en-US")}</TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">{new Date(campaign.created_at).toISOString().slice(0, 16).replace("T", " ")} UTC</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {loaded.envelope.next_cursor ? (
            <div>
              <Button asChild variant="outline">
                <Link href={`/campaigns?cursor=${encodeURIComponent(loaded.envelope.next_cursor)}`}>Older campaigns</Link>
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
