import type { AgentDocument } from "@/lib/agents/normalize";
import { FRAME_MS, Framer, samplesPerFrame } from "../audio/pcm";
import { Resampler } from "../audio/resampler";
import { decideBargeIn } from "../barge-in";
import { PeriodicTimer, realClock, type MediaClock } from "../clock";
import { resolveEndOfTurn, type EndOfTurnInput, type EndOfTurnSettings } from "@/lib/agents/end-of-turn";
import { Denoiser } from "../denoiser";
import { sameWords, silenceNeeded } from "../end-of-turn";
import { JitterBuffer } from "../jitter-buffer";
import { Pacer, type PacedFrame } from "../pacer";
import { FramePool } from "../frame-pool";
import { SentenceSplitter } from "../sentence-splitter";
import type { RecognitionStream, SpeechToText } from "../stt/speech-to-text";
import type { MediaTransport } from "../transport";
import type { TextToSpeech } from "../tts/text-to-speech";
import { SpeechSegmenter, VAD_SAMPLE_RATE, VoiceActivityDetector, type VadOptions } from "../vad";
import { AgentSpeaker, type FrameTag } from "./agent-speaker";
import type { AgentOutput, CallerInput, ConversationPort, SessionEndReason } from "./conversation-port";
import type { MediaEvent, TurnMetrics } from "./media-events";
import type { SpokenSegment } from "@/lib/redaction/silence-audio";
import { StereoRecorder, type RecordingSink } from "./recorder";

/** The agent settings a media session runs on. */
export type VoiceSettings = Pick<
  AgentDocument,
  "interruptions" | "interruptions_sensitivity" | "initial_message_delay" | "max_call_duration" | "presence_check_idle_threshold"
> & { end_of_turn?: EndOfTurnInput; denoise?: boolean };

export type MediaSessionOptions = {
  transport: MediaTransport;
  stt: SpeechToText;
  tts: TextToSpeech;
  port: ConversationPort;
  settings: VoiceSettings;
  clock?: MediaClock;
  onEvent?: (event: MediaEvent) => void;
  /** Where the stereo recording goes; none when unset. */
  recording?: RecordingSink;
  /** Said when the agent would otherwise be silent for `fillerAfterMs` after a turn (a slow model or tool). */
  fillerPhrases?: string[];
  fillerAfterMs?: number;
  /** DTMF digits are one caller turn once none comes for this long, or at "#" (default 1500 ms). */
  dtmfTimeoutMs?: number;
  jitterTargetMs?: number;
  /** Caller audio buffered beyond this is dropped to stay real time (default 200 ms); an in-process line, late only when the machine is, sets more. */
  jitterMaxMs?: number;
  vad?: VadOptions;
  /**
   * The agent's endpointing hook (end_of_turn.endpointing_url): asked at each candidate end of turn with
   * the words so far; null (no answer in time, an error) leaves the decision to the built-in rule.
   */
  endpointing?: EndpointingHook;
};

/** A team's own turn model: given the words so far and the silence, whether the turn has ended. */
export type EndpointingHook = (candidate: { transcript: string; silence_ms: number }) => Promise<EndpointingDecision | null>;
export type EndpointingDecision = { end_of_turn: boolean; wait_ms?: number };

export type SessionSummary = {
  reason: string;
  durationMs: number;
  turns: TurnMetrics[];
  /** Per barge-in: ms from the decision to the agent's audio stopping. */
  bargeIns: number[];
  recording: { sampleRate: number; channels: 2; durationMs: number; bytes: number } | null;
  /** What each side said and where it stands in the recording (with the caller's word times when speech-to-text gave them), for redaction. */
  spoken: SpokenSegment[];
};

const speechDuration = (utterance: Utterance) => utterance.lastSpeechAt - utterance.firstSpeechAt;

/** With a turn-detecting transcriber, silence ends the turn only if it says nothing for this long past max_wait_ms. */
const TURN_SIGNAL_GRACE_MS = 1500;
/** Silence after which a batch transcriber is asked for the words so far (and a preemptive answer may start). */
export const PEEK_AFTER_SILENCE_MS = 200;
/** Caller speech over the agent fades it to −20 dB (a gain of 0.1) until barge-in decides. */
export const DUCKED_GAIN = 0.1;
/** A duck for speech the segmenter does not confirm within this long is lifted. */
const DUCK_UNCONFIRMED_MS = 200;
/** The endpointing hook's time limit: past it, the built-in rule decides. */
export const ENDPOINTING_TIMEOUT_MS = 150;
/** How far a redacted word's silence reaches past the times speech-to-text gave it. */
const WORD_MARGIN_MS = 60;
const PRE_ROLL_FRAMES = 15; // 300 ms of audio before speech was confirmed, so the first syllable reaches speech-to-text
const MAX_FILLERS_PER_RESPONSE = 3;
const DEFAULT_FILLERS = ["One moment, please.", "Let me check on that.", "Just a moment."];

type Utterance = {
  /** When the utterance's first audio (pre-roll included) sent to speech-to-text was heard: word times count from here. */
  audioStartAt: number;
  /** Start of the first speech frame and end of the last one: the utterance's speech duration. */
  firstSpeechAt: number;
  lastSpeechAt: number;
  duringAgent: boolean;
  interrupted: boolean;
  /** Too little to interrupt: becomes a turn once the agent has finished. */
  deferred: boolean;
  interim: string;
  peekText: string | null;
  /** lastSpeechAt when the latest peek was asked for: a peek of all the speech stands for the final transcript. */
  peekSpeechAt: number;
  /** The endpointing hook's word on the pause after `speechAt` ("pending" while it is asked). */
  endpoint: { speechAt: number; askedAt: number; decision: EndpointingDecision | "pending" | null } | null;
  /** What a turn-detecting transcriber said of this utterance's end. */
  turn: "final" | "eager" | null;
};

