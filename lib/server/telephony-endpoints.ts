import "server-only";
import { outboundFetch } from "@/lib/net/outbound-fetch";
import { aiSdkLanguageModel } from "@/lib/runtime/ai-sdk-model";
import { telephonySettingsFromEnv } from "@/lib/telephony/carrier-directory";
import { carrierLiveCalls } from "@/lib/telephony/carrier-live-calls";
import type { MediaSocketDependencies } from "@/lib/telephony/carrier-media-socket";
import { isCarrierName } from "@/lib/telephony/carrier-name";
import { handleCarrierWebhook } from "@/lib/telephony/carrier-webhooks";
import type { AppRuntime } from "./runtime";

/** `/telephony/{carrier}/…`: carrier webhooks (HTTP) and media streams (WebSocket), signed by the carrier, no API key. */
export const isTelephonyPath = (url: string) => url.startsWith("/telephony/");

/** What the carrier endpoints run on: the runtime's database, queue and storage, the model and outbound fetch of calls. */
export function telephonyDependencies(
  runtime: Pick<AppRuntime, "connection" | "queue" | "storage"> & Partial<Pick<AppRuntime, "mediaInstance" | "load">>,
): MediaSocketDependencies {
  const settings = telephonySettingsFromEnv();
  const db = runtime.connection.db;
  const instance = runtime.mediaInstance;
  const startLiveCall = carrierLiveCalls({ db, queue: runtime.queue, llm: aiSdkLanguageModel(process.env), http: outboundFetch(), storage: runtime.storage, settings, instance });
  const load = runtime.load;
  return { db, queue: runtime.queue, settings, startLiveCall, instance, admission: load && (() => load.admission()) };
}

/** The webhook half, as a Fetch handler for the server's listener. */
export function telephonyWebhooks(deps: MediaSocketDependencies) {
  return async (request: Request): Promise<Response> => {
    const carrier = new URL(request.url).pathname.split("/")[2];
    if (!isCarrierName(carrier)) return new Response("No such telephony endpoint", { status: 404 });
    return handleCarrierWebhook(deps, carrier, request);
  };
}
