import { createRoute, z } from "@hono/zod-openapi";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import { speechConfigurationProblems } from "@/lib/media/speech-providers";
import { outboundFetch } from "@/lib/net/outbound-fetch";
import { aiSdkLanguageModel } from "@/lib/runtime/ai-sdk-model";
import { CallEndedError } from "@/lib/runtime/engine";
import type { RuntimeEvent } from "@/lib/runtime/types";
import { callEventStream } from "@/lib/services/calls/call-event-stream";
import { hangUpCall, prepareCallerTurn, type RuntimeHostDependencies } from "@/lib/services/calls/call-host";
import { callStarterOf } from "@/lib/auth/call-starter";
import { startWebCall } from "@/lib/services/calls/web-calls";
import { serviceContext, type ApiDependencies } from "../context";
import { sessionCall } from "../middleware/web-call-session";
import { conflictResponse, drainingOrAtCapacityResponse, envelope, jsonContent, ok, standardErrorResponses } from "../envelope";
import { ApiError } from "../errors";
import { extension } from "../openapi-document";
import { createRouter } from "../router";
import { uuidPathParam } from "@/lib/schemas/common";
import { CallerTurnBodySchema, StartWebCallBodySchema, WebCallSessionSchema } from "@/lib/schemas/web-calls";

const tags = ["Web calls"];
const SESSION_SCHEME = "WebCallSessionToken";
const callIdParam = uuidPathParam("call_id", "The web call's id");
const sessionSecurity = [{ [SESSION_SCHEME]: [] }];
const sseResponse = (description: string) => ({ description, content: { "text/event-stream": { schema: z.string() } } });
const KEEPALIVE_MS = 15_000;

const startRoute = createRoute(
  extension({
    method: "post",
    path: "/calls/web",
    operationId: "startWebCall",
    tags,
    summary: "Start a web call",
    description:
      "Starts a `web_call` with the agent's published version (status `in_progress`) and returns a short-lived session token for the " +
      "browser: it reads the agent's words from `events_url` (server-sent events) and sends the caller's turns to `turns_url`, with no API key. " +
      "When the agent's LLM provider has no key or endpoint configured, 400 says which environment variables to set.\n\n" +
      "**Voice** (`mode: voice`, the default when the agent's transcriber and voice providers are configured): connect a WebSocket to " +
      "`media_url` (`/v1/calls/web/{call_id}/media?session_token=…`; one per call). Binary frames both ways are 16-bit little-endian mono " +
      "PCM: caller audio in at 16000 Hz, agent audio out at 24000 Hz paced in real time, unless the first text frame is " +
      '`{"type":"start","input_sample_rate":N,"output_sample_rate":M}` (N, M in 8000, 16000, 24000, 48000). Text frames are JSON: from the ' +
      'client `{"type":"text","text":…}` (a typed turn, answered in audio) and `{"type":"hangup"}`; from the server `started`, `clear` ' +
      "(drop buffered agent audio: the caller barged in), `user_speech_started`, `user_speech_stopped`, `user_transcript` (`text`, `final`), " +
      "`agent_speech_started` (`text`, `response`: the agent response's number), `agent_speech_interrupted` (`heard_text`), `turn_metrics` (the turn's latency in ms), `media_error` (`stage`: `stt`, `tts`, `conversation` or `recording`; `message`), " +
      "`error` (a bad client frame, with `details`), and every event of the events stream (with `seq`), ending with `call_ended`; then the " +
      "socket closes. The greeting, presence checks and max duration run on the media's clock. `turns_url`, `hangup_url` and `events_url` " +
      "work in both modes. `mode: voice` with a speech provider not configured is 400 naming `transcriber.provider` or `voice.provider` and " +
      "the variables to set.\n\n" +
      "**Capacity** (extension): a server process whose event loop or audio pacing runs late (or that holds `LOAD_MAX_LIVE_CALLS` calls) " +
      "starts no new calls: this request, or the upgrade of `media_url` reaching such a process, is answered 503 `service_unavailable` with " +
      "`Retry-After` (seconds); retry then (the session token stays valid for the upgrade). The calls it already has are not affected.",
    request: { body: { required: true, content: { "application/json": { schema: StartWebCallBodySchema } } } },
    responses: {
      201: jsonContent(envelope(WebCallSessionSchema, "StartWebCallResponse"), "Web call started"),
      ...standardErrorResponses,
      ...drainingOrAtCapacityResponse,
    },
  }),
);

