import { z } from "@hono/zod-openapi";
import { callEndReasons, TranscriptEntrySchema, TurnLatencySchema, VariableValueSchema } from "./call-values";
import { dynamicVariablesValues } from "./calls";
import { cursorQuery, limitQuery, uuidPathParam } from "./common";
import { compileExpectationRegex } from "./expectation-regex";

// Agent tests: a scripted or simulated caller, the expectations checked on the agent's answers,
// and the runs that execute them. The wire shapes; lib/services/agent-tests and lib/agent-tests use them.

export const agentTestTypes = ["scripted", "simulated"] as const;
export type AgentTestType = (typeof agentTestTypes)[number];
export const agentTestModes = ["text", "voice"] as const;
export type AgentTestMode = (typeof agentTestModes)[number];
export const agentSaysMatches = ["contains", "regex", "exact", "judge"] as const;
export type AgentSaysMatch = (typeof agentSaysMatches)[number];
export const expectationTypes = ["agent_says", "tool_called", "tool_not_called", "state", "variable", "ended"] as const;
export type ExpectationType = (typeof expectationTypes)[number];
export const testRunStatuses = ["queued", "running", "passed", "failed", "error", "cancelled"] as const;
export type TestRunStatus = (typeof testRunStatuses)[number];
export const testResultStatuses = ["passed", "failed", "error"] as const;
export type TestResultStatus = (typeof testResultStatuses)[number];
/** The assertion type of a simulated test's success criterion (beside the expectation types). */
export const SUCCESS_CRITERION = "success_criterion";

export const agentTestLimits = {
  name: 200,
  turns: 50,
  expectationsPerTurn: 20,
  userText: 4000,
  value: 2000,
  toolMocks: 50,
  tags: 20,
  tag: 50,
  persona: 4000,
  goal: 4000,
  successCriteria: 20,
  criterion: 1000,
  maxTurns: 50,
  interruptAfterMs: 60_000,
} as const;

const name = (what: string) => z.string().trim().min(1, "Must not be empty").max(200, "Must be at most 200 characters").openapi({ description: what });

const AgentSaysExpectationSchema = z
  .strictObject({
    type: z.literal("agent_says"),
    match: z.enum(agentSaysMatches, { message: `Must be one of ${agentSaysMatches.join(", ")}` }).openapi({
      description:
        "contains / exact: case-insensitive (exact ignores surrounding and repeated whitespace); regex: a JavaScript regular expression, " +
        "its source (`book(ed|ing)`) or a literal with flags (`/booked/i`); judge: an LLM judge decides whether the answer does what `value` says.",
    }),
    value: z.string().min(1, "Must not be empty").max(agentTestLimits.value, `Must be at most ${agentTestLimits.value} characters`).openapi({
      description: "The text, pattern, or (judge) what a correct answer does.",
      example: "confirms the booking and repeats the date",
    }),
  })
  .superRefine((expectation, ctx) => {
    if (expectation.match !== "regex") return;
    const compiled = compileExpectationRegex(expectation.value);
    if (compiled.error) ctx.addIssue({ code: "custom", path: ["value"], message: `Not a valid JavaScript regular expression: ${compiled.error}` });
  })
  .openapi("AgentSaysExpectation", { description: "What the agent said in the turn (scripted turn: its answer; expect_end: anything it said)." });

const ToolCalledExpectationSchema = z
  .strictObject({
    type: z.literal("tool_called"),
    tool_name: z.string().min(1, "Must not be empty").openapi({ description: "A custom_function's name, or a built-in tool's type (hang_up, transfer_call, wait, leave_voicemail_message)." }),
    arguments: z.record(z.string(), z.unknown(), { message: "Must be a JSON object" }).optional().openapi({
      description: "Matched as a subset of the arguments the model passed (objects recursively; arrays and values exactly).",
    }),
  })
  .openapi("ToolCalledExpectation", { description: "The tool was called during the turn (expect_end: at any time)." });

const ToolNotCalledExpectationSchema = z
  .strictObject({ type: z.literal("tool_not_called"), tool_name: z.string().min(1, "Must not be empty") })
  .openapi("ToolNotCalledExpectation", { description: "The tool was not called during the turn (expect_end: never)." });

const StateExpectationSchema = z
  .strictObject({ type: z.literal("state"), state_name: z.string().min(1, "Must not be empty") })
  .openapi("StateExpectation", { description: "The conversation is in this state after the turn." });

