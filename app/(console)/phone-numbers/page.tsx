import type { Metadata } from "next";
import { listAgentOptions } from "@/components/calls/agent-options";
import { phoneNumbersPath, readPhoneNumberPage } from "@/components/phone-numbers/phone-number-paging";
import { PhoneNumbersView, type InitialPhoneNumbers } from "@/components/phone-numbers/phone-numbers-view";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";
import type { PhoneNumber } from "@/lib/voice-api/phone-numbers";
import { apiErrorText } from "@/components/calls/api-error-text";
import { telephonyProblemOf } from "@/lib/voice-api/telephony";

export const metadata: Metadata = { title: "Phone numbers" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function PhoneNumbersPage({ searchParams }: { searchParams: SearchParams }) {
  const context = await requireConsoleContext("/phone-numbers");
  const query = await searchParams;
  const paging = readPhoneNumberPage((name) => [query[name]].flat()[0] ?? null);
  const path = phoneNumbersPath(paging);
  const [initial, agents, telephonyProblem] = await Promise.all([
    context.api.requestEnvelope<PhoneNumber[]>("GET", path).then(
      (envelope): InitialPhoneNumbers => ({ path, envelope, error: null }),
      (error: unknown): InitialPhoneNumbers => ({ path, envelope: null, error: apiErrorText(error) }),
    ),
    listAgentOptions(context.api).catch(() => []),
    telephonyProblemOf(context.api),
  ]);
  return (
    <>
      <PageHeader title="Phone numbers" description="Numbers your agents call from and answer. Each can have an inbound agent, or forward its calls." />
      <PhoneNumbersView initial={initial} agents={agents} paging={paging} telephonyProblem={telephonyProblem} />
    </>
  );
}