const eventsRoute = createRoute(
  extension({
    method: "get",
    path: "/calls/web/{call_id}/events",
    operationId: "streamWebCallEvents",
    tags,
    security: sessionSecurity,
    summary: "Stream a web call's events",
    description:
      "Server-sent events, each with `id` = its sequence number and `event` = its type: agent_message (kind initial, reply, filler, " +
      "presence_check), user_message, state_changed, tool_called, tool_result, variable_updated, all_variables_resolved, transfer_call, wait, " +
      "leave_voicemail_message, turn_failed, transfer_failed (extension: `{to, reason}`; on a web call a warm transfer_call has no line to dial, reason `no_phone_line`), call_ended. `call_ended` carries `end_reason` (and `detail`); when the call was ended from outside " +
      "its conversation it also says why in `reason`: `instance_lost` (the server process holding the call's media stopped; the call ends " +
      "with end_reason `error` once another instance notices, within INSTANCE_TIMEOUT_SECONDS plus one heartbeat). A call cut by a server's " +
      "shutdown ends with end_reason `server_shutdown`. Replays from the start, or after `Last-Event-ID` (or `?after=`); closes after call_ended. " +
      "Any instance can serve it: events are read from the database, and this stream also fires the call's timers (initial message delay, presence checks, max duration).",
    request: {
      params: callIdParam,
      query: z.object({
        after: z.coerce.number().int().min(0).optional().openapi({ description: "Replay only events after this event id (as Last-Event-ID)." }),
        session_token: z.string().optional().openapi({ description: "The session token, for clients that cannot send Authorization (EventSource)." }),
      }),
    },
    responses: { 200: sseResponse("The event stream"), ...standardErrorResponses },
  }),
);

const turnRoute = createRoute(
  extension({
    method: "post",
    path: "/calls/web/{call_id}/turns",
    operationId: "sendWebCallTurn",
    tags,
    security: sessionSecurity,
    summary: "Send a caller turn",
    description:
      "Answers with server-sent events of the reply as it happens: `agent_text_delta` pieces (no id) as the model streams, then the recorded " +
      "events (with ids, the same as on the events stream) and finally `turn_complete` with the call's status. One turn at a time: 409 while the " +
      "agent is still answering; 409 when the call has ended.",
    request: { params: callIdParam, body: { required: true, content: { "application/json": { schema: CallerTurnBodySchema } } } },
    responses: { 200: sseResponse("The reply, streamed"), ...standardErrorResponses, ...conflictResponse },
  }),
);

const hangupRoute = createRoute(
  extension({
    method: "post",
    path: "/calls/web/{call_id}/hangup",
    operationId: "hangUpWebCall",
    tags,
    security: sessionSecurity,
    summary: "Hang up a web call",
    description: "The caller hangs up: the call ends with end_reason `user_hangup`. An ended call answers the same success.",
    request: { params: callIdParam },
    responses: { 200: jsonContent(envelope(z.null(), "HangUpWebCallResponse"), "Hung up (data is null)"), ...standardErrorResponses },
  }),
);

function host(deps: ApiDependencies): RuntimeHostDependencies {
  return {
    db: deps.db,
    queue: deps.queue,
    llm: deps.runtime?.llm ?? aiSdkLanguageModel(deps.runtime?.env ?? process.env),
    http: deps.runtime?.http ?? outboundFetch(),
    clock: deps.now ? { now: deps.now } : undefined,
  };
}

const eventPayload = (event: RuntimeEvent) => JSON.stringify(event);

/** Proxies and compression (next start gzips responses) must pass each event through at once. */
function unbuffered(response: Response): Response {
  response.headers.set("Cache-Control", "no-cache, no-transform");
  response.headers.set("X-Accel-Buffering", "no");
  return response;
}

