import { z } from "@hono/zod-openapi";
import { CallSchema, dynamicVariablesValues } from "./calls";

export const StartWebCallBodySchema = z
  .strictObject({
    agent_id: z.uuid("Must be a UUID").openapi({ description: "An agent of your organization; its published version talks." }),
    dynamic_variables_values: dynamicVariablesValues
      .optional()
      .openapi({ description: "Initial variable values: strings, numbers, booleans or nested objects.", example: { customer_name: "Ada" } }),
    metadata: z.record(z.string(), z.unknown(), { message: "Must be a JSON object" }).optional().openapi({ example: { source: "website" } }),
  })
  .openapi("StartWebCallRequest");

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
    call: CallSchema,
  })
  .openapi("WebCallSession");

export const CallerTurnBodySchema = z
  .strictObject({
    text: z.string().trim().min(1, "Required").max(4000, "At most 4000 characters").openapi({ description: "What the caller said (typed or recognized speech)." }),
  })
  .openapi("CallerTurnRequest");
