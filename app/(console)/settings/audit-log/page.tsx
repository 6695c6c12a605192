import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { AuditLogView } from "@/components/audit-log/audit-log-view";
import { AuditRetentionForm } from "@/components/audit-log/audit-retention-form";
import { LoadError } from "@/components/knowledge-bases/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";
import { getAuditSettings } from "@/lib/voice-api/audit-log";
import { isVoiceApiError } from "@/lib/voice-api/errors";

export const metadata: Metadata = { title: "Audit log" };

/** Owners and admins only: anyone else gets the 403 page (and no menu entry leads here). */
export default async function AuditLogPage() {
  const ctx = await requireConsoleContext("/settings/audit-log");
  if (!ctx.can("manageMembers")) forbidden();
  const settings = await getAuditSettings(ctx.api).then(
    (loaded) => ({ ok: true as const, loaded }),
    (error: unknown) => {
      if (!isVoiceApiError(error)) throw error;
      return { ok: false as const, message: error.message };
    },
  );
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who changed what in this organization, through the studio, the API and the admin CLI, with sign-ins. Entries cannot be edited; each is chained to the one before by its hash."
      />
      <div className="grid gap-6">
        {settings.ok ? (
          <AuditRetentionForm initial={settings.loaded} canEdit={ctx.can("manageOrganization")} />
        ) : (
          <LoadError title="The audit log's settings could not be loaded" message={settings.message} />
        )}
        <AuditLogView />
      </div>
    </>
  );
}