/** Writes SSE events in order from a synchronous sink. */
function orderedWriter(stream: SSEStreamingApi) {
  let chain = Promise.resolve();
  return {
    write(event: RuntimeEvent & { seq?: number }) {
      chain = chain.then(() => stream.writeSSE({ event: event.type, data: eventPayload(event), ...(event.seq ? { id: String(event.seq) } : {}) })).catch(() => {});
    },
    flushed: () => chain,
  };
}

export function webCallRoutes() {
  const router = createRouter();
  router.openAPIRegistry.registerComponent("securitySchemes", SESSION_SCHEME, {
    type: "http",
    scheme: "bearer",
    description: "A web call's session_token (from POST /v1/calls/web); also accepted as ?session_token= where headers cannot be set (EventSource).",
  });

  router.openapi(startRoute, async (c) => {
    const deps = c.get("deps");
    const ctx = serviceContext(c);
    const env = deps.runtime?.env ?? process.env;
    const started = await startWebCall(ctx, deps.queue, c.req.valid("json"), {
      now: deps.now?.(),
      env,
      speechProblems: (agent) => speechConfigurationProblems(agent, env).map(({ field, message }) => ({ field, message })),
      startedBy: await callStarterOf(deps.db, { apiKey: c.get("apiKey"), studioUserId: c.get("studioUserId") }),
    });
    const origin = new URL(c.req.url).origin;
    const base = `${origin}/v1/calls/web/${started.callId}`;
    const mediaUrl = `${origin.replace(/^http/, "ws")}/v1/calls/web/${started.callId}/media?session_token=${encodeURIComponent(started.sessionToken)}`;
    return ok(
      c,
      {
        call_id: started.callId,
        session_token: started.sessionToken,
        expires_at: started.expiresAt.toISOString(),
        events_url: `${base}/events`,
        turns_url: `${base}/turns`,
        hangup_url: `${base}/hangup`,
        mode: started.mode,
        media_url: started.mode === "voice" ? mediaUrl : null,
        call: started.call,
      },
      { message: "Web call started successfully", status: 201 },
    );
  });

  router.openapi(eventsRoute, async (c) => {
    const deps = c.get("deps");
    const lastEventId = Number(c.req.header("last-event-id"));
    const after = Number.isInteger(lastEventId) && lastEventId > 0 ? lastEventId : (c.req.valid("query").after ?? 0);
    return unbuffered(streamSSE(c, async (stream) => {
      const listening = new AbortController();
      stream.onAbort(() => listening.abort());
      const options = { after, pollMs: deps.runtime?.eventPollMs, idleMs: KEEPALIVE_MS, signal: listening.signal };
      for await (const event of callEventStream(host(deps), c.req.valid("param").call_id, options)) {
        if (event) await stream.writeSSE({ id: String(event.seq), event: event.type, data: eventPayload(event) });
        else await stream.write(": keep-alive\n\n");
      }
    }));
  });

  router.openapi(turnRoute, async (c) => {
    const deps = c.get("deps");
    const callId = c.req.valid("param").call_id;
    const { text } = c.req.valid("json");
    let turn;
    try {
      turn = await prepareCallerTurn(host(deps), callId, sessionCall(c.req.raw));
    } catch (error) {
      if (error instanceof CallEndedError) throw new ApiError("conflict", "The call has ended", [{ field: "call_id", message: "Ended" }]);
      throw error;
    }
    const abort = new AbortController();
    return unbuffered(streamSSE(c, async (stream) => {
      stream.onAbort(() => abort.abort());
      const writer = orderedWriter(stream);
      let ended = false;
      await turn.run(text, (event) => {
        if (event.type === "call_ended") ended = true;
        writer.write(event);
      }, abort.signal).catch((error) => writer.write({ type: "turn_failed", message: error instanceof Error ? error.message : String(error) }));
      await writer.flushed();
      await stream.writeSSE({ event: "turn_complete", data: JSON.stringify({ call_status: ended ? "ended" : "in_progress" }) });
    }));
  });

  router.openapi(hangupRoute, async (c) => {
    await hangUpCall(host(c.get("deps")), c.req.valid("param").call_id);
    return ok(c, null, { message: "Web call ended" });
  });

  return router;
}
