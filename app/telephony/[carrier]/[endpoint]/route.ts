import { getRuntime } from "@/lib/server/runtime";
import { telephonySettingsFromEnv } from "@/lib/telephony/carrier-directory";
import { isCarrierName } from "@/lib/telephony/carrier-name";
import { handleCarrierWebhook } from "@/lib/telephony/carrier-webhooks";

/** Carrier webhooks (Twilio voice, status, amd, transfer; Telnyx events): signed by the carrier, no API key. */
export async function POST(request: Request, context: { params: Promise<{ carrier: string; endpoint: string }> }): Promise<Response> {
  const { carrier } = await context.params;
  if (!isCarrierName(carrier)) return new Response("No such telephony endpoint", { status: 404 });
  const runtime = await getRuntime();
  return handleCarrierWebhook({ db: runtime.connection.db, queue: runtime.queue, settings: telephonySettingsFromEnv() }, carrier, request);
}
