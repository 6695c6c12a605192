import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { agents, calls } from "@/lib/db/schema";
import type { CallEndReason, CallUsage, TranscriptEntry, TurnLatency } from "@/lib/schemas/call-values";
import { initialSnapshot } from "@/lib/runtime/initial-snapshot";
import type { BlobStore } from "@/lib/storage/blob-store";
import { callRecordingKey } from "@/lib/storage/blob-keys";
import { ConflictError, NotFoundError } from "@/lib/utils/domain-errors";
import { agentVersionDocument, loadRuntimeCall, mediaBackstopAt, operationRunning, runtimeCallColumns, runtimeCallOf, splitSnapshot, storedContent, type RuntimeCall, type StoredRuntimeState } from "./runtime-calls";
import { callDataStorage, withCategories } from "./call-redaction";
import { redactedTimeRanges, silenceWav, type SpokenSegment } from "@/lib/redaction/silence-audio";

const ATTEMPTS = 5;
const LATE_END_MS = 500;

const liveCallColumns = {
  ...runtimeCallColumns,
  fromNumber: calls.fromNumber,
  toNumber: calls.toNumber,
  startTime: calls.startTime,
  answeredAt: calls.answeredAt,
  dynamicVariablesValues: calls.dynamicVariablesValues,
};
export type LiveCallRow = NonNullable<Awaited<ReturnType<typeof readLiveCallRow>>>;

/** The call's row as openLiveCall reads it: a caller that checks the call first passes it on, and it is not read twice. */
export async function readLiveCallRow(db: Database, callId: string) {
  const [row] = await db.select(liveCallColumns).from(calls).where(eq(calls.id, callId));
  return row ?? null;
}

/**
 * Hands the call's clock to its media session (the engine fires no timer of its own from now on)
 * and, for a call that has no conversation yet (a phone call just answered), creates it. The call
 * must be in progress. `answeredAt`: when the far end answered (phones), recorded on the call;
 * `mediaInstanceId`: the process that holds the media (calls.media_instance_id); `row`: the call's row as
 * just read (readLiveCallRow), for the first attempt.
 */
export async function openLiveCall(db: Database, callId: string, options: { answeredAt?: Date; mediaInstanceId?: string; row?: LiveCallRow } = {}): Promise<RuntimeCall> {
  // The process taking the media holds the call from now on: if it dies, the dead-instance sweep ends the call.
  const holder = options.mediaInstanceId ? { mediaInstanceId: options.mediaInstanceId } : {};
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = attempt === 0 && options.row ? options.row : await readLiveCallRow(db, callId);
    if (!row) throw new NotFoundError("Call");
    if (row.status !== "in_progress") throw new ConflictError(`The call is ${row.status}, not in progress: it cannot carry a conversation`);
    const answeredAt = options.answeredAt ?? row.answeredAt ?? new Date();
    if (!row.runtimeState) {
      const version = row.agentVersion ?? (await publishedVersion(db, row.agentId));
      const agent = version === null ? null : await agentVersionDocument(db, row.agentId, version);
      if (!agent || version === null) throw new NotFoundError("Agent of the call");
      const snapshot = initialSnapshot(
        agent,
        { callId, fromNumber: row.fromNumber, toNumber: row.toNumber, startTime: row.startTime, dynamicVariables: row.dynamicVariablesValues },
        answeredAt,
      );
      const stored = storedContent(agent, snapshot, false);
      const state: StoredRuntimeState = {
        version: 0,
        engine: splitSnapshot(snapshot),
        private: stored.private,
        busy_since: null,
        session: null,
        timers: "media",
        media_started_at: new Date().toISOString(),
        next_timer_at: new Date(mediaBackstopAt(agent, snapshot)).toISOString(),
      };
      const created = await db
        .update(calls)
        .set({
          agentVersion: version,
          answeredAt,
          answerType: "human",
          transcript: stored.transcript,
          variableValues: stored.variableValues,
          redactedCategories: withCategories(stored.categories),
          usage: snapshot.usage,
          runtimeState: state as unknown as Record<string, unknown>,
          updatedAt: new Date(),
          ...holder,
        })
        .where(and(eq(calls.id, callId), eq(calls.status, "in_progress"), isNull(calls.runtimeState)))
        .returning({ id: calls.id });
      // What loadRuntimeCall would read now, without reading it.
      if (created.length) return runtimeCallOf({ ...row, transcript: stored.transcript, variableValues: stored.variableValues, usage: snapshot.usage }, state, agent);
      continue;
    }
    const current = row.runtimeState as unknown as StoredRuntimeState;
    const agent = row.agentVersion === null ? null : await agentVersionDocument(db, row.agentId, row.agentVersion);
    if (!agent) throw new NotFoundError("Call");
    const call = runtimeCallOf(row, current, agent);
    if (current.media_started_at) throw new ConflictError("The call's media is already connected (one media session per call)");
    const engine = { ...current.engine, answered_at: answeredAt.toISOString(), last_activity_at: answeredAt.toISOString() };
    const state: StoredRuntimeState = {
      ...current,
      version: current.version + 1,
      engine,
      timers: "media",
      media_started_at: new Date().toISOString(),
      next_timer_at: new Date(mediaBackstopAt(agent, { ...call.snapshot, answered_at: engine.answered_at })).toISOString(),
    };
    const updated = await db
      .update(calls)
      .set({ answeredAt, runtimeState: state as unknown as Record<string, unknown>, updatedAt: new Date(), ...holder })
      // In progress still: a row passed in may have been read a moment ago.
      .where(and(eq(calls.id, callId), eq(calls.status, "in_progress"), sql`(${calls.runtimeState}->>'version')::int = ${current.version}`))
      .returning({ id: calls.id });
    if (updated.length) return runtimeCallOf(row, state, agent);
  }
  throw new ConflictError("The call changed while its media started; try again");
}

