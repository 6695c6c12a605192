import type { Metadata } from "next";
import { getOrganizationSettings } from "@/lib/auth/organization-settings";
import { requireConsoleContext } from "@/lib/server/console-session";
import { PageHeader } from "@/components/ui/page-header";
import { OrganizationForm } from "./_components/organization-form";
import { RemoteApiForm } from "./_components/remote-api-form";
import { DataErasureCard } from "./_components/data-erasure-card";
import { WebhookSecretCard } from "./_components/webhook-secret-card";

export const metadata: Metadata = { title: "Organization" };

export default async function OrganizationSettingsPage() {
  const ctx = await requireConsoleContext("/settings/organization");
  const settings = await getOrganizationSettings(ctx.db, ctx.organization.id);
  const deploymentUrl = process.env.VOICE_API_URL?.trim() || null;
  return (
    <>
      <PageHeader title="Organization" description="Its name, where the studio finds its API, how webhooks are signed, and erasing a person's data." />
      <div className="grid max-w-3xl gap-6">
        <OrganizationForm name={settings.name} organizationId={settings.id} />
        {ctx.can("manageApiKeys") ? <WebhookSecretCard /> : null}
        <RemoteApiForm remoteApiUrl={settings.remoteApiUrl} hasRemoteApiKey={settings.hasRemoteApiKey} deploymentUrl={deploymentUrl} />
        {ctx.can("manageOrganization") ? <DataErasureCard /> : null}
      </div>
    </>
  );
}
