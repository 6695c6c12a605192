import type { VoiceAgentClient } from "../../clients/typescript/index.js";
import { call, describeRefusal, UsageError, type AgentTest, type TestInput } from "./api";

export type SyncOutcome = { created: string[]; updated: string[]; unchanged: string[]; deleted: string[]; ids: Map<string, string> };

/** Every test of the agent, through every cursor page. */
export async function listAgentTests(client: VoiceAgentClient, agentId: string): Promise<AgentTest[]> {
  const tests: AgentTest[] = [];
  let cursor: string | undefined;
  do {
    const page = await call("list the agent's tests", () => client.GET("/v1/agents/{agent_id}/tests", { params: { path: { agent_id: agentId }, query: { limit: 1000, cursor } } }));
    if (!page.data) throw new UsageError(`Cannot list the agent's tests: ${describeRefusal(page.status, page.error)}`);
    tests.push(...page.data.data);
    cursor = page.data.next_cursor ?? undefined;
  } while (cursor);
  return tests;
}

const COMMON_DEFAULTS = { mode: "text", dynamic_variables_values: {}, tool_mocks: [], tags: [], expect_end: null };
const TYPE_FIELDS = { scripted: ["turns"], simulated: ["persona", "goal", "success_criteria", "max_turns"] } as const;

/** The file's test as a whole PATCH body: whatever it leaves out goes back to its default, so the stored test equals the file. */
function wholeTest(test: TestInput): Record<string, unknown> {
  const defaults = test.type === "simulated" ? { ...COMMON_DEFAULTS, max_turns: 12 } : COMMON_DEFAULTS;
  return { ...defaults, ...test };
}

/** The fields a file sets, from a stored test (for the comparison), with the stored defaults filled. */
function storedShape(stored: AgentTest): Record<string, unknown> {
  const fields = ["name", "type", "mode", "dynamic_variables_values", "tool_mocks", "tags", "expect_end", ...TYPE_FIELDS[stored.type]];
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = (stored as Record<string, unknown>)[field] ?? null;
  return out;
}

/** JSON with keys sorted, so two tests compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The file's test as it would be stored (defaults of the nested shapes filled, as the API fills them). */
function fileShape(test: TestInput): Record<string, unknown> {
  const whole = wholeTest(test);
  const mocks = (whole.tool_mocks as { tool_name: string; status?: number; response: unknown }[]).map((mock) => ({ status: 200, ...mock }));
  const tags = [...new Set((whole.tags as string[]).map((tag) => tag.trim()))];
  const fields = ["name", "type", "mode", "dynamic_variables_values", "tool_mocks", "tags", "expect_end", ...TYPE_FIELDS[test.type]];
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = field === "tool_mocks" ? mocks : field === "tags" ? tags : (whole[field] ?? null);
  return out;
}

/**
 * Makes the agent's tests equal to the file's, matched by name: new ones created, changed ones
 * updated, the rest left alone unless `prune` (then deleted). A test the API refuses stops the sync
 * with its problems (a usage error: the file is wrong).
 */
export async function syncTests(client: VoiceAgentClient, agentId: string, tests: TestInput[], prune: boolean): Promise<SyncOutcome> {
  const stored = new Map((await listAgentTests(client, agentId)).map((test) => [test.name, test]));
  const outcome: SyncOutcome = { created: [], updated: [], unchanged: [], deleted: [], ids: new Map() };
  for (const test of tests) {
    const name = test.name.trim();
    const existing = stored.get(name);
    if (!existing) {
      const created = await call(`create the test "${name}"`, () => client.POST("/v1/agents/{agent_id}/tests", { params: { path: { agent_id: agentId } }, body: test }));
      if (!created.data) throw new UsageError(`The service refused the test "${name}": ${describeRefusal(created.status, created.error)}`);
      outcome.created.push(name);
      outcome.ids.set(name, created.data.data.id);
      continue;
    }
    outcome.ids.set(name, existing.id);
    if (canonical(fileShape(test)) === canonical(storedShape(existing))) {
      outcome.unchanged.push(name);
      continue;
    }
    const updated = await call(`update the test "${name}"`, () =>
      client.PATCH("/v1/agents/{agent_id}/tests/{test_id}", { params: { path: { agent_id: agentId, test_id: existing.id } }, body: wholeTest(test) as never }),
    );
    if (!updated.data) throw new UsageError(`The service refused the test "${name}": ${describeRefusal(updated.status, updated.error)}`);
    outcome.updated.push(name);
  }
  if (prune) {
    const kept = new Set(tests.map((test) => test.name.trim()));
    for (const [name, test] of stored) {
      if (kept.has(name)) continue;
      const deleted = await call(`delete the test "${name}"`, () => client.DELETE("/v1/agents/{agent_id}/tests/{test_id}", { params: { path: { agent_id: agentId, test_id: test.id } } }));
      if (deleted.status >= 300 && deleted.status !== 404) throw new UsageError(`Cannot delete the test "${name}": ${describeRefusal(deleted.status, deleted.error)}`);
      outcome.deleted.push(name);
    }
  }
  return outcome;
}