const VariableExpectationSchema = z
  .strictObject({
    type: z.literal("variable"),
    name: z.string().min(1, "Must not be empty"),
    value: z.unknown().openapi({ description: "The recorded value equals this (in the variable's type: a number, a boolean, text …)." }),
  })
  .openapi("VariableExpectation", { description: "The variable's recorded value after the turn." });

const EndedExpectationSchema = z
  .strictObject({
    type: z.literal("ended"),
    end_reason: z.enum(callEndReasons, { message: `Must be one of ${callEndReasons.join(", ")}` }).optional(),
  })
  .openapi("EndedExpectation", { description: "The conversation has ended (with this end_reason when given: agent_hangup when the agent hung up)." });

export const ExpectationSchema = z
  .discriminatedUnion(
    "type",
    [AgentSaysExpectationSchema, ToolCalledExpectationSchema, ToolNotCalledExpectationSchema, StateExpectationSchema, VariableExpectationSchema, EndedExpectationSchema],
    { message: `Must be an expectation: type one of ${expectationTypes.join(", ")}` },
  )
  .openapi("Expectation");
export type Expectation = z.infer<typeof ExpectationSchema>;

const expectations = z.array(ExpectationSchema).max(agentTestLimits.expectationsPerTurn, `Must have at most ${agentTestLimits.expectationsPerTurn} items`);

export const ScriptedTurnSchema = z
  .strictObject({
    user: z.string().trim().min(1, "Must not be empty").max(agentTestLimits.userText, `Must be at most ${agentTestLimits.userText} characters`).openapi({
      description: "What the caller says after the agent's previous answer (the greeting, for the first turn).",
      example: "I'd like to book a table for two tomorrow at eight.",
    }),
    interrupt_after_ms: z.number().int("Must be a whole number").min(0, "Must be at least 0").max(agentTestLimits.interruptAfterMs, `Must be at most ${agentTestLimits.interruptAfterMs}`).optional().openapi({
      description: "Voice mode: the caller starts saying `user` this long after the agent starts its previous answer (a barge-in) instead of waiting for its end.",
    }),
    expect: expectations.optional().openapi({ description: "Checked once the agent has answered this turn." }),
  })
  .openapi("ScriptedTurn");
export type ScriptedTurn = z.infer<typeof ScriptedTurnSchema>;

export const ToolMockSchema = z
  .strictObject({
    tool_name: z.string().min(1, "Must not be empty").openapi({ description: "A custom_function of the agent: it makes no request while this test runs." }),
    status: z.number().int("Must be a whole number").min(100, "Must be an HTTP status").max(599, "Must be an HTTP status").default(200).openapi({ description: "The HTTP status the mock answers (default 200; 4xx and 5xx count as the tool failing)." }),
    response: z.unknown().openapi({ description: "The JSON body the mock answers; the tool's response_mapping reads it as it would a real one." }),
  })
  .openapi("ToolMock");
export type ToolMock = z.infer<typeof ToolMockSchema>;

const commonFields = {
  name: name("Unique among the agent's tests (the CLI matches tests by name)."),
  mode: z.enum(agentTestModes, { message: "Must be text or voice" }).default("text").openapi({
    description:
      "text: the caller's words go to the engine as text. voice: they are spoken by the server's text-to-speech into a real media session in real time, " +
      "and what the agent says is transcribed back from its audio (needs the agent's transcriber and voice configured on the server).",
  }),
  dynamic_variables_values: dynamicVariablesValues.default({}).openapi({ description: "Initial variable values, as for a call.", example: { customer_name: "Ada" } }),
  tool_mocks: z
    .array(ToolMockSchema)
    .max(agentTestLimits.toolMocks, `Must have at most ${agentTestLimits.toolMocks} items`)
    .default([])
    .superRefine((mocks, ctx) => {
      const seen = new Set<string>();
      mocks.forEach((mock, index) => {
        if (seen.has(mock.tool_name)) ctx.addIssue({ code: "custom", path: [index, "tool_name"], message: `${mock.tool_name} is mocked twice` });
        seen.add(mock.tool_name);
      });
    })
    .openapi({ description: "Tools answered without a request; tools not mocked run for real (and follow the same outbound rules as in calls)." }),
  tags: z
    .array(z.string().trim().min(1, "Must not be empty").max(agentTestLimits.tag, `Must be at most ${agentTestLimits.tag} characters`))
    .max(agentTestLimits.tags, `Must have at most ${agentTestLimits.tags} items`)
    .default([])
    .transform((tags) => [...new Set(tags)])
    .openapi({ description: "For choosing tests to run (`tags` of a run, `--tags` of the CLI).", example: ["booking", "smoke"] }),
  expect_end: expectations.optional().openapi({ description: "Checked once the conversation is over." }),
};