type Metrics = {
  turn: number;
  speechEndedAt: number;
  endOfTurnAt: number;
  transcriptAt: number | null;
  firstTokenAt: number | null;
  firstSentenceAt: number | null;
  firstSpeechByteAt: number | null;
  firstAudioAt: number | null;
  emitted: boolean;
};

type Response = {
  /** Numbers the call's responses, so a client can tell one agent turn's sentences from the next's. */
  id: number;
  input: CallerInput;
  controller: AbortController;
  speaker: AgentSpeaker;
  fillers: AgentSpeaker[];
  splitter: SentenceSplitter;
  metrics: Metrics | null;
  startedAt: number;
  lastAudibleAt: number | null;
  streamDone: boolean;
  endReason: string | null;
  reported: boolean;
  /** A preemptive answer's audio, held until its turn is confirmed (null: it plays as it comes). */
  held: PacedFrame<FrameTag>[] | null;
};

/** An answer started on the words so far, while the end of turn is awaited. */
type Preemptive = { response: Response; text: string; resolve: (confirmed: boolean) => void };

/**
 * One live call's media: caller audio in (jitter buffer → 16 kHz → VAD → end of turn →
 * speech-to-text) and the agent's words out (conversation port → sentences → text-to-speech →
 * the transport's rate → real-time pacer), with barge-in, presence checks, fillers, the call's
 * timers, a stereo recording and per-turn latency.
 */
export class MediaSession {
  private readonly clock: MediaClock;
  private readonly transport: MediaTransport;
  private readonly eot: EndOfTurnSettings;
  private readonly jitter: JitterBuffer;
  private readonly inputResampler: Resampler;
  private readonly inputFramer = new Framer(samplesPerFrame(VAD_SAMPLE_RATE));
  private inputFrames: Int16Array[] = [];
  private readonly inputTimer: PeriodicTimer;
  private readonly pacer: Pacer<FrameTag>;
  /** The agent audio's frames: each is given back once played or dropped. */
  private readonly frames: FramePool;
  private readonly segmenter = new SpeechSegmenter();
  private readonly recognition: RecognitionStream;
  private readonly recorder: StereoRecorder | null;
  private readonly owners = new WeakMap<AgentSpeaker, Response>();
  private preRoll: Int16Array[] = [];
  private utterance: Utterance | null = null;
  private readonly spoken: SpokenSegment[] = [];
  private readonly agentSegments = new WeakMap<AgentSpeaker, Map<number, SpokenSegment>>();
  /** Model-made audio (speech-to-speech) gets its words as it plays: each agent segment's text is read again at the end. */
  private readonly agentSegmentSources: { segment: SpokenSegment; speaker: AgentSpeaker; sentence: number }[] = [];
  private response: Response | null = null;
  private deferredTurns: { text: string; metrics: Metrics }[] = [];
  private preemptive: Preemptive | null = null;
  /** Output gain: ducked while caller speech over the agent is being judged. */
  private gain = 1;
  private duckTarget = 1;
  private duckedAt: number | null = null;
  private readonly callStart: number;
  private lastVoiceAt = 0;
  private idleSince: number;
  private held = false;
  private startDone = false;
  private callerTurns = 0;
  private turnCount = 0;
  private responseCount = 0;
  private fillerIndex = 0;
  private marks = 0;
  private inputSlot = 0;
  private dtmf = "";
  private dtmfAt = 0;
  private closed = false;
  private readonly turns: TurnMetrics[] = [];
  private readonly bargeIns: number[] = [];
  private resolveEnded: (summary: SessionSummary) => void = () => undefined;
  /** Resolves when the call is over, with its summary. */
  readonly ended: Promise<SessionSummary>;

  /** Speech onsets as the audio arrives, ahead of the jitter buffer's cushion: only for ducking. */
  private readonly onsetResampler: Resampler;
  private readonly onsetFramer = new Framer(samplesPerFrame(VAD_SAMPLE_RATE));

  private constructor(
    private readonly options: MediaSessionOptions,
    private readonly vad: VoiceActivityDetector,
    private readonly onsetVad: VoiceActivityDetector | null,
    /** `denoise`: RNNoise on the caller's audio before the VAD and speech-to-text. */
    private readonly denoiser: Denoiser | null,
  ) {
    this.clock = options.clock ?? realClock;
    this.transport = options.transport;
    this.eot = resolveEndOfTurn(options.settings.end_of_turn);
    this.jitter = new JitterBuffer({ sampleRate: this.transport.inputSampleRate, targetMs: options.jitterTargetMs ?? 60, maxMs: options.jitterMaxMs });
    this.inputResampler = new Resampler(this.transport.inputSampleRate, VAD_SAMPLE_RATE);
    this.onsetResampler = new Resampler(this.transport.inputSampleRate, VAD_SAMPLE_RATE);
    this.pacer = new Pacer<FrameTag>(this.clock, (frame, at) => this.onFramePlayed(frame, at));
    this.frames = new FramePool(samplesPerFrame(this.transport.outputSampleRate));
    this.recorder = options.recording ? new StereoRecorder(options.recording, this.transport.outputSampleRate) : null;
    this.recognition = options.stt.open({ onInterim: (text) => this.onInterim(text), onTurn: (signal) => this.onTurnSignal(signal) });
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
    this.callStart = this.clock.now();
    this.idleSince = this.callStart;
    // Caller audio is processed for every period, late ones included, so it keeps pace with the line.
    this.inputTimer = new PeriodicTimer(this.clock, FRAME_MS, (slot) => {
      for (; this.inputSlot <= slot && !this.closed; this.inputSlot++) this.onInputTick(this.callStart + (this.inputSlot + 1) * FRAME_MS);
    });
  }

