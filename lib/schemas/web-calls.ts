import { z } from "@hono/zod-openapi";
import { CallSchema, dynamicVariablesValues } from "./calls";

export const StartWebCallBodySchema = z
  .strictObject({
    agent_id: z.uuid("Must be a UUID").openapi({ description: "An agent of your organization; its published version talks." }),
    dynamic_variables_values: dynamicVariablesValues
      .optional()
      .openapi({ description: "Initial variable values: strings, numbers, booleans or nested objects.", example: { customer_name: "Ada" } }),
    metadata: z.record(z.string(), z.unknown(), { message: "Must be a JSON object" }).optional().openapi({ example: { source: "website" } }),
    mode: z
      .enum(["voice", "text"], { message: "Must be voice or text" })
      .optional()
      .openapi({
        description:
          "voice: the caller talks and listens over `media_url` (a WebSocket); text: turns and events only. Default voice when the agent's " +
          "transcriber and voice providers are configured on the server, else text. voice with a provider not configured is 400 naming what to set.",
      }),
  })
  .openapi("StartWebCallRequest");
export type StartWebCallBody = z.infer<typeof StartWebCallBodySchema>;

export const WebCallSessionSchema = z
  .object({
    call_id: z.uuid(),
    session_token: z.string().openapi({
      description: "Authenticates the browser on this call's events, turns and hangup (Authorization: Bearer, or ?session_token= for EventSource). Valid until expires_at.",
      example: "wcs_3qQ2…",
    }),
    expires_at: z.string().openapi({ format: "date-time" }),
    events_url: z.string().openapi({ description: "GET: server-sent events of the call, from the start (Last-Event-ID resumes)." }),
    turns_url: z.string().openapi({ description: "POST {text}: one caller turn; answers with server-sent events of the reply." }),
    hangup_url: z.string().openapi({ description: "POST: the caller hangs up." }),
    mode: z.enum(["voice", "text"]).openapi({ description: "Whether the call carries audio (voice) or only text turns." }),
    media_url: z.string().nullable().openapi({
      description: "Voice calls: the WebSocket (ws:// or wss://, the session token in ?session_token=) that carries the call's audio and live events; null for text calls.",
      example: "wss://voice.example.com/v1/calls/web/6f1c…/media?session_token=wcs_3qQ2…",
    }),
    call: CallSchema,
  })
  .openapi("WebCallSession");
/** POST /v1/calls/web: the started call and what the browser needs to talk on it. */
export type WebCallSession = z.infer<typeof WebCallSessionSchema>;

export const CallerTurnBodySchema = z
  .strictObject({
    text: z.string().trim().min(1, "Required").max(4000, "At most 4000 characters").openapi({ description: "What the caller said (typed or recognized speech)." }),
  })
  .openapi("CallerTurnRequest");
