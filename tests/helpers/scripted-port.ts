import type { MediaClock } from "@/lib/media/clock";
import type { AgentOutput, AgentSpeechReport, CallerInput, ConversationPort, SessionEndReason } from "@/lib/media/session/conversation-port";

export type Reply = string | { text: string; /** Before the first token (a slow model or a tool), on the clock. */ delayMs?: number; end?: string; chunkChars?: number };

/**
 * A conversation port modelled on the engine: the greeting on start, a scripted reply per caller
 * turn (streamed in small deltas), the presence-check phrases, and after `presenceMaxTimes`
 * unanswered checks, the end (agent_hangup) as the engine does.
 */
export class ScriptedPort implements ConversationPort {
  readonly inputs: CallerInput[] = [];
  /** Words answered preemptively (before the end of turn), and those of them dropped because the caller went on. */
  readonly preemptive: string[] = [];
  readonly dropped: string[] = [];
  readonly reports: AgentSpeechReport[] = [];
  ended: SessionEndReason | null = null;
  aborted = 0;
  private presenceChecks = 0;

  constructor(
    private readonly options: {
      clock: MediaClock;
      greeting?: string | null;
      reply?: (text: string, source: string) => Reply;
      presencePhrases?: string[];
      presenceMaxTimes?: number;
    },
  ) {}

  async *respond(input: CallerInput, signal: AbortSignal): AsyncIterable<AgentOutput> {
    // A preemptive answer is a turn once confirmed (as the engine records it); a dropped one is listed apart.
    if (input.kind === "caller" && input.confirmed) {
      const { confirmed, ...turn } = input;
      this.preemptive.push(turn.text);
      void confirmed.then((ok) => (ok ? this.inputs.push(turn) : this.dropped.push(turn.text)));
    } else this.inputs.push(input);
    signal.addEventListener("abort", () => this.aborted++, { once: true });
    let reply: Reply;
    if (input.kind === "start") reply = this.options.greeting ?? "";
    else if (input.kind === "presence_check") {
      const max = this.options.presenceMaxTimes ?? 2;
      if (this.presenceChecks >= max) {
        yield { type: "end", reason: "agent_hangup" };
        return;
      }
      const phrases = this.options.presencePhrases ?? ["Are you still there?"];
      reply = phrases[this.presenceChecks++ % phrases.length];
    } else {
      this.presenceChecks = 0;
      reply = this.options.reply?.(input.text, input.source) ?? `You said ${input.text}`;
    }
    const { text, delayMs = 0, end, chunkChars = 6 } = typeof reply === "string" ? { text: reply } : reply;
    if (delayMs) await new Promise<void>((resolve) => this.options.clock.at(this.options.clock.now() + delayMs, resolve));
    for (let offset = 0; offset < text.length && !signal.aborted; offset += chunkChars) {
      yield { type: "text", text: text.slice(offset, offset + chunkChars) };
      await Promise.resolve();
    }
    if (end && !signal.aborted) yield { type: "end", reason: end };
  }

  agentSpoke(report: AgentSpeechReport): void {
    this.reports.push(report);
  }

  end(reason: Exclude<SessionEndReason, "agent_hangup">): void {
    this.ended = reason;
  }
}
