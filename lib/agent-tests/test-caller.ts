import type { TurnLatency } from "@/lib/schemas/call-values";

/**
 * The test's side of a conversation, text or voice, the same for scripted and simulated tests. The
 * conversation itself (transcript, events, state) is in its store; this only speaks and listens.
 */
export interface TestCaller {
  /** Connects: the agent's greeting, if it has one, begins. */
  start(signal: AbortSignal): Promise<void>;
  /**
   * The caller says `text` once the agent's previous answer is over (text: resolves with the answer
   * given). Voice: `interruptAfterMs` starts the words that long after that answer began instead (a
   * barge-in); resolves once the words have been spoken. False when the conversation was over before they could be said.
   */
  say(text: string, signal: AbortSignal, options?: { interruptAfterMs?: number }): Promise<boolean>;
  /** Resolves once the agent's last answer is over and everything about it is stored. */
  settle(signal: AbortSignal): Promise<void>;
  /** The conversation has ended (the agent hung up, or the line closed). */
  ended(): boolean;
  /** Voice: the agent's answer to each caller turn as the caller heard it (transcribed from its audio); text: null. */
  heardAnswers(): string[] | null;
  /** Voice: each caller turn's latency; text: null. */
  latency(): TurnLatency[] | null;
  /** Hangs up (if the conversation is still going) and frees what it holds. */
  close(): Promise<void>;
}
