import { createRoute, z } from "@hono/zod-openapi";
import { speechConfigurationProblems } from "@/lib/media/speech-providers";
import {
  AgentTestPathSchema,
  AgentTestSchema,
  CreateAgentTestSchema,
  ListAgentTestsQuerySchema,
  UpdateAgentTestSchema,
} from "@/lib/schemas/agent-tests";
import { AgentIdParamSchema } from "@/lib/schemas/agents";
import type { TestRuleOptions } from "@/lib/services/agent-tests/agent-test-rules";
import { createAgentTest, deleteAgentTest, getAgentTest, listAgentTests, updateAgentTest } from "@/lib/services/agent-tests/agent-tests";
import { serviceContext, type ApiDependencies } from "../context";
import { conflictResponse, envelope, jsonContent, listEnvelope, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";

const tags = ["Agent tests"];
const TestEnvelope = envelope(AgentTestSchema, "AgentTestResponse");

export const AGENT_TESTS_DESCRIPTION =
  "A test is a scripted caller (`turns`, each with `expect`ations checked on the agent's answer, and `expect_end` checked at the end) or a " +
  "simulated one (an LLM playing `persona` towards `goal`, each of `success_criteria` judged by an LLM). Expectations: `agent_says` " +
  "(match contains, exact, regex, or judge), `tool_called` (arguments matched as a subset), `tool_not_called`, `state` (after the turn), " +
  "`variable` (its recorded value), `ended` (optionally with end_reason). `tool_mocks` answer custom functions without a request. " +
  "Validated against the agent's published version: tool, state and variable names it does not have, a regex that does not compile, " +
  "judge expectations and simulated tests when no LLM can be reached (the message names the environment variables: the provider's, " +
  "TEST_SIMULATOR_MODEL, TEST_JUDGE_MODEL), and voice tests without the agent's transcriber and voice configured are 400 naming the path.";

/** What validation of a test needs from the process: the LLM and speech environment. */
export function testRuleOptions(deps: ApiDependencies): TestRuleOptions {
  const env = deps.runtime?.env ?? process.env;
  return { env, speechProblems: (agent) => speechConfigurationProblems(agent, env).map(({ field, message }) => ({ field, message })) };
}

const createRouteDef = extension(
  createRoute({
    method: "post",
    path: "/agents/{agent_id}/tests",
    operationId: "createAgentTest",
    tags,
    summary: "Create an agent test",
    description: AGENT_TESTS_DESCRIPTION + " A name used by another test of the agent is 409.",
    request: { params: AgentIdParamSchema, body: { required: true, content: { "application/json": { schema: CreateAgentTestSchema } } } },
    responses: { 201: jsonContent(TestEnvelope, "The created test"), ...standardErrorResponses, ...conflictResponse },
  }),
);

const listRouteDef = extension(
  createRoute({
    method: "get",
    path: "/agents/{agent_id}/tests",
    operationId: "listAgentTests",
    tags,
    summary: "List an agent's tests",
    description: "Newest first, in cursor pages (pass `next_cursor` back as `cursor`); `tag` keeps the tests with that tag. Each has its `last_result`.",
    request: { params: AgentIdParamSchema, query: ListAgentTestsQuerySchema },
    responses: { 200: jsonContent(listEnvelope(AgentTestSchema, "AgentTestListResponse"), "The agent's tests"), ...standardErrorResponses },
  }),
);

const getRouteDef = extension(
  createRoute({
    method: "get",
    path: "/agents/{agent_id}/tests/{test_id}",
    operationId: "getAgentTest",
    tags,
    summary: "Get an agent test",
    request: { params: AgentTestPathSchema },
    responses: { 200: jsonContent(TestEnvelope, "The test"), ...standardErrorResponses },
  }),
);

const updateRouteDef = extension(
  createRoute({
    method: "patch",
    path: "/agents/{agent_id}/tests/{test_id}",
    operationId: "updateAgentTest",
    tags,
    summary: "Update an agent test",
    description:
      "Partial: omitted fields keep their values; lists are replaced whole; `expect_end: null` removes it. Changing `type` drops the old type's " +
      "fields and needs the new type's. The whole test is validated again, as on creation.",
    request: { params: AgentTestPathSchema, body: { required: true, content: { "application/json": { schema: UpdateAgentTestSchema } } } },
    responses: { 200: jsonContent(TestEnvelope, "The updated test"), ...standardErrorResponses, ...conflictResponse },
  }),
);

const deleteRouteDef = extension(
  createRoute({
    method: "delete",
    path: "/agents/{agent_id}/tests/{test_id}",
    operationId: "deleteAgentTest",
    tags,
    summary: "Delete an agent test",
    description: "Runs that had the test keep its results.",
    request: { params: AgentTestPathSchema },
    responses: { 200: jsonContent(envelope(z.null(), "DeleteAgentTestResponse"), "Deleted (data is null)"), ...standardErrorResponses },
  }),
);

export function agentTestRoutes() {
  const router = createRouter();

  router.openapi(createRouteDef, async (c) => {
    const test = await createAgentTest(serviceContext(c), c.req.valid("param").agent_id, c.req.valid("json"), testRuleOptions(c.get("deps")), c.get("deps").now?.());
    return ok(c, test, { message: "Test created", status: 201 });
  });

  router.openapi(listRouteDef, async (c) => {
    const { items, ...paging } = await listAgentTests(serviceContext(c), c.req.valid("param").agent_id, c.req.valid("query"));
    return ok(c, items, { message: "Tests retrieved", extra: paging });
  });

  router.openapi(getRouteDef, async (c) => {
    const { agent_id, test_id } = c.req.valid("param");
    return ok(c, await getAgentTest(serviceContext(c), agent_id, test_id), { message: "Test retrieved" });
  });

  router.openapi(updateRouteDef, async (c) => {
    const { agent_id, test_id } = c.req.valid("param");
    const test = await updateAgentTest(serviceContext(c), agent_id, test_id, c.req.valid("json"), testRuleOptions(c.get("deps")), c.get("deps").now?.());
    return ok(c, test, { message: "Test updated" });
  });

  router.openapi(deleteRouteDef, async (c) => {
    const { agent_id, test_id } = c.req.valid("param");
    await deleteAgentTest(serviceContext(c), agent_id, test_id);
    return ok(c, null, { message: "Test deleted" });
  });

  return router;
}
