import "server-only";
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { AgentDocument } from "@/lib/agents/normalize";
import { agents, calls } from "@/lib/db/schema";
import type { JobQueue } from "@/lib/jobs/queue";
import type { CallStarter } from "@/lib/schemas/call-values";
import type { StartWebCallBody } from "@/lib/schemas/web-calls";
import { llmConfigurationProblem } from "@/lib/llm/language-model";
import { CallEngine } from "@/lib/runtime/engine";
import { initialSnapshot } from "@/lib/runtime/initial-snapshot";
import type { ServiceContext } from "../context";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { withTransaction } from "../context";
import { ValidationError } from "@/lib/utils/domain-errors";
import type { Call } from "@/lib/schemas/calls";
import type { LinkSigner } from "@/lib/storage/signed-links";
import { toFullCallResponse } from "./call-records";
import { callColumns } from "./calls";
import { agentVersionDocument, recordSavedEvents, savedSnapshot, splitSnapshot, type RuntimeCall, type StoredRuntimeState } from "./runtime-calls";

export type StartWebCallResult = { callId: string; sessionToken: string; expiresAt: Date; mode: "voice" | "text"; call: Call };

/** The token outlives the longest call the agent allows by a minute, no more. */
const SESSION_GRACE_MS = 60_000;
const TOKEN_PREFIX = "wcs_";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether `token` is the live session token of this call. */
export function sessionTokenMatches(state: StoredRuntimeState | null, token: string | undefined, now: Date): boolean {
  if (!state?.session || !token || !token.startsWith(TOKEN_PREFIX)) return false;
  if (now.getTime() > Date.parse(state.session.expires_at)) return false;
  const given = Buffer.from(hashToken(token), "hex");
  const expected = Buffer.from(state.session.token_hash, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Every provider the agent may use (its own and per-state overrides) must be configured. */
function llmProblem(agent: AgentDocument, env: Record<string, string | undefined>): string | null {
  const settings = [agent.llm, ...agent.states.map((state) => ({ ...agent.llm, ...(state.llm ?? {}) }))];
  for (const llm of settings) {
    const problem = llmConfigurationProblem(llm, env);
    if (problem) return problem;
  }
  return null;
}

/**
 * Starts a browser call: the call (`web_call`, in progress, answered now) with the agent's published
 * version, its engine state with the dynamic variables seeded and, when it has no delay, the initial
 * message said; and a session token for the browser's event stream and turns.
 */
export async function startWebCall(
  ctx: ServiceContext & { links?: LinkSigner },
  queue: JobQueue,
  input: StartWebCallBody,
  options: {
    now?: Date;
    env?: Record<string, string | undefined>;
    /** What keeps the agent from a voice call (its speech providers' configuration); without it, calls are text. */
    speechProblems?: (agent: AgentDocument) => { field: string; message: string }[];
    /** Who started it (a studio member or an API key), kept on the call. */
    startedBy?: CallStarter | null;
  } = {},
): Promise<StartWebCallResult> {
  const now = options.now ?? new Date();
  const [published] = await ctx.db
    .select({ version: agents.publishedVersion })
    .from(agents)
    .where(and(eq(agents.id, input.agent_id), eq(agents.organizationId, ctx.organizationId)));
  // Versions never change once written: the document comes from the process's cache of them.
  const agent = published ? await agentVersionDocument(ctx.db, input.agent_id, published.version) : null;
  if (!published || !agent) throw ValidationError.field("agent_id", "No agent with this id in your organization");
  const env = options.env ?? process.env;
  const problem = llmProblem(agent, env);
  if (problem) throw ValidationError.field("agent_id", problem);
  const speech = options.speechProblems?.(agent) ?? [];
  if (input.mode === "voice" && speech.length) {
    throw new ValidationError(`A voice call needs the agent's speech providers configured: ${speech.map((p) => p.message).join(" ")}`, speech);
  }
  const mode = input.mode ?? (speech.length || !options.speechProblems ? "text" : "voice");

  const callId = randomUUID();
  const sessionToken = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + agent.max_call_duration * 1000 + SESSION_GRACE_MS);
  const snapshot = initialSnapshot(
    agent,
    { callId, fromNumber: null, toNumber: null, startTime: now, dynamicVariables: input.dynamic_variables_values ?? null },
    now,
  );
  const engine = new CallEngine(agent, snapshot, {
    mediaTimers: mode === "voice",
    clock: { now: () => now },
    llm: () => {
      throw new Error("No model call when a call starts");
    },
    http: () => Promise.reject(new Error("No HTTP when a call starts")),
    sink: () => {},
  });
  await engine.begin();

  const state: StoredRuntimeState = {
    version: 0,
    engine: splitSnapshot(snapshot),
    busy_since: null,
    session: { token_hash: hashToken(sessionToken), expires_at: expiresAt.toISOString() },
    timers: mode === "voice" ? "media" : "engine",
  };
  const runtimeCall: RuntimeCall = { id: callId, organizationId: ctx.organizationId, agentId: input.agent_id, agent, snapshot, state };
  // Inserted as the engine's beginning saves it (a call cannot end as it begins: max_call_duration is at least 10 s).
  const begun = savedSnapshot(runtimeCall, state, engine.snapshot);
  const row = await withTransaction(ctx, async (tx) => {
    const [inserted] = await tx.db
      .insert(calls)
      .values({
        id: callId,
        organizationId: ctx.organizationId,
        agentId: input.agent_id,
        agentVersion: published.version,
        type: "web_call",
        status: "in_progress",
        direction: "inbound",
        metadata: input.metadata ?? {},
        startTime: now,
        answeredAt: now,
        answerType: "human",
        transcript: begun.stored.transcript,
        variableValues: begun.stored.variableValues,
        redactedCategories: [...new Set(begun.stored.categories)].sort(),
        usage: engine.snapshot.usage,
        dynamicVariablesValues: input.dynamic_variables_values ?? null,
        secureRecordingUrl: agent.secure_recording_urls,
        startedBy: options.startedBy ?? null,
        runtimeState: begun.state as unknown as Record<string, unknown>,
        updatedAt: now,
      })
      .returning(callColumns);
    await recordSavedEvents(tx.db, queue, runtimeCall, engine.takeRecordedEvents(), false);
    await recordAudit(tx, {
      action: "call.created",
      resourceType: "call",
      resourceId: callId,
      changes: { ...change("call_type", null, "web_call"), ...change("agent_id", null, input.agent_id), ...change("mode", null, mode) },
    });
    return inserted;
  });
  return { callId, sessionToken, expiresAt, mode, call: toFullCallResponse(row, [], ctx.links) };
}