const scriptedFields = {
  type: z.literal("scripted"),
  turns: z
    .array(ScriptedTurnSchema)
    .min(1, "Must have at least 1 item")
    .max(agentTestLimits.turns, `Must have at most ${agentTestLimits.turns} items`)
    .openapi({ description: "The caller's turns, in order." }),
};

const simulatedFields = {
  type: z.literal("simulated"),
  persona: z.string().trim().min(1, "Must not be empty").max(agentTestLimits.persona, `Must be at most ${agentTestLimits.persona} characters`).openapi({
    description: "Who the simulated caller is and how they talk.",
    example: "Maria, 70, polite but hard of hearing; answers in short sentences.",
  }),
  goal: z.string().trim().min(1, "Must not be empty").max(agentTestLimits.goal, `Must be at most ${agentTestLimits.goal} characters`).openapi({
    description: "What the caller wants from the call.",
    example: "Book a table for two next Friday at 7 pm.",
  }),
  success_criteria: z
    .array(z.string().trim().min(1, "Must not be empty").max(agentTestLimits.criterion, `Must be at most ${agentTestLimits.criterion} characters`))
    .min(1, "Must have at least 1 item")
    .max(agentTestLimits.successCriteria, `Must have at most ${agentTestLimits.successCriteria} items`)
    .openapi({ description: "Each judged by an LLM over the whole conversation.", example: ["The agent confirms the date and time", "The agent does not ask for a credit card"] }),
  max_turns: z
    .number()
    .int("Must be a whole number")
    .min(1, "Must be at least 1")
    .max(agentTestLimits.maxTurns, `Must be at most ${agentTestLimits.maxTurns}`)
    .default(12)
    .openapi({ description: "The simulated caller speaks at most this many times (default 12)." }),
};

const ScriptedTestBodySchema = z.strictObject({ ...commonFields, ...scriptedFields }).openapi("ScriptedAgentTestRequest");
const SimulatedTestBodySchema = z.strictObject({ ...commonFields, ...simulatedFields }).openapi("SimulatedAgentTestRequest");

export const CreateAgentTestSchema = z
  .discriminatedUnion("type", [ScriptedTestBodySchema, SimulatedTestBodySchema], { message: "Must be scripted or simulated" })
  .openapi("CreateAgentTestRequest");
/** A test as sent (input) and as validated (defaults filled). */
export type CreateAgentTestInput = z.input<typeof CreateAgentTestSchema>;
export type AgentTestDefinition = z.infer<typeof CreateAgentTestSchema>;
export type ScriptedTestDefinition = Extract<AgentTestDefinition, { type: "scripted" }>;
export type SimulatedTestDefinition = Extract<AgentTestDefinition, { type: "simulated" }>;

/** PATCH: any field of either type; the test after the change must be whole (a scripted test keeps turns, a simulated one persona, goal and criteria). */
export const UpdateAgentTestSchema = z
  .strictObject({
    name: commonFields.name.optional(),
    type: z.enum(agentTestTypes, { message: "Must be scripted or simulated" }).optional(),
    mode: z.enum(agentTestModes, { message: "Must be text or voice" }).optional(),
    dynamic_variables_values: dynamicVariablesValues.optional(),
    tool_mocks: commonFields.tool_mocks.unwrap().optional(),
    tags: z.array(z.string().trim().min(1, "Must not be empty").max(agentTestLimits.tag)).max(agentTestLimits.tags).optional(),
    expect_end: expectations.nullable().optional(),
    turns: scriptedFields.turns.optional(),
    persona: simulatedFields.persona.optional(),
    goal: simulatedFields.goal.optional(),
    success_criteria: simulatedFields.success_criteria.optional(),
    max_turns: simulatedFields.max_turns.unwrap().optional(),
  })
  .openapi("UpdateAgentTestRequest", { description: "Partial: omitted fields keep their values; lists (turns, tags, tool_mocks, …) are replaced whole. `expect_end: null` removes it." });
export type UpdateAgentTestInput = z.infer<typeof UpdateAgentTestSchema>;

const dateTime = (description?: string) => z.string().openapi({ format: "date-time", description });

