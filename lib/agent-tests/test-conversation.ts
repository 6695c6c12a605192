import { randomUUID } from "node:crypto";
import type { AgentDocument } from "@/lib/agents/normalize";
import { initialSnapshot } from "@/lib/runtime/initial-snapshot";
import type { CallSnapshot, RecordedEvent } from "@/lib/runtime/types";
import type { ConversationStore } from "@/lib/services/calls/call-host";
import { splitSnapshot, type RuntimeCall, type StoredRuntimeState } from "@/lib/services/calls/runtime-calls";
import { ConflictError } from "@/lib/utils/domain-errors";

/**
 * A test conversation's own store: the host (lib/services/calls/call-host) loads, claims and saves
 * it exactly as it does a call's row, but it lives in this object only, so nothing of it reaches
 * the calls table, analytics, costs or webhooks. Its events are kept for the test's checks. The
 * engine's own timers are off (`timers: "media"`): the test driver (or, in voice, the media session)
 * asks for the greeting.
 */
export class TestConversationStore implements ConversationStore {
  private snapshot: CallSnapshot;
  private state: StoredRuntimeState;
  /** Every recorded event of the conversation, in order. */
  readonly events: RecordedEvent[] = [];

  constructor(
    private readonly agent: AgentDocument,
    private readonly identity: { organizationId: string; agentId: string },
    dynamicVariables: Record<string, unknown>,
    now = new Date(),
  ) {
    // A test conversation has an id of its own (the engine fills call_id with it), never a call's.
    const id = randomUUID();
    this.snapshot = initialSnapshot(agent, { callId: id, fromNumber: null, toNumber: null, startTime: now, dynamicVariables }, now);
    this.state = { version: 0, engine: splitSnapshot(this.snapshot), busy_since: null, session: null, timers: "media" };
    this.id = id;
  }

  readonly id: string;

  /** The conversation as last stored. */
  get current(): CallSnapshot {
    return this.snapshot;
  }

  async load(): Promise<RuntimeCall> {
    return {
      id: this.id,
      organizationId: this.identity.organizationId,
      agentId: this.identity.agentId,
      agent: this.agent,
      snapshot: structuredClone(this.snapshot),
      state: structuredClone(this.state),
    };
  }

  async claim(conversation: RuntimeCall): Promise<StoredRuntimeState> {
    if (this.state.busy_since !== null || conversation.state.version !== this.state.version) {
      throw new ConflictError("The test conversation is answering another turn");
    }
    this.state = { ...this.state, version: this.state.version + 1, busy_since: new Date().toISOString() };
    return this.state;
  }

  async save(_conversation: RuntimeCall, expected: StoredRuntimeState, snapshot: CallSnapshot, events: RecordedEvent[]): Promise<boolean> {
    if (expected.version !== this.state.version) return false;
    this.snapshot = structuredClone(snapshot);
    this.state = { ...this.state, version: this.state.version + 1, busy_since: null, engine: splitSnapshot(snapshot) };
    this.events.push(...events);
    return true;
  }

  async reviseTranscript(revise: (transcript: CallSnapshot["transcript"]) => CallSnapshot["transcript"] | null): Promise<void> {
    const next = revise(structuredClone(this.snapshot.transcript));
    if (next) this.snapshot = { ...this.snapshot, transcript: next };
  }
}
