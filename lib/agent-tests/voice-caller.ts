import "server-only";
import type { AgentDocument } from "@/lib/agents/normalize";
import { concatPcm } from "@/lib/media/audio/pcm";
import { resample } from "@/lib/media/audio/resampler";
import { realClock, type MediaClock } from "@/lib/media/clock";
import { EngineConversationPort } from "@/lib/media/engine-port";
import { MediaSession } from "@/lib/media/session/media-session";
import type { AgentOutput, AgentSpeechReport, CallerInput, ConversationPort, SessionEndReason } from "@/lib/media/session/conversation-port";
import type { MediaEvent, TurnMetrics } from "@/lib/media/session/media-events";
import { createSpeechToText, createTextToSpeech } from "@/lib/media/speech-providers";
import type { SpeechToText } from "@/lib/media/stt/speech-to-text";
import type { TextToSpeech } from "@/lib/media/tts/text-to-speech";
import type { RuntimeHostDependencies } from "@/lib/services/calls/call-host";
import { LoopbackTransport } from "./loopback-transport";
import type { TestCaller } from "./test-caller";
import type { TestConversationStore } from "./test-conversation";

/** How long the agent may take to start answering a caller turn (end of turn, transcript, model, speech). */
const ANSWER_TIMEOUT_MS = 30_000;
/** When the line sends each frame: this long after the session's start, i.e. 10 ms before the session's input tick reads it. */
const LINE_LEAD_MS = 10;
/** How much caller audio the session may hold after a stall of the event loop before it drops some. */
const LINE_BUFFER_MAX_MS = 5_000;
/** A pause between the end of the agent's answer and the caller's next words, as a person leaves. */
const CALLER_PAUSE_MS = 300;

type Response = {
  id: number;
  input: CallerInput["kind"];
  /** The frames the caller heard of this response (at the transport's output rate). */
  frames: Int16Array[];
  firstAudioAt: number | null;
  report: AgentSpeechReport | null;
  finished: Promise<void>;
  finish: () => void;
  /** What the caller heard, transcribed from the audio by the agent's transcriber (set once transcribed). */
  heard: Promise<string> | null;
  heardText: string | null;
};