  static async start(options: MediaSessionOptions): Promise<MediaSession> {
    const vad = await VoiceActivityDetector.create(options.vad);
    const ducks = options.settings.interruptions && options.settings.interruptions_sensitivity !== "low";
    const session = new MediaSession(options, vad, ducks ? await VoiceActivityDetector.create(options.vad) : null, options.settings.denoise ? await Denoiser.create(VAD_SAMPLE_RATE) : null);
    session.listen();
    return session;
  }

  /** Starts recording the output's departure jitter (ms per frame): for the benchmark. */
  recordPacing(): number[] {
    this.pacer.jitter = [];
    return this.pacer.jitter;
  }

  /** A typed caller turn (the browser's text frame). */
  sendText(text: string): void {
    if (!this.closed && text.trim()) this.deliverTurn({ kind: "caller", source: "text", text: text.trim() }, null);
  }

  /**
   * The caller is on hold (a warm transfer is calling the destination): no presence check while it
   * lasts, and the silence before it does not count once it ends.
   */
  hold(on: boolean): void {
    this.held = on;
    this.idleSince = this.clock.now();
  }

  /** The caller hung up (the browser's hangup frame). */
  hangup(): void {
    void this.close("user_hangup");
  }

  /** Ends the call from outside the conversation (it was ended elsewhere, or its transport failed). */
  terminate(reason: Exclude<SessionEndReason, "agent_hangup">): void {
    void this.close(reason);
  }

  private listen(): void {
    this.transport.onAudio((audio) => {
      this.jitter.push(audio);
      this.onArrival(audio.pcm);
    });
    this.transport.onDtmf((digit) => this.onDtmf(digit));
    this.transport.onClose(() => void this.close("user_hangup"));
    this.inputTimer.begin(this.callStart + FRAME_MS);
  }

  private emit(event: MediaEvent): void {
    this.options.onEvent?.(event);
  }

  private elapsed(at: number): number {
    return Math.round(at - this.callStart);
  }

  // ── caller side ────────────────────────────────────────────────────────────

  private nextCallerFrame(): Int16Array {
    for (const frame of this.inputFramer.push(this.inputResampler.process(this.jitter.pull().pcm))) this.inputFrames.push(frame);
    return this.inputFrames.shift() ?? new Int16Array(samplesPerFrame(VAD_SAMPLE_RATE));
  }

  private onInputTick(now: number): void {
    if (this.closed) return;
    const raw = this.nextCallerFrame();
    // The recording keeps what the caller sent; the VAD and speech-to-text hear it denoised.
    this.recorder?.callerFrame(raw);
    const frame = this.denoiser ? this.denoiser.process(raw) : raw;
    const heard = this.denoiser ? this.denoiser.hearsCaller(this.segmenter.speaking) : true;
    const speech = this.vad.isSpeech(frame) && heard;
    this.preRoll.push(frame);
    if (this.preRoll.length > PRE_ROLL_FRAMES) this.preRoll.shift();
    if (speech) this.lastVoiceAt = now;
    const event = this.segmenter.push(speech);
    // A turn-detecting transcriber hears everything (silence included: that is how it knows a turn ended).
    if (this.options.stt.detectsTurns) this.recognition.write(frame);
    if (event?.type === "speech_started") this.onSpeechStarted(now, this.callStart + (event.firstFrame + 1) * FRAME_MS);
    else if (this.utterance && !this.options.stt.detectsTurns) this.recognition.write(frame);
    if (event?.type === "speech_stopped") this.onSpeechStopped(now);
    if (this.utterance && speech) this.utterance.lastSpeechAt = now;
    this.checkDuck(speech, now);
    if (this.utterance) this.checkUtterance(now);
    this.checkTimers(now);
  }

  /** Caller audio as it arrives: speech over the agent ducks it now, not a jitter-buffer cushion later. */
  private onArrival(pcm: Int16Array): void {
    if (!this.onsetVad || this.closed) return;
    for (const frame of this.onsetFramer.push(this.onsetResampler.process(pcm))) {
      if (this.onsetVad.isSpeechOnset(frame) && this.duckTarget === 1 && this.agentSpeaking() && !this.utterance?.deferred) {
        this.duckTarget = DUCKED_GAIN;
        this.duckedAt = this.clock.now();
      }
    }
  }

  /** Ducking can answer caller speech over the agent: interruptions on, sensitivity high or medium. */
  private get ducks(): boolean {
    return this.options.settings.interruptions && this.options.settings.interruptions_sensitivity !== "low";
  }

  /**
   * Fades the agent to −20 dB on the first frame of caller speech over it, before barge-in has decided;
   * lifts it when that speech is not confirmed (a click, a breath), or is judged a backchannel or too short.
   */
  private checkDuck(speech: boolean, now: number): void {
    if (this.duckTarget === 1) {
      if (speech && this.ducks && this.agentSpeaking() && !this.utterance?.deferred) {
        this.duckTarget = DUCKED_GAIN;
        this.duckedAt = now;
      }
      return;
    }
    if (speech) this.duckedAt = Math.max(this.duckedAt!, now);
    if (!this.agentSpeaking()) return this.unduck();
    const utterance = this.utterance;
    if (!utterance) {
      if (now - this.duckedAt! >= DUCK_UNCONFIRMED_MS && !this.segmenter.speaking) this.unduck();
    } else if (utterance.deferred) this.unduck();
  }

