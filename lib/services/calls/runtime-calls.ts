import { inTransaction } from "@/lib/db/transaction";
import "server-only";
import { and, asc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { CreateAgentInput } from "@/lib/agents/document-schema";
import { normalizeAgent, type AgentDocument } from "@/lib/agents/normalize";
import type { Database } from "@/lib/db/client";
import { agentVersions, callEvents, calls } from "@/lib/db/schema";
import { redactJson } from "@/lib/redaction/find-pii";
import type { CallType, TranscriptEntry, VariableValue } from "@/lib/schemas/call-values";
import { jobNames, type JobQueue } from "@/lib/jobs/queue";
import { nextDeadline } from "@/lib/runtime/timers";
import type { CallSnapshot, RecordedEvent } from "@/lib/runtime/types";
import { withVariableValue } from "@/lib/runtime/variable-values";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";
import { ConflictError } from "@/lib/utils/domain-errors";
import { systemActor } from "../context";
import { addToDoNotCall } from "../do-not-call/do-not-call";
import { endReasonSql } from "./transfer-outcome";
import { redactCallContent, redactStoredEvents, redactsPii, withCategories } from "./call-redaction";

/** What `calls.runtime_state` holds: the engine's snapshot minus the columns of its own (transcript, variable_values, usage). */
export type StoredRuntimeState = {
  /** Compare-and-set counter: every write names the version it read. */
  version: number;
  engine: Omit<CallSnapshot, "transcript" | "variable_values" | "usage">;
  /** Set while a caller turn runs (the model is streaming); other turns wait, timers hold off. */
  busy_since: string | null;
  /** Web calls: the SHA-256 of the session token and when it expires. */
  session: { token_hash: string; expires_at: string } | null;
  /** When a timer (initial message, presence check, max duration) is next due, for the sweep. */
  next_timer_at?: string | null;
  /**
   * "media": a voice call's media session keeps the call's clock, and the engine fires no timer of its
   * own; the sweep only ends the call if it outlives max_call_duration by a minute (its media died with an instance).
   */
  timers?: "engine" | "media";
  /**
   * Agents that redact what is kept: the conversation's own transcript and variable values while the
   * call runs (the stored columns hold redacted copies); dropped when the call ends.
   */
  private?: { transcript: TranscriptEntry[]; variable_values: VariableValue[] } | null;
  /** When a media session took the call (one per call, ever: its end ends the call). */
  media_started_at?: string;
};

export type RuntimeCall = {
  id: string;
  organizationId: string;
  agentId: string;
  agent: AgentDocument;
  snapshot: CallSnapshot;
  state: StoredRuntimeState;
  /** phone_call or web_call; absent for a conversation that is not a call (an agent test). */
  type?: CallType;
};

/** A turn that has been running this long is taken to have died with its instance. */
const STALE_TURN_MS = 120_000;
/** How long past max_call_duration a voice call's stored timer waits for its media session before ending the call. */
export const MEDIA_BACKSTOP_MS = 60_000;

/** When the sweep ends a voice call whose media session never finished it. */
export function mediaBackstopAt(agent: AgentDocument, snapshot: CallSnapshot): number {
  return Date.parse(snapshot.answered_at) + agent.max_call_duration * 1000 + MEDIA_BACKSTOP_MS;
}

// Agent versions never change once written, so any instance may keep them.
const agentCache = new Map<string, AgentDocument>();
const AGENT_CACHE_LIMIT = 500;

export async function agentVersionDocument(db: Database, agentId: string, version: number): Promise<AgentDocument | null> {
  const key = `${agentId}:${version}`;
  const cached = agentCache.get(key);
  if (cached) return cached;
  const [row] = await db
    .select({ config: agentVersions.config })
    .from(agentVersions)
    .where(and(eq(agentVersions.agentId, agentId), eq(agentVersions.version, version)));
  if (!row) return null;
  const document = normalizeAgent(row.config as unknown as CreateAgentInput);
  if (agentCache.size >= AGENT_CACHE_LIMIT) agentCache.delete(agentCache.keys().next().value!);
  agentCache.set(key, document);
  return document;
}

export function splitSnapshot(snapshot: CallSnapshot): StoredRuntimeState["engine"] {
  const engine: Partial<CallSnapshot> = { ...snapshot };
  delete engine.transcript;
  delete engine.variable_values;
  delete engine.usage;
  return engine as StoredRuntimeState["engine"];
}

/** The columns a runtime call is made of (`runtimeCallOf`). */
export const runtimeCallColumns = {
  id: calls.id,
  organizationId: calls.organizationId,
  type: calls.type,
  agentId: calls.agentId,
  agentVersion: calls.agentVersion,
  transcript: calls.transcript,
  variableValues: calls.variableValues,
  usage: calls.usage,
  runtimeState: calls.runtimeState,
  status: calls.status,
};

type RuntimeCallRow = Pick<typeof calls.$inferSelect, "id" | "organizationId" | "type" | "agentId" | "transcript" | "variableValues" | "usage" | "status">;

/** The call as its engine sees it, from its row, the runtime state it has now and its agent's version. */
export function runtimeCallOf(row: RuntimeCallRow, state: StoredRuntimeState, agent: AgentDocument): RuntimeCall {
  return {
    id: row.id,
    organizationId: row.organizationId,
    agentId: row.agentId,
    type: row.type,
    agent,
    state,
    snapshot: {
      ...state.engine,
      // A call ended outside the conversation (a carrier's hang-up webhook ends the row directly) is over for the engine too.
      status: row.status === "ended" || row.status === "failed" ? "ended" : state.engine.status,
      transcript: state.private?.transcript ?? row.transcript,
      variable_values: state.private?.variable_values ?? row.variableValues,
      usage: row.usage,
    },
  };
}

/** The call with its engine state and agent; null when it has none (not a runtime call) or does not exist. */
export async function loadRuntimeCall(db: Database, callId: string): Promise<RuntimeCall | null> {
  const [row] = await db.select(runtimeCallColumns).from(calls).where(eq(calls.id, callId));
  if (!row?.runtimeState || row.agentVersion === null) return null;
  const agent = await agentVersionDocument(db, row.agentId, row.agentVersion);
  if (!agent) return null;
  return runtimeCallOf(row, row.runtimeState as unknown as StoredRuntimeState, agent);
}

const versionIs = (callId: string, version: number) => and(eq(calls.id, callId), sql`(${calls.runtimeState}->>'version')::int = ${version}`);

/** An engine operation holds the conversation (claimed, not stored yet, and not so old that its process must be gone). */
export function operationRunning(state: StoredRuntimeState, now: Date): boolean {
  return state.busy_since !== null && now.getTime() - Date.parse(state.busy_since) < STALE_TURN_MS;
}

/** Marks a caller turn as running; a second turn meanwhile is a conflict (the caller waits for the answer). */
export async function claimTurn(db: Database, call: RuntimeCall, now: Date): Promise<StoredRuntimeState> {
  if (operationRunning(call.state, now)) throw new ConflictError("The agent is still answering the previous turn; send the next one when it has finished");
  const next: StoredRuntimeState = { ...call.state, version: call.state.version + 1, busy_since: now.toISOString() };
  const updated = await db
    .update(calls)
    .set({ runtimeState: next as unknown as Record<string, unknown> })
    .where(versionIs(call.id, call.state.version))
    .returning({ id: calls.id });
  if (updated.length === 0) throw new ConflictError("The call changed meanwhile; send the turn again");
  return next;
}

function webhookEvents(call: RuntimeCall, events: RecordedEvent[], before: VariableValue[]) {
  const out: { type: "event_variable_value_updated" | "event_all_variables_resolved"; payload: Record<string, unknown>; at: Date }[] = [];
  const subscribed = new Set(call.agent.webhook_subscriptions);
  let values = before;
  for (const event of events) {
    if (event.type === "variable_updated") {
      values = withVariableValue(values, event.variable);
      if (subscribed.has("event_variable_value_updated")) {
        out.push({
          type: "event_variable_value_updated",
          payload: { call_id: call.id, agent_id: call.agentId, variable: event.variable, previous_value: event.previous_value, variable_values: values },
          at: new Date(event.at),
        });
      }
    } else if (event.type === "all_variables_resolved" && subscribed.has("event_all_variables_resolved")) {
      out.push({ type: "event_all_variables_resolved", payload: { call_id: call.id, agent_id: call.agentId, variable_values: event.variable_values }, at: new Date(event.at) });
    }
  }
  return out;
}

/** What a save stores of the engine's snapshot: the conversation as the row keeps it, and the next runtime state. */
export function savedSnapshot(call: RuntimeCall, expected: StoredRuntimeState, snapshot: CallSnapshot) {
  const ended = snapshot.status === "ended";
  const deadline = expected.timers === "media" ? (ended ? null : { at: mediaBackstopAt(call.agent, snapshot) }) : nextDeadline(call.agent, snapshot);
  const stored = storedContent(call.agent, snapshot, ended);
  const state: StoredRuntimeState = {
    ...expected,
    version: expected.version + 1,
    busy_since: null,
    engine: splitSnapshot(snapshot),
    next_timer_at: deadline ? new Date(deadline.at).toISOString() : null,
    private: stored.private,
  };
  return { ended, stored, state };
}

/**
 * Stores the engine's snapshot and the events it recorded, in one transaction with what follows
 * from them: webhook deliveries for subscribed agents and, when the call ended, the call-finished
 * job. False when another writer got there first (the version moved on).
 */
export async function saveRuntimeCall(
  db: Database,
  queue: JobQueue,
  call: RuntimeCall,
  expected: StoredRuntimeState,
  snapshot: CallSnapshot,
  events: RecordedEvent[],
  now: Date,
): Promise<boolean> {
  const { ended, stored, state } = savedSnapshot(call, expected, snapshot);
  return inTransaction(db, async (t) => {
    const updated = await t
      .update(calls)
      .set({
        transcript: stored.transcript,
        variableValues: stored.variableValues,
        redactedCategories: withCategories(stored.categories),
        usage: snapshot.usage,
        runtimeState: state as unknown as Record<string, unknown>,
        updatedAt: now,
        ...(ended
          ? {
              status: "ended" as const,
              endReason: endReasonSql(snapshot.end_reason!),
              endTime: new Date(snapshot.ended_at!),
              durationSeconds: Math.max(0, Math.round((Date.parse(snapshot.ended_at!) - Date.parse(snapshot.answered_at)) / 1000)),
            }
          : {}),
      })
      .where(and(versionIs(call.id, expected.version), eq(calls.status, "in_progress")))
      .returning({ id: calls.id });
    if (updated.length === 0) return false;
    await recordSavedEvents(t, queue, call, events, ended);
    return true;
  });
}

/** What follows from a save, in its transaction: the recorded events, their webhooks, do-not-call, and the end's redaction and call-finished job. */
export async function recordSavedEvents(t: Database, queue: JobQueue, call: RuntimeCall, events: RecordedEvent[], ended: boolean): Promise<void> {
  if (events.length) {
    await t.insert(callEvents).values(
      events.map(({ type, seq, at, ...payload }) => ({
        organizationId: call.organizationId,
        callId: call.id,
        type,
        payload: { seq, ...payload } as Record<string, unknown>,
        occurredAt: new Date(at),
      })),
    );
  }
  const url = call.agent.webhook_url;
  if (url) {
    for (const hook of webhookEvents(call, events, call.snapshot.variable_values)) {
      // What is sent is redacted like what is kept.
      const payload = redactsPii(call.agent) ? redactJson(hook.payload).value : hook.payload;
      await enqueueWebhookEvent(t, queue, {
        organizationId: call.organizationId,
        callId: call.id,
        url,
        eventType: hook.type,
        payload: payload as never,
        occurredAt: hook.at,
      });
    }
  }
  if (events.some((event) => event.type === "add_to_do_not_call")) await listCallee(t, call);
  if (ended && redactsPii(call.agent)) {
    const categories = await redactStoredEvents(t, call.id);
    if (categories.length) await t.update(calls).set({ redactedCategories: withCategories(categories) }).where(eq(calls.id, call.id));
  }
  if (ended) await queue.send(jobNames.callFinished, { callId: call.id }, { db: t });
}

/**
 * The add_to_do_not_call tool ran: the other party's number (the callee of an outbound call, the caller
 * of an inbound one) joins the organization's do-not-call list, in the transaction that records the call.
 */
async function listCallee(db: Database, call: RuntimeCall): Promise<void> {
  const [row] = await db.select({ type: calls.type, direction: calls.direction, fromNumber: calls.fromNumber, toNumber: calls.toNumber }).from(calls).where(eq(calls.id, call.id));
  const number = row?.type === "phone_call" ? (row.direction === "outbound" ? row.toNumber : row.fromNumber) : null;
  if (!number) return; // a web call has no number to list
  // The agent acted on the callee's words: the system's doing in the audit log, with the call named.
  await addToDoNotCall({ db, organizationId: call.organizationId, actor: systemActor("add_to_do_not_call tool") }, { phone_numbers: [number], reason: "Asked not to be called again, during a call", source: "agent", callId: call.id }).catch((error) => {
    // A caller id that is no phone number (anonymous, a SIP name) cannot be listed; the call ends all the same.
    console.warn(`do-not-call: the number of call ${call.id} could not be listed: ${error instanceof Error ? error.message : error}`);
  });
}

/**
 * What the call's row keeps of the conversation: as it is, or (an agent that redacts) redacted, with
 * the raw content in the runtime state while the call runs (the conversation reads it) and nowhere
 * once it has ended.
 */
export function storedContent(agent: AgentDocument, snapshot: Pick<CallSnapshot, "transcript" | "variable_values">, ended: boolean) {
  if (!redactsPii(agent)) {
    return { transcript: snapshot.transcript, variableValues: snapshot.variable_values, categories: [], private: null };
  }
  const redacted = redactCallContent({ transcript: snapshot.transcript, variableValues: snapshot.variable_values });
  return { ...redacted, private: ended ? null : { transcript: snapshot.transcript, variable_values: snapshot.variable_values } };
}

/** Recorded events of a call after a sequence number, oldest first (the event stream's replay and poll). */
export async function recordedEventsAfter(db: Database, callId: string, afterSeq: number): Promise<RecordedEvent[]> {
  const rows = await db
    .select({ type: callEvents.type, payload: callEvents.payload, occurredAt: callEvents.occurredAt })
    .from(callEvents)
    .where(and(eq(callEvents.callId, callId), sql`(${callEvents.payload}->>'seq')::int > ${afterSeq}`))
    .orderBy(asc(callEvents.occurredAt), sql`(${callEvents.payload}->>'seq')::int`);
  return rows.map((row) => ({ ...(row.payload as object), type: row.type, at: row.occurredAt.toISOString() }) as RecordedEvent);
}

/** Ongoing runtime calls with a timer due (the sweep fires them when no event stream does), oldest write first. */
export async function callsWithDueTimers(db: Database, now: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: calls.id })
    .from(calls)
    .where(
      and(
        eq(calls.status, "in_progress"),
        lt(calls.updatedAt, now),
        isNotNull(calls.runtimeState),
        sql`(${calls.runtimeState}->>'next_timer_at')::timestamptz <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(calls.updatedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}