/** The call's status and end reason (a live call watches for an end decided elsewhere). */
export async function liveCallStatus(db: Database, callId: string): Promise<{ status: string; endReason: CallEndReason | null } | null> {
  const [row] = await db.select({ status: calls.status, endReason: calls.endReason }).from(calls).where(eq(calls.id, callId));
  return row ?? null;
}

async function publishedVersion(db: Database, agentId: string): Promise<number | null> {
  const [agent] = await db.select({ version: agents.publishedVersion }).from(agents).where(eq(agents.id, agentId));
  return agent?.version ?? null;
}

/** How long work done outside the conversation waits for a running engine operation before its usage is dropped (logged). */
const USAGE_WAIT_MS = 30_000;

/**
 * Adds work done for the call outside its conversation (a warm transfer's summary: its model tokens
 * and spoken characters) to the call's usage, so that its cost counts it. Compare-and-set on the
 * conversation's version, and only between engine operations: one in flight stores its own snapshot
 * (usage included) over the row, so this waits for it rather than make it fail.
 */
export async function addCallUsage(db: Database, callId: string, extra: Partial<CallUsage>): Promise<void> {
  const deadline = Date.now() + USAGE_WAIT_MS;
  while (Date.now() < deadline) {
    const call = await loadRuntimeCall(db, callId);
    if (!call) return;
    if (operationRunning(call.state, new Date())) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    const usage = { ...call.snapshot.usage };
    for (const [key, value] of Object.entries(extra) as [keyof CallUsage, number][]) usage[key] = (usage[key] ?? 0) + value;
    const state: StoredRuntimeState = { ...call.state, version: call.state.version + 1 };
    const updated = await db
      .update(calls)
      .set({ usage, runtimeState: state as unknown as Record<string, unknown> })
      .where(and(eq(calls.id, callId), sql`(${calls.runtimeState}->>'version')::int = ${call.state.version}`))
      .returning({ id: calls.id });
    if (updated.length) return;
  }
  console.warn(`live call ${callId}: usage could not be added (an engine operation held the call for ${USAGE_WAIT_MS / 1000} s)`);
}

/** Rewrites the call's transcript (compare-and-set on the conversation's version, retried). */
export async function reviseTranscript(db: Database, callId: string, revise: (transcript: TranscriptEntry[]) => TranscriptEntry[] | null): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const call = await loadRuntimeCall(db, callId);
    if (!call) return;
    const next = revise(structuredClone(call.snapshot.transcript));
    if (!next) return;
    const stored = storedContent(call.agent, { transcript: next, variable_values: call.snapshot.variable_values }, !call.state.private);
    const state: StoredRuntimeState = { ...call.state, version: call.state.version + 1, private: stored.private };
    const updated = await db
      .update(calls)
      .set({ transcript: stored.transcript, redactedCategories: withCategories(stored.categories), runtimeState: state as unknown as Record<string, unknown> })
      .where(and(eq(calls.id, callId), sql`(${calls.runtimeState}->>'version')::int = ${call.state.version}`))
      .returning({ id: calls.id });
    if (updated.length) return;
  }
  console.warn(`live call ${callId}: the transcript could not be revised (the call kept changing)`);
}

export type LiveCallOutcome = {
  organizationId: string;
  /** The stereo WAV of the call, when it was recorded. */
  recording: Uint8Array | null;
  turns: TurnLatency[];
  /** What was said where in the recording: an agent with `redact_pii` has the PII in it silenced. */
  spoken?: SpokenSegment[];
  /** When the call's audio stopped: a call the conversation ended earlier (the goodbye still playing) ends here. */
  endedAt: Date;
};

/**
 * What the media adds to a finished call: its recording (through lib/storage), the latency of each
 * turn, and the end time of its audio. The call's status changed once already, when the conversation ended.
 */
export async function finishLiveCall(db: Database, storage: BlobStore | null, callId: string, outcome: LiveCallOutcome): Promise<void> {
  let recordingKey: string | null = null;
  const storageMode = await callDataStorage(db, callId);
  // metadata_only keeps no recording at all; redact_pii keeps it with the PII silenced (by word times, else the whole turn).
  if (storage && outcome.recording && storageMode !== "metadata_only") {
    const recording = storageMode === "redact_pii" ? silenceWav(outcome.recording, redactedTimeRanges(outcome.spoken ?? [])) : outcome.recording;
    recordingKey = callRecordingKey(outcome.organizationId, callId);
    await storage.put(recordingKey, recording, { contentType: "audio/wav", organizationId: outcome.organizationId });
  }
  const [row] = await db.select({ answeredAt: calls.answeredAt, endTime: calls.endTime }).from(calls).where(eq(calls.id, callId));
  if (!row) return;
  // Only a goodbye that played on after the conversation ended moves the end (not the few ms of storing).
  const later = row.endTime && outcome.endedAt.getTime() - row.endTime.getTime() > LATE_END_MS ? outcome.endedAt : null;
  await db
    .update(calls)
    .set({
      turnLatency: outcome.turns,
      ...(recordingKey ? { recordingBlobKey: recordingKey } : {}),
      ...(later && row.answeredAt ? { endTime: later, durationSeconds: Math.max(0, Math.round((later.getTime() - row.answeredAt.getTime()) / 1000)) } : {}),
    })
    .where(eq(calls.id, callId));
}