  private unduck(): void {
    this.duckTarget = 1;
    this.duckedAt = null;
  }

  private onSpeechStarted(now: number, firstSpeechEnd: number): void {
    this.emit({ type: "user_speech_started" });
    this.idleSince = now;
    // The caller goes on: an answer started on their words so far is dropped unheard.
    this.dropPreemptive();
    const response = this.response;
    // The caller goes on before hearing a reply to their last words: that reply is stale.
    if (response && !this.agentSpeaking() && response.input.kind === "caller" && (response.input.source === "speech" || response.input.source === "audio")) this.cutOff(response, now, false);
    if (this.utterance) {
      if (!this.options.stt.detectsTurns) this.recognition.write(this.preRoll.at(-1)!);
      return;
    }
    this.utterance = {
      audioStartAt: now - this.preRoll.length * FRAME_MS,
      firstSpeechAt: firstSpeechEnd - FRAME_MS,
      lastSpeechAt: now,
      duringAgent: this.agentSpeaking(),
      interrupted: false,
      deferred: false,
      interim: "",
      peekText: null,
      peekSpeechAt: -1,
      endpoint: null,
      turn: null,
    };
    if (!this.options.stt.detectsTurns) for (const frame of this.preRoll) this.recognition.write(frame);
  }

  private onSpeechStopped(now: number): void {
    this.emit({ type: "user_speech_stopped" });
    this.idleSince = now;
  }

  private onInterim(text: string): void {
    if (!this.utterance || this.closed) return;
    this.utterance.interim = text;
    this.emit({ type: "user_transcript", text, final: false });
  }

  /** A turn-detecting transcriber's word on the current utterance's end. */
  private onTurnSignal(signal: "final" | "eager" | "resumed"): void {
    if (this.closed) return;
    if (!this.utterance) {
      // Words our VAD never heard as speech (noise, a cough): not a turn.
      if (signal === "final") this.recognition.discard();
      return;
    }
    this.utterance.turn = signal === "resumed" ? null : signal;
    if (signal === "resumed") this.dropPreemptive();
    else if (signal === "eager" && this.utterance.interim) this.startPreemptive(this.utterance.interim);
  }

  private checkUtterance(now: number): void {
    const utterance = this.utterance!;
    if (this.agentSpeaking() && this.options.settings.interruptions && !utterance.interrupted) {
      this.considerBargeIn(utterance, now);
      if (this.utterance !== utterance) return;
    }
    if (this.segmenter.speaking) return;
    const silence = now - this.lastVoiceAt;
    if (this.options.stt.answersAudio) {
      if (silence >= silenceNeeded(this.eot, this.options.stt.streaming ? utterance.interim || null : null)) void this.endOfTurn(utterance, now);
      return;
    }
    if (this.options.stt.detectsTurns) {
      // The transcriber decides: at its end of turn, at its eager end after min_wait_ms of silence, or (it said nothing) well past max_wait_ms.
      const ended = utterance.turn === "final" || (utterance.turn === "eager" && silence >= this.eot.min_wait_ms) || silence >= this.eot.max_wait_ms + TURN_SIGNAL_GRACE_MS;
      if (ended) void this.endOfTurn(utterance, now);
      return;
    }
    // At the first pause, the words so far: a batch transcriber is asked (the peek), a streaming one has them.
    if (silence >= PEEK_AFTER_SILENCE_MS) {
      if (!this.options.stt.streaming) this.peekIfDue(utterance);
      else if (utterance.interim && utterance.endpoint?.speechAt !== utterance.lastSpeechAt) this.onPause(utterance, utterance.interim);
    }
    const words = this.options.stt.streaming ? utterance.interim || null : this.currentPeek(utterance);
    const endpoint = utterance.endpoint?.speechAt === utterance.lastSpeechAt ? utterance.endpoint : null;
    if (endpoint?.decision === "pending") return; // at most ENDPOINTING_TIMEOUT_MS: then the built-in rule
    if (endpoint?.decision) {
      const { end_of_turn: ended, wait_ms: waitMs } = endpoint.decision;
      const until = endpoint.askedAt + (waitMs ?? (ended ? 0 : Math.max(0, this.eot.max_wait_ms - (endpoint.askedAt - this.lastVoiceAt))));
      if (now >= until) void this.endOfTurn(utterance, now);
      return;
    }
    if (silence >= silenceNeeded(this.eot, words)) void this.endOfTurn(utterance, now);
  }

  /** The batch transcript of all the speech so far, when one was taken since the last speech. */
  private currentPeek(utterance: Utterance): string | null {
    return utterance.peekSpeechAt === utterance.lastSpeechAt ? utterance.peekText : null;
  }

  /** Batch speech-to-text: transcribes the utterance so far at a pause (once per pause). */
  private peekIfDue(utterance: Utterance): void {
    if (utterance.peekSpeechAt === utterance.lastSpeechAt) return;
    const speechAt = utterance.lastSpeechAt;
    utterance.peekSpeechAt = speechAt;
    utterance.peekText = null;
    this.recognition
      .peek()
      .then((text) => {
        if (utterance.peekSpeechAt !== speechAt || this.closed) return;
        utterance.peekText = text.trim();
        if (this.utterance === utterance && utterance.lastSpeechAt === speechAt) this.onPause(utterance, utterance.peekText);
      })
      .catch((error: unknown) => {
        if (utterance.peekSpeechAt === speechAt) utterance.peekText = "";
        this.emit({ type: "media_error", stage: "stt", message: String(error instanceof Error ? error.message : error) });
      });
  }

