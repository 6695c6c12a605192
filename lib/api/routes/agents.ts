import { createRoute, z } from "@hono/zod-openapi";
import { CreateAgentSchema, UpdateAgentSchema } from "@/lib/agents/document-schema";
import { createAgent, deleteAgent, getAgent, listAgents, listAgentVersions, updateAgent } from "@/lib/services/agents";
import { serviceContext } from "../context";
import { envelope, jsonContent, listEnvelope, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { rawGraphProblems } from "@/lib/agents/graph-rules";
import { serverSpeechDefaults } from "@/lib/agents/speech-provider-keys";
import { createRouter, refuseInvalid } from "../router";
import { AgentIdParamSchema, AgentSchema, AgentVersionSchema, GetAgentQuerySchema, ListAgentsQuerySchema } from "@/lib/schemas/agents";

const tags = ["Agents"];
const AgentEnvelope = envelope(AgentSchema, "AgentResponse");
const VALIDATION =
  "Besides the field rules, the graph is checked and every problem is listed in `error.details` at its path: state names unique; " +
  "initial_state_name and every destination_state_name name a state; every {{name}} in a state prompt names a tool of that state " +
  "(a custom_function's name or a built-in tool's type) or a variable; custom_function names unique per state; response_mapping " +
  "JSONPath expressions valid (RFC 9535); tool and webhook URLs http(s); knowledge_base_ids of your organization.";

const createAgentRoute = createRoute({
  method: "post",
  path: "/agents",
  operationId: "createAgent",
  tags,
  summary: "Create an agent",
  description: `Required: name, states (at least one), initial_state_name; everything else has a documented default. A new agent's voice.provider and transcriber.provider follow this server: the first provider it has keys for (voices: openai, deepgram, elevenlabs, cartesia, azure; transcribers: openai, deepgram, azure), else browser. Creates version 1, published. ${VALIDATION}`,
  request: { body: { required: true, content: { "application/json": { schema: CreateAgentSchema } } } },
  responses: { 200: jsonContent(AgentEnvelope, "The created agent"), ...standardErrorResponses },
});

const getAgentRoute = createRoute({
  method: "get",
  path: "/agents/{agent_id}",
  operationId: "getAgent",
  tags,
  summary: "Get an agent",
  description: "The latest published version, or `?version=n`. An unknown version is 404.",
  request: { params: AgentIdParamSchema, query: GetAgentQuerySchema },
  responses: { 200: jsonContent(AgentEnvelope, "The agent"), ...standardErrorResponses },
});

const updateAgentRoute = createRoute({
  method: "patch",
  path: "/agents/{agent_id}",
  operationId: "updateAgent",
  tags,
  summary: "Update an agent",
  description:
    "Partial: omitted fields keep their values; voice, llm and transcriber merge field by field; states replace the whole graph. " +
    `Every accepted update creates the next version and publishes it. An agent as GET returns it can be sent back unchanged: ` +
    `read-only fields (id, version, variables, created_at, updated_at) are ignored, and interruptions_sensitivity is accepted only ` +
    `at its current value (another is 400 naming it). ${VALIDATION}`,
  request: { params: AgentIdParamSchema, body: { required: true, content: { "application/json": { schema: UpdateAgentSchema } } } },
  responses: { 200: jsonContent(AgentEnvelope, "The new version"), ...standardErrorResponses },
});

const deleteAgentRoute = createRoute({
  method: "delete",
  path: "/agents/{agent_id}",
  operationId: "deleteAgent",
  tags,
  summary: "Delete an agent",
  description: "Permanent: the agent, its versions and its post-call questions are deleted. Calls keep their agent_id; numbers lose it as inbound agent.",
  request: { params: AgentIdParamSchema },
  responses: { 200: jsonContent(envelope(z.null(), "DeleteAgentResponse"), "Deleted (data is null)"), ...standardErrorResponses },
});

const listAgentsRoute = extension(
  createRoute({
    method: "get",
    path: "/agents",
    operationId: "listAgents",
    tags,
    summary: "List agents",
    description: "Newest first, each at its published version. Paged like phone numbers: page mode by default, cursor mode with use_cursor=true.",
    request: { query: ListAgentsQuerySchema },
    responses: { 200: jsonContent(listEnvelope(AgentSchema, "AgentListResponse"), "Agents of your organization"), ...standardErrorResponses },
  }),
);

const listVersionsRoute = extension(
  createRoute({
    method: "get",
    path: "/agents/{agent_id}/versions",
    operationId: "listAgentVersions",
    tags,
    summary: "List an agent's versions",
    description: "Newest first; read any one with GET /v1/agents/{agent_id}?version=n.",
    request: { params: AgentIdParamSchema },
    responses: { 200: jsonContent(envelope(z.array(AgentVersionSchema), "AgentVersionsResponse"), "The versions"), ...standardErrorResponses },
  }),
);

/** A body that fails its schema is also checked for graph problems, so every problem comes in one answer. */
const withGraphProblems = <T,>(result: Parameters<typeof refuseInvalid>[0] & { data?: T }): undefined => {
  refuseInvalid(result, (target) => (target === "json" ? rawGraphProblems(result.data) : []));
  return undefined;
};

export function agentRoutes() {
  const router = createRouter();

  router.openapi(
    createAgentRoute,
    async (c) => {
      const env = c.get("deps").runtime?.env ?? process.env;
      const agent = await createAgent(serviceContext(c), c.req.valid("json"), new Date(), serverSpeechDefaults(env));
      return ok(c, agent, { message: "Agent created successfully" });
    },
    withGraphProblems,
  );

  router.openapi(listAgentsRoute, async (c) => {
    const q = c.req.valid("query");
    const { items, ...paging } = await listAgents(serviceContext(c), { page: q.page, limit: q.limit, useCursor: q.use_cursor, cursor: q.cursor });
    return ok(c, items, { message: "Agents retrieved successfully", extra: paging });
  });

  router.openapi(getAgentRoute, async (c) => {
    const agent = await getAgent(serviceContext(c), c.req.valid("param").agent_id, c.req.valid("query").version);
    return ok(c, agent, { message: "Agent retrieved successfully" });
  });

  router.openapi(
    updateAgentRoute,
    async (c) => {
      const agent = await updateAgent(serviceContext(c), c.req.valid("param").agent_id, c.req.valid("json"));
      return ok(c, agent, { message: `Agent updated: version ${agent.version} published` });
    },
    withGraphProblems,
  );

  router.openapi(deleteAgentRoute, async (c) => {
    await deleteAgent(serviceContext(c), c.req.valid("param").agent_id);
    return ok(c, null, { message: "Agent deleted successfully" });
  });

  router.openapi(listVersionsRoute, async (c) => {
    const versions = await listAgentVersions(serviceContext(c), c.req.valid("param").agent_id);
    return ok(c, versions, { message: "Agent versions retrieved successfully" });
  });

  return router;
}
