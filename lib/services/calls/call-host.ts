import "server-only";
import type { Database } from "@/lib/db/client";
import type { JobQueue } from "@/lib/jobs/queue";
import type { CallEndReason } from "@/lib/schemas/call-values";
import { CallEndedError, CallEngine } from "@/lib/runtime/engine";
import type { CallEndCause, CallSnapshot, Clock, EventSink, HttpClient, KnowledgeChunk, KnowledgeRetriever, LanguageModelPort, RecordedEvent } from "@/lib/runtime/types";
import type { TranscriptEntry } from "@/lib/schemas/call-values";
import { ConflictError, NotFoundError } from "@/lib/utils/domain-errors";
import { searchKnowledgeBase } from "../knowledge-bases/knowledge-base-search";
import { reviseTranscript } from "./live-calls";
import { claimTurn, loadRuntimeCall, mediaBackstopAt, saveRuntimeCall, type RuntimeCall, type StoredRuntimeState } from "./runtime-calls";

export type RuntimeHostDependencies = {
  db: Database;
  queue: JobQueue;
  llm: LanguageModelPort;
  http: HttpClient;
  clock?: Clock;
};

const systemClock: Clock = { now: () => new Date() };
const KNOWLEDGE_CHUNKS = 4;

/** Caller words as a full-text query: any significant word may match (websearch syntax `a or b`). */
export function knowledgeQuery(text: string): string {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words)].slice(0, 30).join(" or ");
}

function knowledgeRetriever(db: Database, call: RuntimeCall): KnowledgeRetriever {
  return async (text) => {
    const query = knowledgeQuery(text);
    if (!query) return [];
    const ctx = { db, organizationId: call.organizationId };
    const results = await Promise.all(
      call.agent.knowledge_base_ids.map((id) => searchKnowledgeBase(ctx, id, { query, limit: KNOWLEDGE_CHUNKS }).catch(() => [])),
    );
    return results
      .flat()
      .sort((a, b) => b.rank - a.rank)
      .slice(0, KNOWLEDGE_CHUNKS)
      .map((r): KnowledgeChunk => ({ source_id: r.source_id, source_title: r.source_title, position: r.position, content: r.content }));
  };
}

async function load(db: Database, callId: string): Promise<RuntimeCall> {
  const call = await loadRuntimeCall(db, callId);
  if (!call) throw new NotFoundError("Call");
  return call;
}

/**
 * Where a conversation lives between engine operations. A call's is its row in `calls` (events,
 * webhooks and the call-finished job follow from each save); an agent test's conversation has a
 * store of its own (lib/agent-tests), so the same host runs it without it ever being a call.
 */
export type ConversationStore = {
  load(): Promise<RuntimeCall>;
  /** Marks an operation as running; a ConflictError while another one runs. */
  claim(conversation: RuntimeCall, now: Date): Promise<StoredRuntimeState>;
  /** Stores the engine's snapshot and recorded events; false when another writer got there first. */
  save(conversation: RuntimeCall, expected: StoredRuntimeState, snapshot: CallSnapshot, events: RecordedEvent[], now: Date): Promise<boolean>;
  /** Rewrites the transcript (a voice answer cut off by the caller keeps only what was heard). */
  reviseTranscript(revise: (transcript: TranscriptEntry[]) => TranscriptEntry[] | null): Promise<void>;
};

/** A call's conversation, stored on its row. */
export function callStore(deps: Pick<RuntimeHostDependencies, "db" | "queue">, callId: string): ConversationStore {
  return {
    load: () => load(deps.db, callId),
    claim: (call, now) => claimTurn(deps.db, call, now),
    save: (call, expected, snapshot, events, now) => saveRuntimeCall(deps.db, deps.queue, call, expected, snapshot, events, now),
    reviseTranscript: (revise) => reviseTranscript(deps.db, callId, revise),
  };
}

function engineFor(deps: RuntimeHostDependencies, call: RuntimeCall, sink: EventSink): CallEngine {
  return new CallEngine(call.agent, call.snapshot, {
    clock: deps.clock ?? systemClock,
    llm: deps.llm,
    http: deps.http,
    knowledge: knowledgeRetriever(deps.db, call),
    sink,
    mediaTimers: call.state.timers === "media",
    phoneLine: call.type === "phone_call",
  });
}

export type PreparedTurn = { run(text: string, sink: EventSink, abortSignal?: AbortSignal): Promise<void> };
export type PreparedOperation = {
  /** The call as loaded before the operation (its transcript as it was). */
  call: RuntimeCall;
  /**
   * `keep` is awaited once the operation is done: false (a preemptive answer the caller talked over)
   * stores nothing and releases the claim; true stores it as usual.
   */
  run(operation: (engine: CallEngine) => Promise<void> | void, sink: EventSink, options?: { keep?: () => boolean | Promise<boolean> }): Promise<void>;
};