  /** A candidate end of turn with its words: the endpointing hook is asked, and the answer may start. */
  private onPause(utterance: Utterance, words: string): void {
    if (!words || this.agentSpeaking()) return;
    const speechAt = utterance.lastSpeechAt;
    const hook = this.options.endpointing;
    if (hook) {
      const askedAt = this.clock.now();
      const endpoint: NonNullable<Utterance["endpoint"]> = { speechAt, askedAt, decision: "pending" };
      utterance.endpoint = endpoint;
      let settled = false;
      const settle = (decision: EndpointingDecision | null) => {
        if (settled) return;
        settled = true;
        cancelTimer();
        endpoint.decision = decision;
      };
      const cancelTimer = this.clock.at(askedAt + ENDPOINTING_TIMEOUT_MS, () => settle(null));
      hook({ transcript: words, silence_ms: Math.round(askedAt - this.lastVoiceAt) }).then(settle, () => settle(null));
    } else utterance.endpoint = { speechAt, askedAt: this.clock.now(), decision: null };
    this.startPreemptive(words);
  }

  private considerBargeIn(utterance: Utterance, now: number): void {
    const final = !this.segmenter.speaking;
    const transcript = this.options.stt.streaming ? utterance.interim || null : utterance.peekText;
    const decision = decideBargeIn(this.options.settings.interruptions_sensitivity, { speechMs: speechDuration(utterance), transcript, final });
    if (decision === "interrupt") {
      utterance.interrupted = true;
      this.interrupt(now);
    } else if (decision === "backchannel") {
      this.recognition.discard();
      this.utterance = null;
      this.unduck();
    } else if (decision === "too_short") {
      utterance.deferred = true;
      this.unduck();
    }
    // Batch speech-to-text: what was said decides between a backchannel and "stop".
    else if (final && !this.options.stt.streaming && utterance.peekText === null) this.peekIfDue(utterance);
  }

  private async endOfTurn(utterance: Utterance, now: number): Promise<void> {
    this.utterance = null;
    if (this.agentSpeaking() && !utterance.interrupted) {
      if (this.options.settings.interruptions && !utterance.deferred) {
        const decision = decideBargeIn(this.options.settings.interruptions_sensitivity, {
          speechMs: speechDuration(utterance),
          transcript: this.options.stt.streaming ? utterance.interim || null : utterance.peekText,
          final: true,
        });
        if (decision === "backchannel") {
          this.unduck();
          return this.recognition.discard();
        }
        if (decision === "interrupt") this.interrupt(now);
        else utterance.deferred = true;
      } else utterance.deferred = true;
      this.unduck();
    }
    const metrics: Metrics = {
      turn: ++this.turnCount,
      speechEndedAt: this.lastVoiceAt,
      // When the decision was actually taken (a late timer makes it later than the frame's slot).
      endOfTurnAt: Math.max(now, this.clock.now()),
      transcriptAt: null,
      firstTokenAt: null,
      firstSentenceAt: null,
      firstSpeechByteAt: null,
      firstAudioAt: null,
      emitted: false,
    };
    const reusePeek = !this.options.stt.streaming && this.currentPeek(utterance) !== null;
    if (this.options.stt.answersAudio && !reusePeek && !this.agentSpeaking() && this.deferredTurns.length === 0) return this.answerAudio(utterance, metrics);
    let text: string;
    try {
      if (reusePeek) this.recognition.discard();
      text = reusePeek ? utterance.peekText! : await this.recognition.finish();
    } catch (error) {
      this.emit({ type: "media_error", stage: "stt", message: String(error instanceof Error ? error.message : error) });
      text = "";
    }
    if (this.closed) return;
    metrics.transcriptAt = this.clock.now();
    text = text.trim();
    this.emit({ type: "user_transcript", text, final: true });
    const preemptive = this.preemptive;
    if (preemptive && text && !utterance.deferred && this.deferredTurns.length === 0 && this.response === preemptive.response && sameWords(preemptive.text, text)) {
      this.noteCallerSpeech(utterance, text);
      return this.confirmPreemptive(preemptive, metrics);
    }
    this.dropPreemptive();
    if (!text) return;
    this.noteCallerSpeech(utterance, text);
    if (utterance.deferred && this.agentSpeaking()) {
      this.deferredTurns.push({ text, metrics });
      return;
    }
    if (!this.agentSpeaking() && this.deferredTurns.length) text = [...this.deferredTurns.splice(0).map((turn) => turn.text), text].join(" ");
    this.deliverTurn({ kind: "caller", source: "speech", text }, metrics);
  }

  /** Speech-to-speech: the model answers the caller's audio at once; the words are reported once its transcription has them. */
  private answerAudio(utterance: Utterance, metrics: Metrics): void {
    const transcript = this.recognition.finish().then(
      (text) => text.trim(),
      (error: unknown) => {
        this.emit({ type: "media_error", stage: "stt", message: String(error instanceof Error ? error.message : error) });
        return "";
      },
    );
    void transcript.then((text) => {
      if (!text || this.closed) return;
      this.emit({ type: "user_transcript", text, final: true });
      this.noteCallerSpeech(utterance, text);
    });
    this.deliverTurn({ kind: "caller", source: "audio", text: "", transcript }, metrics);
  }

