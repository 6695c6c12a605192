// The media session's view of the conversation: the engine (lib/runtime) behind a small port, so
// the session turns audio into caller turns and agent text into audio without knowing the engine.

/** What the session asks the conversation to answer. */
export type CallerInput =
  /** The call is connected and initial_message_delay has passed: the greeting, if the agent has one. */
  | { kind: "start" }
  /**
   * A caller turn: speech (transcribed), DTMF digits, or typed text; or, in speech-to-speech, the
   * caller's audio itself (the model hears it; its words arrive later in `transcript`).
   */
  | {
      kind: "caller";
      source: "speech" | "dtmf" | "text" | "audio";
      text: string;
      transcript?: Promise<string>;
      /**
       * A preemptive answer: started on the words so far while the end of turn is still awaited. Resolves
       * true when the turn ends with these words (the answer stands), false when the caller went on (it is
       * dropped: nothing of it is recorded, and tools with side effects must not run before it is true).
       */
      confirmed?: Promise<boolean>;
    }
  /** The caller has been silent (real silence, not comfort noise) for presence_check_idle_threshold. */
  | { kind: "presence_check" };

/** What the conversation answers, streamed. */
export type AgentOutput =
  /** Words to speak, in order: model deltas, or whole sentences (fillers, the greeting). */
  | { type: "text"; text: string }
  /** Whatever text is pending ends a sentence here (between a reply and a tool's filler sentence). */
  | { type: "break" }
  /** The conversation ended (hang-up tool, presence checks exhausted): speak what is queued, then hang up. */
  | { type: "end"; reason: string }
  /** Speech-to-speech: audio the model spoke itself, played as it streams (after whatever is queued). */
  | { type: "audio"; speech: SpokenAudio };

/** Audio a speech-to-speech model produced, with its transcript; the session tells it how much was played. */
export type SpokenAudio = {
  sampleRate: number;
  audio: AsyncIterable<Int16Array>;
  /** Its words so far (the model's transcript of its own audio). */
  text(): string;
  /** Milliseconds of it played to the caller so far: set by the session as frames go out. */
  playedMs: number;
};

/** What the caller heard of one agent response (or of a filler the session spoke on its own). */
export type AgentSpeechReport = {
  kind: "response" | "filler";
  input: CallerInput["kind"];
  /** Everything the conversation produced for this response. */
  text: string;
  /** What was played before the agent stopped or was cut off. */
  heard_text: string;
  interrupted: boolean;
};

/** `server_shutdown`: this server was shutting down and its drain time ran out (the caller did not hang up). */
export type SessionEndReason = "user_hangup" | "max_duration" | "agent_hangup" | "error" | "server_shutdown";

export interface ConversationPort {
  /** Answers one input; the signal aborts when the caller interrupts (the model and tools should stop). */
  respond(input: CallerInput, signal: AbortSignal): AsyncIterable<AgentOutput>;
  /** Reported once per response (and filler) when it finished playing or was cut off. */
  agentSpoke(report: AgentSpeechReport): void;
  /** The session ended the call (not the conversation): the caller hung up, or max_call_duration passed. */
  end(reason: Exclude<SessionEndReason, "agent_hangup">): void;
}