/**
 * Claims the call for one engine operation on whichever instance receives it (the call is loaded
 * from the database and marked busy); `run` performs it, streaming events to `sink`, and stores the
 * call again. Throws CallEndedError or a ConflictError (an operation is already running) before anything streams.
 */
export async function prepareCallOperation(deps: RuntimeHostDependencies, callId: string, loaded?: RuntimeCall): Promise<PreparedOperation> {
  return prepareOperation(deps, callStore(deps, callId), loaded);
}

/** prepareCallOperation for a conversation in any store. */
export async function prepareOperation(deps: RuntimeHostDependencies, store: ConversationStore, loaded?: RuntimeCall): Promise<PreparedOperation> {
  const clock = deps.clock ?? systemClock;
  const call = loaded ?? (await store.load());
  if (call.snapshot.status === "ended") throw new CallEndedError();
  const claimed = await store.claim(call, clock.now());
  return {
    call,
    async run(operation, sink, options = {}) {
      const engine = engineFor(deps, call, sink);
      try {
        await operation(engine);
      } finally {
        // A preemptive answer the caller talked over is dropped: the call is stored as it was before it.
        const keep = (await options.keep?.()) ?? true;
        const saved = keep
          ? await store.save(call, claimed, engine.snapshot, engine.takeRecordedEvents(), clock.now())
          : await store.save(call, claimed, call.snapshot, [], clock.now());
        if (!saved) console.warn(`runtime: an operation on conversation ${call.id} was not stored (it changed meanwhile)`);
      }
    },
  };
}

/** One caller turn (see prepareCallOperation). */
export async function prepareCallerTurn(deps: RuntimeHostDependencies, callId: string, loaded?: RuntimeCall): Promise<PreparedTurn> {
  const operation = await prepareCallOperation(deps, callId, loaded);
  return { run: (text, sink, abortSignal) => operation.run((engine) => engine.handleUserTurn(text, abortSignal), sink) };
}

/**
 * Fires the call's due timers (initial message, presence checks, max duration) and says when the next
 * one is due. Safe to run from any instance at any time: a running turn holds timers off, and a
 * concurrent writer simply wins.
 */
export async function runDueTimers(deps: RuntimeHostDependencies, callId: string, sink: EventSink = () => {}): Promise<{ ended: boolean; nextAt: number | null }> {
  const clock = deps.clock ?? systemClock;
  const call = await load(deps.db, callId);
  if (call.snapshot.status === "ended") return { ended: true, nextAt: null };
  const engine = engineFor(deps, call, sink);
  if (call.state.timers === "media") {
    // The media session keeps the clock; past its backstop, the instance holding it is gone.
    const backstop = mediaBackstopAt(call.agent, call.snapshot);
    if (clock.now().getTime() < backstop) return { ended: false, nextAt: backstop };
    engine.end("error", "the call's media session was lost");
    await saveRuntimeCall(deps.db, deps.queue, call, call.state, engine.snapshot, engine.takeRecordedEvents(), clock.now());
    return { ended: true, nextAt: null };
  }
  const busy = call.state.busy_since !== null && clock.now().getTime() - Date.parse(call.state.busy_since) < 120_000;
  if (!busy) {
    await engine.tick();
    const events = engine.takeRecordedEvents();
    if (events.length) await saveRuntimeCall(deps.db, deps.queue, call, call.state, engine.snapshot, events, clock.now());
  }
  return { ended: engine.ended, nextAt: engine.nextDeadline()?.at ?? null };
}

/** The caller hung up: the call ends with `user_hangup`. An ended call stays as it is. */
export async function hangUpCall(deps: RuntimeHostDependencies, callId: string): Promise<void> {
  await endCall(deps, callId, "user_hangup");
}

/**
 * Ends the call for `reason` (a hang-up, max duration, an error); `cause` says why when the
 * conversation did not end it itself. An ended call stays as it is. True when this ended it.
 */
export async function endCall(deps: RuntimeHostDependencies, callId: string, reason: CallEndReason, detail?: string, cause?: CallEndCause): Promise<boolean> {
  return endConversation(deps, callStore(deps, callId), reason, detail, cause);
}

/** endCall for a conversation in any store. */
export async function endConversation(deps: RuntimeHostDependencies, store: ConversationStore, reason: CallEndReason, detail?: string, cause?: CallEndCause): Promise<boolean> {
  const clock = deps.clock ?? systemClock;
  for (let attempt = 0; attempt < 3; attempt++) {
    const call = await store.load();
    if (call.snapshot.status === "ended") return false;
    const engine = engineFor(deps, call, () => {});
    await engine.tick();
    engine.end(reason, detail, cause);
    if (await store.save(call, call.state, engine.snapshot, engine.takeRecordedEvents(), clock.now())) return true;
  }
  throw new ConflictError("The call is changing; try again");
}