  /** Where the caller's words are in the recording: the utterance's span, and each word's when the provider timed them. */
  private noteCallerSpeech(utterance: Utterance, text: string): void {
    const start = this.elapsed(utterance.audioStartAt);
    const words = this.recognition.lastWords?.() ?? null;
    this.spoken.push({
      role: "user",
      text,
      startMs: Math.max(0, start),
      endMs: this.elapsed(utterance.lastSpeechAt) + 2 * FRAME_MS,
      // Word times are approximate by a frame or two either side: the silenced span is widened to match.
      words: words?.map((word) => ({ word: word.word, startMs: Math.max(0, start + word.start * 1000 - WORD_MARGIN_MS), endMs: start + word.end * 1000 + WORD_MARGIN_MS })) ?? null,
    });
  }

  private onDtmf(digit: string): void {
    if (this.closed) return;
    this.idleSince = this.clock.now();
    if (digit === "#") return this.flushDtmf();
    this.dtmf += digit;
    this.dtmfAt = this.clock.now();
  }

  private flushDtmf(): void {
    const digits = this.dtmf;
    this.dtmf = "";
    if (digits) this.deliverTurn({ kind: "caller", source: "dtmf", text: digits }, null);
  }

  // ── agent side ─────────────────────────────────────────────────────────────

  /** The agent is audible, or about to be: a response has started playing and is not done. */
  private agentSpeaking(): boolean {
    const response = this.response;
    if (!response) return false;
    return response.speaker.startedPlaying || response.fillers.some((filler) => filler.startedPlaying) || this.pacer.queuedFrames > 0;
  }

  private deliverTurn(input: CallerInput, metrics: Metrics | null): void {
    this.dropPreemptive();
    this.callerTurns++;
    this.idleSince = this.clock.now();
    if (this.response) {
      if (this.agentSpeaking() && !this.options.settings.interruptions && input.kind === "caller") {
        this.deferredTurns.push({ text: input.text, metrics: metrics ?? this.untimedMetrics() });
        return;
      }
      if (this.agentSpeaking()) this.interrupt(this.clock.now());
      else this.cutOff(this.response, this.clock.now(), false);
    }
    this.startResponse(input, metrics);
  }

  private untimedMetrics(): Metrics {
    const now = this.clock.now();
    return { turn: 0, speechEndedAt: now, endOfTurnAt: now, transcriptAt: now, firstTokenAt: null, firstSentenceAt: null, firstSpeechByteAt: null, firstAudioAt: null, emitted: true };
  }

  private newSpeaker(response: Pick<Response, "controller" | "metrics" | "held">): AgentSpeaker {
    return new AgentSpeaker({
      tts: this.options.tts,
      outputRate: this.transport.outputSampleRate,
      frames: this.frames,
      signal: response.controller.signal,
      enqueue: (frames) => (response.held ? response.held.push(...frames) : this.pacer.enqueue(frames)),
      onFirstByte: () => {
        if (response.metrics) response.metrics.firstSpeechByteAt ??= this.clock.now();
      },
      onError: (error) => this.emit({ type: "media_error", stage: "tts", message: String(error instanceof Error ? error.message : error) }),
    });
  }

  private startResponse(input: CallerInput, metrics: Metrics | null, preemptive = false): Response {
    const controller = new AbortController();
    const held: PacedFrame<FrameTag>[] | null = preemptive ? [] : null;
    const response: Response = {
      id: preemptive ? 0 : ++this.responseCount,
      input,
      controller,
      held,
      speaker: null as unknown as AgentSpeaker, // below: it reads the response itself
      fillers: [],
      splitter: new SentenceSplitter(),
      metrics,
      startedAt: this.clock.now(),
      lastAudibleAt: null,
      streamDone: false,
      endReason: null,
      reported: false,
    };
    response.speaker = this.newSpeaker(response);
    this.owners.set(response.speaker, response);
    this.response = response;
    void this.consume(response);
    return response;
  }

  /**
   * Starts answering the words so far while the end of turn is awaited: the model and the speech run,
   * the audio is held, and side-effecting tools wait for the confirmation. Only when nothing else is
   * going on: the agent silent, no answer running, no words held for later.
   */
  private startPreemptive(text: string): void {
    if (this.closed || this.options.stt.answersAudio || !text.trim()) return;
    if (this.preemptive && sameWords(this.preemptive.text, text)) return;
    this.dropPreemptive();
    if (this.response || this.deferredTurns.length) return;
    let resolve: (confirmed: boolean) => void = () => undefined;
    const confirmed = new Promise<boolean>((done) => (resolve = done));
    const metrics: Metrics = { turn: 0, speechEndedAt: 0, endOfTurnAt: 0, transcriptAt: null, firstTokenAt: null, firstSentenceAt: null, firstSpeechByteAt: null, firstAudioAt: null, emitted: false };
    const response = this.startResponse({ kind: "caller", source: "speech", text: text.trim(), confirmed }, metrics, true);
    this.preemptive = { response, text: text.trim(), resolve };
  }

  /** The caller went on (or said something else): the preemptive answer is cancelled, nothing of it heard or recorded. */
  private dropPreemptive(): void {
    const preemptive = this.preemptive;
    if (!preemptive) return;
    this.preemptive = null;
    const { response } = preemptive;
    response.controller.abort();
    response.held = [];
    response.reported = true;
    if (this.response === response) this.response = null;
    preemptive.resolve(false);
  }