export const AgentTestLastResultSchema = z
  .object({
    run_id: z.uuid(),
    status: z.enum(testResultStatuses).openapi({ description: "passed when every repetition passed; error when one broke; else failed." }),
    pass_rate: z.number().openapi({ description: "Passed repetitions over all of them in that run, 0 to 1." }),
    agent_version: z.number().int(),
    finished_at: dateTime().nullable(),
  })
  .openapi("AgentTestLastResult");
export type AgentTestLastResult = z.infer<typeof AgentTestLastResultSchema>;

const responseFields = {
  id: z.uuid(),
  agent_id: z.uuid(),
  created_at: dateTime(),
  updated_at: dateTime(),
  last_result: AgentTestLastResultSchema.nullable().openapi({ description: "Extension: this test in the newest run that finished it; null when it never ran." }),
};
const responseCommon = {
  name: z.string(),
  mode: z.enum(agentTestModes),
  dynamic_variables_values: z.record(z.string(), z.unknown()),
  tool_mocks: z.array(z.object({ tool_name: z.string(), status: z.number().int(), response: z.unknown() })),
  tags: z.array(z.string()),
  expect_end: z.array(ExpectationSchema).optional(),
};

export const ScriptedAgentTestSchema = z
  .object({ ...responseFields, ...responseCommon, type: z.literal("scripted"), turns: z.array(ScriptedTurnSchema) })
  .openapi("ScriptedAgentTest");
export const SimulatedAgentTestSchema = z
  .object({
    ...responseFields,
    ...responseCommon,
    type: z.literal("simulated"),
    persona: z.string(),
    goal: z.string(),
    success_criteria: z.array(z.string()),
    max_turns: z.number().int(),
  })
  .openapi("SimulatedAgentTest");
export const AgentTestSchema = z.discriminatedUnion("type", [ScriptedAgentTestSchema, SimulatedAgentTestSchema]).openapi("AgentTest");
export type AgentTest = z.infer<typeof AgentTestSchema>;

export const AgentTestPathSchema = z.object({
  ...uuidPathParam("agent_id", "The agent's id").shape,
  ...uuidPathParam("test_id", "The test's id").shape,
});

export const ListAgentTestsQuerySchema = z.object({
  limit: limitQuery,
  cursor: cursorQuery,
  tag: z.string().min(1).optional().openapi({ description: "Only tests with this tag." }),
});
export type ListAgentTestsQuery = z.infer<typeof ListAgentTestsQuerySchema>;

// ── runs ─────────────────────────────────────────────────────────────────────

export const CreateTestRunSchema = z
  .strictObject({
    test_ids: z.array(z.uuid("Must be a UUID")).max(500, "Must have at most 500 items").optional().openapi({ description: "Tests of this agent to run." }),
    tags: z.array(z.string().trim().min(1, "Must not be empty")).max(agentTestLimits.tags, `Must have at most ${agentTestLimits.tags} items`).optional().openapi({
      description: "Also run every test with any of these tags. Without test_ids and tags, every test of the agent runs.",
    }),
    version: z.number().int("Must be a whole number").min(1, "Must be a positive integer").optional().openapi({ description: "The agent version to test (default: the published one)." }),
    repeat: z.number().int("Must be a whole number").min(1, "Must be at least 1").max(10, "Must be at most 10").default(1).openapi({ description: "Runs of each test (1–10): the pass rate is over them." }),
    concurrency: z.number().int("Must be a whole number").min(1, "Must be at least 1").max(20, "Must be at most 20").default(4).openapi({ description: "Test conversations at once (1–20)." }),
  })
  .openapi("CreateTestRunRequest");
export type CreateTestRunInput = z.infer<typeof CreateTestRunSchema>;

export const AssertionSchema = z
  .object({
    turn: z.number().int().nullable().openapi({ description: "The scripted turn's index (turns[i]); null for expect_end and success criteria." }),
    type: z.string().openapi({ description: `An expectation type (${expectationTypes.join(", ")}) or ${SUCCESS_CRITERION}.` }),
    match: z.enum(agentSaysMatches).optional().openapi({ description: "agent_says: how it was matched." }),
    passed: z.boolean(),
    expected: z.unknown().openapi({ description: "What was expected (the text, pattern, criterion, tool and arguments, state, value, end reason)." }),
    actual: z.unknown().openapi({ description: "What happened (what the agent said, the tool calls, the state, the value, the end reason, the judge's verdict)." }),
    reason: z.string().openapi({ description: "Why it passed or failed, in words." }),
  })
  .openapi("TestAssertion");
export type Assertion = z.infer<typeof AssertionSchema>;