export type VoiceCallerOptions = {
  host: RuntimeHostDependencies;
  store: TestConversationStore;
  env: Record<string, string | undefined>;
  clock?: MediaClock;
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/**
 * A voice test's caller: a real media session (the agent's transcriber and voice, VAD, end of turn,
 * barge-in, pacing) on an in-process line. The caller's words are spoken by the server's
 * text-to-speech and sent as caller audio in real time; what the agent says is heard as audio and
 * transcribed back by the transcriber, so expectations check what a caller would have heard (an
 * interrupted answer: only what was played).
 */
export async function openVoiceTestCaller(options: VoiceCallerOptions): Promise<TestCaller> {
  const agent = (await options.store.load()).agent;
  return VoiceTestCaller.open(agent, options);
}

class VoiceTestCaller implements TestCaller {
  private readonly responses: Response[] = [];
  private readonly turns: TurnMetrics[] = [];
  private readonly transcripts: string[] = [];
  private readonly mediaErrors: string[] = [];
  private current: Response | null = null;
  private lastFrame: Int16Array | null = null;
  private session: MediaSession | null = null;
  private sessionOver = false;
  /** Responses that existed when the caller last finished speaking: the answer to those words comes after them. */
  private answeredFrom = 0;
  private spokenTurns = 0;
  private lastWords = "";

  private constructor(
    private readonly agent: AgentDocument,
    private readonly port: EngineConversationPort,
    private readonly transport: LoopbackTransport,
    private readonly stt: SpeechToText,
    private readonly tts: TextToSpeech,
    private readonly callerVoice: TextToSpeech,
    private readonly listener: SpeechToText,
    private readonly clock: MediaClock,
  ) {}

  static async open(agent: AgentDocument, options: VoiceCallerOptions): Promise<VoiceTestCaller> {
    const clock = options.clock ?? realClock;
    const port = new EngineConversationPort(options.host, options.store);
    return new VoiceTestCaller(
      agent,
      port,
      new LoopbackTransport(clock),
      createSpeechToText(agent, options.env),
      createTextToSpeech(agent, options.env),
      createTextToSpeech(agent, options.env),
      createSpeechToText(agent, options.env),
      clock,
    );
  }

  /** The session's view of the conversation: the engine's port, with each response's audio and end noted. */
  private trackingPort(): ConversationPort {
    return {
      respond: (input, signal): AsyncIterable<AgentOutput> => {
        let finish = () => {};
        const finished = new Promise<void>((resolve) => (finish = resolve));
        this.responses.push({ id: this.responses.length + 1, input: input.kind, frames: [], firstAudioAt: null, report: null, finished, finish, heard: null, heardText: null });
        return this.port.respond(input, signal);
      },
      agentSpoke: (report) => {
        this.port.agentSpoke(report);
        if (report.kind !== "response") return;
        const response = this.responses.find((candidate) => candidate.report === null);
        if (!response) return;
        response.report = report;
        response.heard = this.transcribe(response).then((text) => (response.heardText = text));
        void response.heard.finally(response.finish);
      },
      end: (reason: Exclude<SessionEndReason, "agent_hangup">) => this.port.end(reason),
    };
  }

  private onEvent(event: MediaEvent): void {
    if (event.type === "agent_speech_started") {
      const response = this.responses[event.response - 1];
      // The sentence's first frame was sent just before this event: it belongs to this response.
      if (response && this.current !== response) {
        this.current?.frames.pop();
        this.current = response;
        if (this.lastFrame) response.frames.push(this.lastFrame);
        response.firstAudioAt ??= this.clock.now();
      }
    } else if (event.type === "turn_metrics") {
      const metrics: TurnMetrics & { type?: string } = { ...event };
      delete metrics.type;
      this.turns.push(metrics);
    } else if (event.type === "user_transcript" && event.final) this.transcripts.push(event.text);
    else if (event.type === "media_error") this.mediaErrors.push(`${event.stage}: ${event.message}`);
  }

  /** What the caller heard of a response, through the agent's transcriber ("" when nothing played). */
  private async transcribe(response: Response): Promise<string> {
    if (response.frames.length === 0) return "";
    const audio = resample(concatPcm(response.frames), this.transport.outputSampleRate, this.listener.sampleRate);
    const recognition = this.listener.open();
    try {
      recognition.write(audio);
      return (await recognition.finish()).trim();
    } catch (error) {
      this.mediaErrors.push(`stt: ${error instanceof Error ? error.message : String(error)}`);
      return "";
    } finally {
      await recognition.close().catch(() => undefined);
    }
  }

  async start(): Promise<void> {
    this.transport.onPlayed = (frame) => {
      this.lastFrame = frame;
      this.current?.frames.push(frame);
    };
    this.session = await MediaSession.start({
      transport: this.transport,
      stt: this.stt,
      tts: this.tts,
      port: this.trackingPort(),
      clock: this.clock,
      settings: {
        interruptions: this.agent.interruptions,
        interruptions_sensitivity: this.agent.interruptions_sensitivity,
        initial_message_delay: this.agent.initial_message_delay,
        max_call_duration: this.agent.max_call_duration,
        presence_check_idle_threshold: this.agent.presence_check_idle_threshold,
        end_of_turn: this.agent.end_of_turn,
      },
      onEvent: (event) => this.onEvent(event),
      // The line is in process: a frame is late only when the whole machine is, and it must then be
      // read late rather than dropped (the caller's words would lose syllables).
      jitterMaxMs: LINE_BUFFER_MAX_MS,
    });
    // The session's input ticks are due every 20 ms from now (+20); the line's sends 10 ms before each.
    this.transport.begin(this.clock.now() + LINE_LEAD_MS);
    void this.session.ended.then(() => (this.sessionOver = true));
  }

  /** The agent's answer to the caller's last words (the greeting before any): the first response to a caller turn (or the start) after them. */
  private async answer(signal: AbortSignal): Promise<Response | null> {
    const wanted = this.spokenTurns === 0 ? "start" : "caller";
    const deadline = Date.now() + ANSWER_TIMEOUT_MS;
    for (;;) {
      const response = this.responses.slice(this.answeredFrom).find((candidate) => candidate.input === wanted);
      if (response) return response;
      if (this.sessionOver || signal.aborted) return null;
      if (Date.now() > deadline) {
        const heard = this.transcripts.at(-1);
        const errors = this.mediaErrors.length ? ` Media errors: ${this.mediaErrors.join("; ")}.` : "";
        throw new Error(
          `The agent did not answer the caller's words ${JSON.stringify(this.lastWords)} within ${ANSWER_TIMEOUT_MS / 1000} s ` +
            `(the transcriber heard ${heard === undefined ? "nothing" : JSON.stringify(heard)}).${errors}`,
        );
      }
      await sleep(20, signal);
    }
  }

  async say(text: string, signal: AbortSignal, options: { interruptAfterMs?: number } = {}): Promise<boolean> {
    const previous = await this.answer(signal);
    if (previous && options.interruptAfterMs !== undefined) {
      // A barge-in: the words start that long after the answer began to play (at once if it is already over).
      while (previous.firstAudioAt === null && previous.report === null && !this.sessionOver && !signal.aborted) await sleep(10, signal);
      if (previous.firstAudioAt !== null) await sleep(Math.max(0, previous.firstAudioAt + options.interruptAfterMs - this.clock.now()), signal);
    } else if (previous) {
      await previous.finished;
      await sleep(CALLER_PAUSE_MS, signal);
    }
    if (this.sessionOver || signal.aborted) return false;
    const chunks: Int16Array[] = [];
    for await (const chunk of this.callerVoice.synthesize(text, signal)) chunks.push(chunk);
    if (signal.aborted) return false;
    this.lastWords = text;
    await this.transport.speak(resample(concatPcm(chunks), this.callerVoice.sampleRate, this.transport.inputSampleRate));
    this.spokenTurns++;
    // Responses started while the caller spoke answer earlier words (or are cut off by these).
    this.answeredFrom = this.responses.length;
    return true;
  }

  async settle(signal: AbortSignal): Promise<void> {
    const last = await this.answer(signal);
    if (last) await last.finished;
    await Promise.all(this.responses.map((response) => (response.report ? response.finished : null)));
    await this.port.settled();
  }

  ended(): boolean {
    return this.sessionOver || this.transport.hungUp;
  }

  /** What the caller heard of the agent's answer to each caller turn, in order (complete once settled). */
  heardAnswers(): string[] {
    return this.responses.filter((response) => response.input === "caller").map((response) => response.heardText ?? "");
  }

  latency(): TurnMetrics[] {
    return this.turns;
  }

  async close(): Promise<void> {
    if (this.session && !this.sessionOver) {
      this.transport.close();
      await this.session.ended;
    }
    await this.port.settled();
  }
}