  /** The turn ended with the preemptive answer's words: it is the answer, its held audio plays now. */
  private confirmPreemptive(preemptive: Preemptive, metrics: Metrics): void {
    this.preemptive = null;
    const { response } = preemptive;
    const early = response.metrics!;
    metrics.firstTokenAt = early.firstTokenAt;
    metrics.firstSentenceAt = early.firstSentenceAt;
    metrics.firstSpeechByteAt = early.firstSpeechByteAt;
    response.metrics = metrics;
    response.id = ++this.responseCount;
    response.startedAt = this.clock.now();
    this.callerTurns++;
    this.idleSince = this.clock.now();
    preemptive.resolve(true);
    const held = response.held ?? [];
    response.held = null;
    if (held.length) this.pacer.enqueue(held);
    this.checkFinished(response);
  }

  private queueSentence(response: Response, sentence: string): void {
    if (response.metrics) response.metrics.firstSentenceAt ??= this.clock.now();
    response.speaker.say(sentence);
  }

  private async consume(response: Response): Promise<void> {
    const { signal } = response.controller;
    try {
      for await (const output of this.options.port.respond(response.input, signal) as AsyncIterable<AgentOutput>) {
        if (signal.aborted) break;
        if (output.type === "text") {
          if (response.metrics) response.metrics.firstTokenAt ??= this.clock.now();
          for (const sentence of response.splitter.push(output.text)) this.queueSentence(response, sentence);
        } else if (output.type === "break") {
          const rest = response.splitter.flush();
          if (rest) this.queueSentence(response, rest);
        } else if (output.type === "audio") {
          // Speech-to-speech: the model's own audio, after anything already queued.
          if (response.metrics) response.metrics.firstTokenAt ??= this.clock.now();
          const rest = response.splitter.flush();
          if (rest) this.queueSentence(response, rest);
          response.speaker.play(output.speech);
        } else response.endReason = output.reason;
      }
    } catch (error) {
      if (!signal.aborted) this.emit({ type: "media_error", stage: "conversation", message: String(error instanceof Error ? error.message : error) });
    }
    if (signal.aborted) return;
    const rest = response.splitter.flush();
    if (rest) this.queueSentence(response, rest);
    response.streamDone = true;
    response.speaker.endInput();
    await response.speaker.synthesized;
    this.checkFinished(response);
  }

  private onFramePlayed(frame: PacedFrame<FrameTag>, at: number): void {
    const pcm = this.withGain(frame.pcm);
    this.transport.play(pcm);
    this.recorder?.agentPlayed(pcm);
    this.frames.release(frame.pcm);
    const { speaker, sentence } = frame.tag;
    const firstOfSentence = speaker.played(sentence);
    const response = this.owners.get(speaker);
    if (!response) return;
    response.lastAudibleAt = at;
    if (firstOfSentence) this.emit({ type: "agent_speech_started", text: speaker.sentences[sentence].text, response: response.id });
    this.noteAgentSpeech(speaker, sentence, at, firstOfSentence);
    const metrics = response.metrics;
    if (metrics && speaker === response.speaker && metrics.firstAudioAt === null) {
      metrics.firstAudioAt = at;
      this.emitMetrics(metrics);
    }
    const spoken = speaker.sentences[sentence];
    if (spoken.complete && spoken.playedSamples >= spoken.totalSamples) this.transport.mark(`sentence-${++this.marks}`);
    this.checkFinished(response);
  }

  private checkFinished(response: Response): void {
    if (response.reported || response.held || !response.streamDone || !response.speaker.finished) return;
    if (response.fillers.some((filler) => !filler.finished)) return;
    this.finishResponse(response, false);
  }

  private finishResponse(response: Response, interrupted: boolean): void {
    if (response.reported) return;
    response.reported = true;
    if (this.response === response) this.response = null;
    // Silence counts from the end of the last frame played.
    this.idleSince = Math.max(this.clock.now(), (response.lastAudibleAt ?? -Infinity) + FRAME_MS);
    const heard = response.speaker.heardText();
    if (interrupted && response.speaker.startedPlaying) this.emit({ type: "agent_speech_interrupted", heard_text: heard });
    this.options.port.agentSpoke({ kind: "response", input: response.input.kind, text: response.speaker.text(), heard_text: heard, interrupted });
    for (const filler of response.fillers) {
      const fillerHeard = filler.heardText();
      this.options.port.agentSpoke({ kind: "filler", input: response.input.kind, text: filler.text(), heard_text: fillerHeard, interrupted: fillerHeard !== filler.text() });
    }
    if (response.metrics && !response.metrics.emitted) this.emitMetrics(response.metrics);
    if (response.endReason && !this.closed) {
      this.transport.hangup();
      void this.close("agent_hangup");
      return;
    }
    // Words held while the agent spoke are answered now, unless the caller is still talking: then with what they add.
    if (!interrupted && this.deferredTurns.length && !this.closed && !this.utterance) {
      const turns = this.deferredTurns.splice(0);
      this.startResponse({ kind: "caller", source: "speech", text: turns.map((turn) => turn.text).join(" ") }, turns[0].metrics.turn ? turns[0].metrics : null);
    }
  }

  /** The frame at the output gain, ramped over the frame from the last gain to the target (a 20 ms fade, no click). */
  private withGain(pcm: Int16Array): Int16Array {
    const from = this.gain;
    const to = this.duckTarget;
    if (from === 1 && to === 1) return pcm;
    const out = new Int16Array(pcm.length);
    for (let i = 0; i < pcm.length; i++) out[i] = Math.round(pcm[i] * (from + ((to - from) * (i + 1)) / pcm.length));
    this.gain = to;
    return out;
  }

  /** Barge-in: the agent's audio stops at once (transport clear), its model and speech streams are cancelled. */
  private interrupt(now: number): void {
    const response = this.response;
    if (!response) return;
    this.cutOff(response, now, true);
  }

