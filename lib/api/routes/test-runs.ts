import { createRoute } from "@hono/zod-openapi";
import { CreateTestRunSchema, ListTestRunsQuerySchema, TestRunIdParamSchema, TestRunSchema, TestRunSummaryItemSchema } from "@/lib/schemas/agent-tests";
import { AgentIdParamSchema } from "@/lib/schemas/agents";
import { cancelTestRun, createTestRun, getTestRun, listTestRuns } from "@/lib/services/agent-tests/test-runs";
import { serviceContext } from "../context";
import { conflictResponse, envelope, jsonContent, listEnvelope, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";
import { testRuleOptions } from "./agent-tests";

const tags = ["Agent tests"];
const RunEnvelope = envelope(TestRunSchema, "TestRunResponse");

const RUNS =
  "A run executes as a background job on any instance (a run whose instance dies is taken over by another, or ends `error`, within 2 minutes). " +
  "Tests talk to the agent's own LLM provider; simulated callers and judges use TEST_SIMULATOR_MODEL / TEST_JUDGE_MODEL (default the agent's " +
  "model) through the same provider, answering structured output at temperature 0. Test conversations are not calls: they never appear in " +
  "/v1/calls, analytics or costs and send no webhooks, but tools that are not mocked do make their requests (with the same outbound rules as calls).";

const createRunRoute = extension(
  createRoute({
    method: "post",
    path: "/agents/{agent_id}/test-runs",
    operationId: "createTestRun",
    tags,
    summary: "Run an agent's tests",
    description:
      "Queues a run (status `queued`) of the tests in `test_ids` and those with any of `tags` (every test of the agent when neither is given) " +
      "against `version` (default the published one), each `repeat` times, `concurrency` conversations at once. 400 when a test does not suit " +
      "that version or a model it needs cannot be reached (the message names the environment variables). " +
      RUNS,
    request: { params: AgentIdParamSchema, body: { required: true, content: { "application/json": { schema: CreateTestRunSchema } } } },
    responses: { 201: jsonContent(RunEnvelope, "The queued run"), ...standardErrorResponses },
  }),
);

const listRunsRoute = extension(
  createRoute({
    method: "get",
    path: "/agents/{agent_id}/test-runs",
    operationId: "listTestRuns",
    tags,
    summary: "List an agent's test runs",
    description: "Newest first, in cursor pages, without their results (get a run for them); `version` keeps the runs of one agent version.",
    request: { params: AgentIdParamSchema, query: ListTestRunsQuerySchema },
    responses: { 200: jsonContent(listEnvelope(TestRunSummaryItemSchema, "TestRunListResponse"), "The agent's runs"), ...standardErrorResponses },
  }),
);

const getRunRoute = extension(
  createRoute({
    method: "get",
    path: "/test-runs/{run_id}",
    operationId: "getTestRun",
    tags,
    summary: "Get a test run",
    description: "Its status, summary, per-test pass rates and every finished result (assertions with expected and actual, transcript, states, tool calls, variables). Poll it for progress.",
    request: { params: TestRunIdParamSchema },
    responses: { 200: jsonContent(RunEnvelope, "The run"), ...standardErrorResponses },
  }),
);

const cancelRunRoute = extension(
  createRoute({
    method: "post",
    path: "/test-runs/{run_id}/cancel",
    operationId: "cancelTestRun",
    tags,
    summary: "Cancel a test run",
    description: "A queued or running run is `cancelled` at once; conversations in flight stop before their next turn and are not stored. A cancelled run answers the same; a finished one is 409.",
    request: { params: TestRunIdParamSchema },
    responses: { 200: jsonContent(RunEnvelope, "The cancelled run"), ...standardErrorResponses, ...conflictResponse },
  }),
);

export function testRunRoutes() {
  const router = createRouter();

  router.openapi(createRunRoute, async (c) => {
    const deps = c.get("deps");
    const run = await createTestRun(serviceContext(c), deps.queue, c.req.valid("param").agent_id, c.req.valid("json"), testRuleOptions(deps), deps.now?.());
    return ok(c, run, { message: "Test run queued", status: 201 });
  });

  router.openapi(listRunsRoute, async (c) => {
    const { items, ...paging } = await listTestRuns(serviceContext(c), c.req.valid("param").agent_id, c.req.valid("query"));
    return ok(c, items, { message: "Test runs retrieved", extra: paging });
  });

  router.openapi(getRunRoute, async (c) => {
    return ok(c, await getTestRun(serviceContext(c), c.req.valid("param").run_id), { message: "Test run retrieved" });
  });

  router.openapi(cancelRunRoute, async (c) => {
    const run = await cancelTestRun(serviceContext(c), c.req.valid("param").run_id, c.get("deps").now?.());
    return ok(c, run, { message: run.status === "cancelled" ? "Test run cancelled" : "Test run" });
  });

  return router;
}
