import { callStore, endConversation, prepareOperation, type ConversationStore, type PreparedOperation, type RuntimeHostDependencies } from "@/lib/services/calls/call-host";
import type { RuntimeCall } from "@/lib/services/calls/runtime-calls";
import { CallEndedError } from "@/lib/runtime/engine";
import type { RecordedEvent, RuntimeEvent } from "@/lib/runtime/types";
import { ConflictError } from "@/lib/utils/domain-errors";
import { AsyncChannel } from "./async-channel";
import type { AgentOutput, AgentSpeechReport, CallerInput, ConversationPort, SessionEndReason } from "./session/conversation-port";
import { keepHeardText } from "./transcript-heard";

/** How long an input waits for a turn running elsewhere (a typed turn sent with POST …/turns) to finish. */
const CLAIM_TIMEOUT_MS = 30_000;
const CLAIM_RETRY_MS = 100;

/** A preemptive answer's side-effecting tool met a dropped turn: the answer stops there. */
class PreemptiveAnswerDropped extends Error {
  constructor() {
    super("The preemptive answer was dropped: the caller went on");
  }
}

export type Pending = { from: number | null; startedAt: string };

/**
 * The conversation engine (lib/runtime, through its host: the call loaded, claimed, run and stored
 * per operation, events and webhooks as for text calls) as a media session's conversation. One
 * operation at a time, in the order the session asks; the engine's own timers are off, the session
 * asks for the greeting and presence checks on its clock.
 */
export class EngineConversationPort implements ConversationPort {
  private chain: Promise<void> = Promise.resolve();
  protected readonly pending: Pending[] = [];
  /** The conversation itself ended the call (hang_up tool, presence checks): its goodbye is still to be heard. */
  endedByConversation = false;
  private readonly store: ConversationStore;
  private readonly label: string;
  private opened: RuntimeCall | undefined;

  constructor(
    protected readonly host: RuntimeHostDependencies,
    /** A call's id (its row holds the conversation), or the store of a conversation that is not a call (an agent test). */
    conversation: string | ConversationStore,
    /** Every recorded event (the event stream's events), as the engine records it. */
    protected readonly onEvent: (event: RecordedEvent) => void = () => {},
  ) {
    this.store = typeof conversation === "string" ? callStore(host, conversation) : conversation;
    this.label = typeof conversation === "string" ? `live call ${conversation}` : "conversation";
  }

  /** The call as its opener just stored it: the first operation starts from it rather than reading it again (if it changed meanwhile, it is read). */
  startFrom(call: RuntimeCall): void {
    this.opened = call;
  }

  respond(input: CallerInput, signal: AbortSignal): AsyncIterable<AgentOutput> {
    const out = new AsyncChannel<AgentOutput>();
    const pending: Pending = { from: null, startedAt: new Date().toISOString() };
    this.pending.push(pending);
    // A preemptive answer records nothing until the turn is confirmed: its events wait, and a dropped one leaves no trace.
    const confirmation = input.kind === "caller" ? input.confirmed : undefined;
    let confirmed = confirmation === undefined;
    let held: RecordedEvent[] = [];
    void confirmation?.then((ok) => {
      confirmed = ok;
      if (ok) for (const event of held.splice(0)) this.onEvent(event);
      else {
        held = [];
        const index = this.pending.indexOf(pending);
        if (index >= 0) this.pending.splice(index, 1);
      }
    });
    const record = (event: RecordedEvent) => (confirmed ? this.onEvent(event) : held.push(event));
    const holdSideEffects = confirmation
      ? () =>
          confirmation.then((ok) => {
            if (!ok) throw new PreemptiveAnswerDropped();
          })
      : undefined;
    this.enqueue(async () => {
      if (signal.aborted) return;
      let operation: PreparedOperation;
      try {
        operation = await this.claim(signal);
      } catch (error) {
        if (error instanceof CallEndedError) out.push({ type: "end", reason: "ended" });
        else if (!signal.aborted) throw error;
        return;
      }
      pending.from = operation.call.snapshot.transcript.length;
      await operation
        .run(async (engine) => {
          if (input.kind === "start") engine.speakInitialMessage();
          else if (input.kind === "presence_check") engine.checkPresence();
          else await engine.handleUserTurn(input.text, signal, { holdSideEffects });
        }, (event) => this.translate(event, out, record), { keep: () => confirmation ?? true })
        .catch((error: unknown) => {
          if (!signal.aborted && !(error instanceof PreemptiveAnswerDropped)) throw error;
        });
    })
      .catch((error: unknown) => out.fail(error))
      .finally(() => out.close());
    return out;
  }

  agentSpoke(report: AgentSpeechReport): void {
    if (report.kind !== "response") return; // the session's own fillers are not the conversation's words
    const pending = this.pending.shift();
    if (!pending || !report.interrupted || pending.from === null) return;
    const from = pending.from;
    this.enqueue(() => this.store.reviseTranscript((transcript) => keepHeardText(transcript, from, report.heard_text, pending.startedAt)));
  }

  end(reason: Exclude<SessionEndReason, "agent_hangup">): void {
    const detail = reason === "max_duration" ? "max_call_duration reached" : reason === "server_shutdown" ? "the server was shutting down and its drain time ran out" : undefined;
    this.enqueue(async () => {
      await endConversation(this.host, this.store, reason, detail);
    });
  }

  /** Resolves when every operation asked for so far has been stored. */
  settled(): Promise<void> {
    return this.chain;
  }

  protected enqueue(work: () => Promise<void>): Promise<void> {
    const run = this.chain.then(work);
    this.chain = run.catch((error: unknown) => console.error(`${this.label}:`, error));
    return run;
  }

  protected async claim(signal: AbortSignal): Promise<PreparedOperation> {
    const until = Date.now() + CLAIM_TIMEOUT_MS;
    for (;;) {
      try {
        const opened = this.opened;
        this.opened = undefined;
        return await prepareOperation(this.host, this.store, opened);
      } catch (error) {
        if (!(error instanceof ConflictError) || Date.now() > until || signal.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, CLAIM_RETRY_MS));
      }
    }
  }

  protected translate(event: RuntimeEvent & { seq?: number; at?: string }, out: AsyncChannel<AgentOutput>, record: (event: RecordedEvent) => void = this.onEvent): void {
    if (event.type === "agent_text_delta") {
      out.push({ type: "text", text: event.text });
      return;
    }
    record(event as RecordedEvent);
    if (event.type === "agent_message") {
      // A reply was streamed as deltas already; anything else (greeting, filler, presence check) is said whole.
      out.push({ type: "break" });
      if (event.kind !== "reply") {
        out.push({ type: "text", text: event.content });
        out.push({ type: "break" });
      }
    } else if (event.type === "call_ended") {
      this.endedByConversation = true;
      out.push({ type: "end", reason: event.end_reason });
    }
  }
}