  private cutOff(response: Response, now: number, audible: boolean): void {
    response.controller.abort();
    this.dropQueued();
    this.unduck();
    this.gain = 1;
    if (audible) {
      this.transport.clear();
      this.emit({ type: "clear" });
      this.bargeIns.push(this.clock.now() - now);
    }
    this.finishResponse(response, true);
  }

  private dropQueued(): void {
    for (const frame of this.pacer.clear()) {
      frame.tag.speaker.dropped(1);
      this.frames.release(frame.pcm);
    }
  }

  /** Where each agent sentence played in the recording (from its first frame to its last). */
  private noteAgentSpeech(speaker: AgentSpeaker, sentence: number, at: number, first: boolean): void {
    let sentences = this.agentSegments.get(speaker);
    if (!sentences) this.agentSegments.set(speaker, (sentences = new Map()));
    let segment = sentences.get(sentence);
    if (!segment || first) {
      segment = { role: "agent", text: speaker.sentences[sentence].text, startMs: Math.max(0, this.elapsed(at) - FRAME_MS), endMs: this.elapsed(at) + FRAME_MS };
      sentences.set(sentence, segment);
      this.spoken.push(segment);
      this.agentSegmentSources.push({ segment, speaker, sentence });
    } else segment.endMs = this.elapsed(at) + FRAME_MS;
  }

  private emitMetrics(metrics: Metrics): void {
    metrics.emitted = true;
    const after = (at: number | null) => (at === null ? null : Math.round(at - metrics.speechEndedAt));
    const turn: TurnMetrics = {
      turn: metrics.turn,
      speech_ended_at_ms: this.elapsed(metrics.speechEndedAt),
      end_of_turn_ms: after(metrics.endOfTurnAt)!,
      transcript_ms: after(metrics.transcriptAt),
      first_token_ms: after(metrics.firstTokenAt),
      first_sentence_ms: after(metrics.firstSentenceAt),
      first_speech_byte_ms: after(metrics.firstSpeechByteAt),
      first_audio_ms: after(metrics.firstAudioAt),
    };
    this.turns.push(turn);
    this.emit({ type: "turn_metrics", ...turn });
  }

  private speakFiller(response: Response): void {
    const fillers = this.options.fillerPhrases?.length ? this.options.fillerPhrases : DEFAULT_FILLERS;
    const filler = this.newSpeaker(response);
    this.owners.set(filler, response);
    response.fillers.push(filler);
    filler.say(fillers[this.fillerIndex++ % fillers.length]);
    filler.endInput();
    response.lastAudibleAt = this.clock.now();
    void filler.synthesized.then(() => this.checkFinished(response));
  }

  // ── the call's clock ───────────────────────────────────────────────────────

  private checkTimers(now: number): void {
    const { settings } = this.options;
    if (now - this.callStart >= settings.max_call_duration * 1000) {
      void this.close("max_duration");
      return;
    }
    if (!this.startDone && now - this.callStart >= settings.initial_message_delay) {
      this.startDone = true;
      if (this.callerTurns === 0 && !this.response && !this.utterance) this.startResponse({ kind: "start" }, null);
    }
    if (this.dtmf && now - this.dtmfAt >= (this.options.dtmfTimeoutMs ?? 1500)) this.flushDtmf();
    const response = this.response;
    if (response) {
      const quiet = this.pacer.queuedFrames === 0 && !this.segmenter.speaking && !response.speaker.finished;
      const since = response.lastAudibleAt ?? response.startedAt;
      if (response.input.kind === "caller" && quiet && response.fillers.length < MAX_FILLERS_PER_RESPONSE && now - since >= (this.options.fillerAfterMs ?? 3000)) {
        this.speakFiller(response);
      }
      return;
    }
    if (this.held) this.idleSince = now;
    else if (this.startDone && !this.utterance && !this.segmenter.speaking && this.deferredTurns.length === 0 && now - this.idleSince >= settings.presence_check_idle_threshold * 1000) {
      this.idleSince = now;
      this.startResponse({ kind: "presence_check" }, null);
    }
  }

  private async close(reason: SessionEndReason): Promise<void> {
    if (this.closed) return;
    this.dropPreemptive();
    this.closed = true;
    const now = this.clock.now();
    this.inputTimer.stop();
    if (this.response) {
      const response = this.response;
      response.controller.abort();
      this.dropQueued();
      this.finishResponse(response, true);
    }
    this.pacer.stop();
    if (reason !== "agent_hangup") this.options.port.end(reason);
    if (reason === "max_duration" || reason === "error" || reason === "server_shutdown") this.transport.hangup();
    await this.recognition.close().catch(() => undefined);
    await this.options.tts.close?.().catch(() => undefined);
    this.vad.close();
    this.onsetVad?.close();
    this.denoiser?.close();
    const durationMs = now - this.callStart;
    // A recording that could not be written (a full disk) is lost; the call still ends as it should.
    const recording = this.recorder
      ? await this.recorder.finish(durationMs).catch((error: unknown) => {
          this.emit({ type: "media_error", stage: "recording", message: String(error instanceof Error ? error.message : error) });
          return null;
        })
      : null;
    this.emit({ type: "session_ended", reason, duration_ms: Math.round(durationMs) });
    for (const { segment, speaker, sentence } of this.agentSegmentSources) segment.text = speaker.sentences[sentence]?.text ?? segment.text;
    this.resolveEnded({ reason, durationMs, turns: this.turns, bargeIns: this.bargeIns, recording, spoken: this.spoken });
  }
}
