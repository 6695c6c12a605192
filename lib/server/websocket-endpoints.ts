import { WEB_CALL_MEDIA_PATH, webCallMediaRoute } from "./web-call-media-route";
import { outboundFetch } from "@/lib/net/outbound-fetch";
import { aiSdkLanguageModel } from "@/lib/runtime/ai-sdk-model";
import { echoRoute, ECHO_PATH } from "./echo-route";
import type { AppRuntime } from "./runtime";
import { WebSocketRoutes } from "./websocket-routes";

/** Every WebSocket endpoint of the server, by path; voice and telephony media streams are added here. */
export function websocketEndpoints(runtime: Pick<AppRuntime, "connection" | "queue" | "storage">): WebSocketRoutes {
  const db = runtime.connection.db;
  return new WebSocketRoutes()
    .add(ECHO_PATH, echoRoute(db))
    .add(WEB_CALL_MEDIA_PATH, webCallMediaRoute({ db, queue: runtime.queue, storage: runtime.storage, llm: aiSdkLanguageModel(process.env), http: outboundFetch() }));
}
