import type { MediaSocketDependencies } from "@/lib/telephony/carrier-media-socket";
import { carrierMediaRoute } from "@/lib/telephony/carrier-media-route";
import { carrierMediaPaths, carrierNames } from "@/lib/telephony/carrier-name";
import { WEB_CALL_MEDIA_PATH, webCallMediaRoute } from "./web-call-media-route";
import { outboundFetch } from "@/lib/net/outbound-fetch";
import { aiSdkLanguageModel } from "@/lib/runtime/ai-sdk-model";
import { echoRoute, ECHO_PATH } from "./echo-route";
import type { AppRuntime } from "./runtime";
import { WebSocketRoutes } from "./websocket-routes";

/** Every WebSocket endpoint of the server, by path; voice and telephony media streams are added here. */
export function websocketEndpoints(
  runtime: Pick<AppRuntime, "connection" | "queue" | "storage"> & Partial<Pick<AppRuntime, "mediaInstance" | "load">>,
  telephony?: MediaSocketDependencies,
): WebSocketRoutes {
  const db = runtime.connection.db;
  const voice = { db, queue: runtime.queue, storage: runtime.storage, llm: aiSdkLanguageModel(process.env), http: outboundFetch(), instance: runtime.mediaInstance };
  const routes = new WebSocketRoutes().add(ECHO_PATH, echoRoute(db)).add(WEB_CALL_MEDIA_PATH, webCallMediaRoute(voice, runtime.load && (() => runtime.load!.admission())));
  // Carrier media frames are small JSON (a 20 ms frame is ~300 bytes): 64 KiB is plenty.
  if (telephony) for (const carrier of carrierNames) routes.add(carrierMediaPaths[carrier], carrierMediaRoute(telephony, carrier), { maxPayloadBytes: 64 * 1024 });
  return routes;
}
