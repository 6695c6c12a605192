import type { Metadata } from "next";
import { LoadError } from "@/components/knowledge-bases/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { listTelephonyProviders } from "@/lib/voice-api/telephony";
import { TelephonySettings } from "./_components/telephony-settings";

export const metadata: Metadata = { title: "Telephony" };

export default async function TelephonyPage() {
  const ctx = await requireConsoleContext("/settings/telephony");
  const loaded = await listTelephonyProviders(ctx.api).then(
    (providers) => ({ ok: true as const, providers }),
    (error: unknown) => {
      if (!isVoiceApiError(error)) throw error;
      return { ok: false as const, message: error.message };
    },
  );
  return (
    <>
      <PageHeader title="Telephony" description="Connect a Twilio or Telnyx account so agents can make and take phone calls." />
      <div className="grid max-w-3xl gap-6">
        {loaded.ok ? (
          <TelephonySettings initial={loaded.providers} canManage={ctx.can("manageApiKeys")} />
        ) : (
          <LoadError title="Telephony could not be loaded" message={loaded.message} />
        )}
      </div>
    </>
  );
}