export const ToolCallRecordSchema = z
  .object({
    tool_name: z.string(),
    arguments: z.record(z.string(), z.unknown()),
    mocked: z.boolean(),
    result: z.unknown().openapi({ description: "custom_function: `{status, error, body}` of the (mocked) response; built-in tools: null." }),
  })
  .openapi("TestToolCall");
export type ToolCallRecord = z.infer<typeof ToolCallRecordSchema>;

export const TestResultSchema = z
  .object({
    id: z.uuid(),
    test_id: z.uuid(),
    test_name: z.string(),
    type: z.enum(agentTestTypes),
    mode: z.enum(agentTestModes),
    repetition: z.number().int().openapi({ description: "1 to the run's repeat." }),
    status: z.enum(testResultStatuses),
    duration_ms: z.number().int(),
    assertions: z.array(AssertionSchema),
    transcript: z.array(TranscriptEntrySchema),
    states_visited: z.array(z.string()).openapi({ description: "Every state the conversation was in, in order, from the initial one." }),
    tool_calls: z.array(ToolCallRecordSchema),
    variable_values: z.array(VariableValueSchema),
    end_reason: z.enum(callEndReasons).nullable(),
    error: z.string().nullable().openapi({ description: "When status is error: what broke (e.g. the LLM answered 500)." }),
    turn_latency: z.array(TurnLatencySchema).nullable().openapi({ description: "Voice mode: per caller turn, as on a call." }),
    pass_rate: z.number().openapi({ description: "This test's pass rate over its repetitions in the run so far, 0 to 1." }),
    started_at: dateTime().nullable(),
    finished_at: dateTime().nullable(),
    created_at: dateTime(),
    updated_at: dateTime(),
  })
  .openapi("TestResult");
export type TestResult = z.infer<typeof TestResultSchema>;

export const TestRunTestSchema = z
  .object({
    test_id: z.uuid(),
    test_name: z.string(),
    repetitions: z.number().int(),
    finished: z.number().int(),
    passed: z.number().int(),
    failed: z.number().int(),
    errored: z.number().int(),
    pass_rate: z.number().openapi({ description: "passed / finished (0 to 1); 0 before any finished." }),
  })
  .openapi("TestRunTest");
export type TestRunTest = z.infer<typeof TestRunTestSchema>;

export const TestRunSummarySchema = z
  .object({
    total: z.number().int().openapi({ description: "Test conversations in the run (tests × repeat)." }),
    passed: z.number().int(),
    failed: z.number().int(),
    errored: z.number().int(),
  })
  .openapi("TestRunSummary");

const runFields = {
  id: z.uuid(),
  agent_id: z.uuid(),
  agent_version: z.number().int(),
  status: z.enum(testRunStatuses).openapi({
    description:
      "queued → running → passed (every result passed), failed (one failed), error (one broke, or the run itself could not go on) or cancelled.",
  }),
  test_ids: z.array(z.uuid()).openapi({ description: "The tests of the run." }),
  tags: z.array(z.string()),
  repeat: z.number().int(),
  concurrency: z.number().int(),
  summary: TestRunSummarySchema,
  pass_rate: z.number().openapi({ description: "Passed results over finished ones, 0 to 1." }),
  tests: z.array(TestRunTestSchema).openapi({ description: "Per test: its pass rate over its repetitions." }),
  error: z.string().nullable().openapi({ description: "When the run itself broke (status error)." }),
  started_at: dateTime().nullable(),
  finished_at: dateTime().nullable(),
  created_at: dateTime(),
  updated_at: dateTime(),
};

export const TestRunSummaryItemSchema = z.object(runFields).openapi("TestRunSummaryItem");
export const TestRunSchema = z
  .object({ ...runFields, results: z.array(TestResultSchema).openapi({ description: "One per test and repetition, as each finishes." }) })
  .openapi("TestRun");
export type TestRun = z.infer<typeof TestRunSchema>;
export type TestRunListItem = z.infer<typeof TestRunSummaryItemSchema>;

export const TestRunIdParamSchema = uuidPathParam("run_id", "The run's id");
export const ListTestRunsQuerySchema = z.object({
  limit: limitQuery,
  cursor: cursorQuery,
  version: z.coerce.number({ message: "Must be a positive integer" }).int("Must be a positive integer").min(1, "Must be a positive integer").optional().openapi({
    type: "integer",
    description: "Only runs of this agent version.",
  }),
});
export type ListTestRunsQuery = z.infer<typeof ListTestRunsQuerySchema>;
