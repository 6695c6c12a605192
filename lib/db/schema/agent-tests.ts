import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Assertion, ToolCallRecord } from "@/lib/schemas/agent-tests";
import type { TranscriptEntry, TurnLatency, VariableValue } from "@/lib/schemas/call-values";
import { organizations } from "./accounts";
import { agents } from "./agents";
import { createdAt, id, timestampMs, updatedAt } from "./columns";

export const testRunStatusValues = ["queued", "running", "passed", "failed", "error", "cancelled"] as const;
/** A result row is pending until a runner takes it, running while its conversation goes on. */
export const testResultRowStatuses = ["pending", "running", "passed", "failed", "error"] as const;

/** An agent's tests: `definition` is the validated test (turns or persona, expectations, mocks); name, type, mode and tags are columns to filter on. */
export const agentTests = pgTable(
  "agent_tests",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: ["scripted", "simulated"] }).notNull(),
    mode: text("mode", { enum: ["text", "voice"] }).notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    definition: jsonb("definition").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("agent_tests_agent_name_idx").on(table.agentId, table.name),
    index("agent_tests_agent_created_idx").on(table.agentId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/**
 * A run of some of an agent's tests against one version. Executed by a job; the process running it
 * holds a lease (`lease_owner` until `lease_expires_at`, renewed while it runs) so that another takes
 * it over when that process dies.
 */
export const agentTestRuns = pgTable(
  "agent_test_runs",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    agentVersion: integer("agent_version").notNull(),
    status: text("status", { enum: testRunStatusValues }).notNull().default("queued"),
    testIds: jsonb("test_ids").$type<string[]>().notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    repeat: integer("repeat").notNull(),
    concurrency: integer("concurrency").notNull(),
    error: text("error"),
    leaseOwner: uuid("lease_owner"),
    leaseExpiresAt: timestampMs("lease_expires_at"),
    /** How many times another process took the run over from one that died. */
    takeovers: integer("takeovers").notNull().default(0),
    startedAt: timestampMs("started_at"),
    finishedAt: timestampMs("finished_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("agent_test_runs_agent_created_idx").on(table.agentId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("agent_test_runs_status_idx").on(table.status, table.leaseExpiresAt),
  ],
);

/** One test conversation of a run (a test and a repetition); `test` is the test as it was when the run was created. */
export const agentTestResults = pgTable(
  "agent_test_results",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    runId: uuid("run_id")
      .notNull()
      .references(() => agentTestRuns.id, { onDelete: "cascade" }),
    /** No foreign key: a deleted test's results stay in the runs that had it. */
    testId: uuid("test_id").notNull(),
    testName: text("test_name").notNull(),
    repetition: integer("repetition").notNull(),
    position: integer("position").notNull(),
    test: jsonb("test").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: testResultRowStatuses }).notNull().default("pending"),
    durationMs: integer("duration_ms"),
    assertions: jsonb("assertions").$type<Assertion[]>().notNull().default([]),
    transcript: jsonb("transcript").$type<TranscriptEntry[]>().notNull().default([]),
    statesVisited: jsonb("states_visited").$type<string[]>().notNull().default([]),
    toolCalls: jsonb("tool_calls").$type<ToolCallRecord[]>().notNull().default([]),
    variableValues: jsonb("variable_values").$type<VariableValue[]>().notNull().default([]),
    endReason: text("end_reason"),
    error: text("error"),
    turnLatency: jsonb("turn_latency").$type<TurnLatency[]>(),
    startedAt: timestampMs("started_at"),
    finishedAt: timestampMs("finished_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("agent_test_results_run_test_idx").on(table.runId, table.testId, table.repetition),
    index("agent_test_results_run_position_idx").on(table.runId, table.position, table.repetition),
    index("agent_test_results_test_idx").on(table.testId, table.createdAt.desc().nullsFirst()),
  ],
);
