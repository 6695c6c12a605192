import { z } from "@hono/zod-openapi";
import { AgentDocumentSchema, AgentVariableSchema } from "@/lib/agents/document-schema";
import { pageModeListQuery, uuidPathParam } from "./common";

export const AgentSchema = AgentDocumentSchema.extend({
  id: z.uuid(),
  version: z.number().int().meta({ description: "The version returned (the published one unless ?version= was given)." }),
  variables: z.array(AgentVariableSchema).meta({
    description: "Call-level variables (from_number, to_number, call_start_time, call_id), every state variable and every destination_variable, once each.",
  }),
  created_at: z.string().meta({ format: "date-time" }),
  updated_at: z.string().meta({ format: "date-time", description: "When this version was created." }),
}).meta({ id: "Agent", description: "The agent with every default filled in." });

/** An agent as /v1 returns it: the whole document with every default filled, plus its identity. */
export type Agent = z.infer<typeof AgentSchema>;

export const AgentVersionSchema = z
  .object({ version: z.number().int(), name: z.string(), is_published: z.boolean(), created_at: z.string().meta({ format: "date-time" }) })
  .meta({ id: "AgentVersion" });

export type AgentVersionSummary = z.infer<typeof AgentVersionSchema>;

export const AgentIdParamSchema = uuidPathParam("agent_id", "The agent's id");

export const GetAgentQuerySchema = z.object({
  version: z.coerce
    .number({ message: "Must be a positive integer" })
    .int("Must be a positive integer")
    .min(1, "Must be a positive integer")
    .optional()
    .openapi({ type: "integer", minimum: 1, description: "A version number; the latest published version when omitted." }),
});

export const ListAgentsQuerySchema = pageModeListQuery;
