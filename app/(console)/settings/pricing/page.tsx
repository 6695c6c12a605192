import type { Metadata } from "next";
import { LoadError } from "@/components/knowledge-bases/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { getPricing } from "@/lib/voice-api/pricing";
import { PricingForm } from "./_components/pricing-form";

export const metadata: Metadata = { title: "Prices" };

export default async function PricingPage() {
  const ctx = await requireConsoleContext("/settings/pricing");
  const loaded = await getPricing(ctx.api).then(
    (pricing) => ({ ok: true as const, pricing }),
    (error: unknown) => {
      if (!isVoiceApiError(error)) throw error;
      return { ok: false as const, message: error.message };
    },
  );
  return (
    <>
      <PageHeader title="Prices" description="What calls cost: telephony, speech and the language model, per unit." />
      <div className="max-w-3xl">
        {loaded.ok ? <PricingForm initial={loaded.pricing} canEdit={ctx.can("manageOrganization")} /> : <LoadError title="The prices could not be loaded" message={loaded.message} />}
      </div>
    </>
  );
}
