/**
 * npm run bench:voice [-- --calls 50 --seconds 40] [--engine] [--stt batch|streaming] [--provider elevenlabs|cartesia|deepgram|deepgram_flux|openai_realtime]
 *
 * Concurrent voice calls through the media session in real time, with instant speech providers
 * and an instant conversation, so every figure is the media layer's own cost: each caller speaks
 * an espeak-ng sentence (fed at line rate, 20 ms a period), listens to the reply, and every second
 * turn says "stop" over a long reply. Reports the time we add from the end-of-turn decision to the
 * first audio frame out, output pacing lateness, VAD cost per frame, barge-in to silence, and
 * memory per live call, beside a baseline measured in the same run: as many idle 20 ms timers on
 * absolute deadlines doing no work. With --engine the conversation is the real engine over an
 * in-memory database (scripts/bench/voice-engine-calls.ts): the figures are then end to end. With
 * --provider the calls speak (or listen, or both: openai_realtime) through that provider's real client
 * against its loopback fake (scripts/bench/voice-providers.ts), and the barge-ins are also timed to
 * the provider's own cancel, with any audio of the cancelled answer played after the decision counted.
 * Measured from the audio itself: the caller's end of speech (the last voiced 20 ms sent) to the
 * first agent frame out, caller speech over the agent to the agent 20 dB down (ducking), and every
 * third turn a backchannel ("yeah", "okay", "mm-hmm") over the reply, which must interrupt nothing.
 * --stt streaming swaps the instant batch transcriber for an instant streaming one (interim words).
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { concatPcm, levelDbfs, samplesPerFrame } from "@/lib/media/audio/pcm";
import { decodeWav } from "@/lib/media/audio/wav";
import { PeriodicTimer, realClock } from "@/lib/media/clock";
import type { AgentOutput, CallerInput, ConversationPort } from "@/lib/media/session/conversation-port";
import { MediaSession } from "@/lib/media/session/media-session";
import type { MediaEvent } from "@/lib/media/session/media-events";
import type { RecordingSink } from "@/lib/media/session/recorder";
import type { RecognitionStream, SpeechToText } from "@/lib/media/stt/speech-to-text";
import type { InboundAudio, MediaTransport, TransportCloseReason } from "@/lib/media/transport";
import type { TextToSpeech } from "@/lib/media/tts/text-to-speech";
import { VoiceActivityDetector } from "@/lib/media/vad";
import { noisyCall, segment } from "../../tests/helpers/noisy-speech";
import { formatMs, summarize, textTable } from "./stats";
import { engineCallPorts } from "./voice-engine-calls";
import { BENCH_PROVIDERS, providerCalls, type BenchProvider } from "./voice-providers";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const CALLS = option("calls", 50);
const providerArg = args.includes("--provider") ? args[args.indexOf("--provider") + 1] : null;
if (providerArg && !(BENCH_PROVIDERS as readonly string[]).includes(providerArg)) throw new Error(`--provider: one of ${BENCH_PROVIDERS.join(", ")}`);
const PROVIDER = providerArg as BenchProvider | null;
const ENGINE = args.includes("--engine");
const SECONDS = option("seconds", 40);
const STREAMING = args.includes("--stt") && args[args.indexOf("--stt") + 1] === "streaming";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const gc = (globalThis as { gc?: () => void }).gc;

const fixture = (name: string) => decodeWav(readFileSync(path.join(process.cwd(), "tests/fixtures/speech", `${name}.wav`))).samples;
const REQUEST = fixture("request");
const STOP = fixture("stop");
const BACKCHANNELS = [
  { pcm: fixture("yeah"), words: "Yeah." },
  { pcm: fixture("okay"), words: "Okay." },
  { pcm: fixture("mm-hmm"), words: "Mm-hmm." },
];
const VOICED_DB = -40;
const SHORT_REPLY = "Sure, I can help you with that. What time would suit you?";
const LONG_REPLY = "We are open from nine in the morning until eight in the evening on weekdays, and from ten until four on Saturdays, and closed on Sundays.";

function tone(frequency: number, ms: number, rate: number): Int16Array {
  return Int16Array.from({ length: Math.round((rate * ms) / 1000) }, (_, i) => Math.round(9000 * Math.sin((2 * Math.PI * frequency * i) / rate)));
}

/** Instant providers: a transcript at once (the words the caller's line is saying), speech as fast as the loop takes it. */
function instantStt(transport: BenchTransport): SpeechToText {
  return {
    provider: "instant",
    streaming: STREAMING,
    sampleRate: 16000,
    open(handlers = {}): RecognitionStream {
      let samples = 0;
      return {
        write: (pcm) => {
          samples += pcm.length;
          // Streaming: the words so far, as an instant streaming recognizer would have them.
          if (STREAMING && samples % 1600 === 0) handlers.onInterim?.(transport.words);
        },
        peek: async () => (samples ? transport.words : ""),
        finish: async () => {
          const text = samples ? transport.words : "";
          samples = 0;
          return text;
        },
        discard: () => void (samples = 0),
        close: async () => undefined,
      };
    },
  };
}

const tones = new Map<string, Int16Array>();
const instantTts: TextToSpeech = {
  provider: "instant",
  sampleRate: 24000,
  async *synthesize(text, signal) {
    // Made once per sentence: a real provider's audio arrives over the network, it is not computed here.
    let audio = tones.get(text);
    if (!audio) tones.set(text, (audio = tone(300 + (text.length % 7) * 100, text.length * 60, 24000)));
    for (let offset = 0; offset < audio.length && !signal.aborted; offset += 960) yield audio.subarray(offset, offset + 960);
  },
};

class InstantPort implements ConversationPort {
  turns = 0;
  async *respond(input: CallerInput, signal: AbortSignal): AsyncIterable<AgentOutput> {
    if (input.kind !== "caller") return;
    const reply = ++this.turns % 2 === 0 ? LONG_REPLY : SHORT_REPLY;
    for (const word of reply.split(/(?<= )/)) {
      if (signal.aborted) return;
      yield { type: "text", text: word };
    }
  }
  agentSpoke(): void {}
  end(): void {}
}

class NullSink implements RecordingSink {
  bytes = 0;
  write(pcm: Uint8Array): void {
    this.bytes += pcm.length;
  }
  async finish(): Promise<void> {}
}

/** A caller's line at 16 kHz: speaks what is queued, silence otherwise; keeps only what the benchmark needs. */
class BenchTransport implements MediaTransport {
  readonly inputSampleRate = 16000 as const;
  readonly outputSampleRate = 24000 as const;
  private audio: ((audio: InboundAudio) => void) | null = null;
  private queued: Int16Array | null = null;
  lastPlayedAt = 0;
  playedSinceClear = 0;
  /** Frames played after a barge-in before the next answer's first: audio of the cancelled answer (must stay 0). */
  staleFrames = 0;
  awaitingAnswer = false;
  /** End of the caller's request (its last voiced frame sent), until the agent's next frame: then one latency. */
  private requestEndAt: number | null = null;
  private measuringRequest = false;
  private lastVoicedAt = 0;
  readonly replyLatency: number[] = [];
  /** Onset of caller speech over the agent, until a frame 20 dB down: then one ducking time. */
  private overOnsetAt: number | null = null;
  private overSince: number | null = null;
  private lastLevel = -Infinity;
  readonly duckLatency: number[] = [];
  onAudio(listener: (audio: InboundAudio) => void): void {
    this.audio = listener;
  }
  onDtmf(): void {}
  onMark(): void {}
  onClose(listener: (reason: TransportCloseReason) => void): void {
    void listener;
  }
  play(pcm: Int16Array): void {
    const now = performance.now();
    const level = levelDbfs(pcm);
    if (this.requestEndAt !== null) {
      this.replyLatency.push(now - this.requestEndAt);
      this.requestEndAt = null;
    }
    if (this.overOnsetAt !== null && level <= this.lastLevel - 19.5) {
      this.duckLatency.push(now + 20 - this.overOnsetAt); // the frame's end: heard 20 dB down by then
      this.overOnsetAt = null;
    } else if (this.overOnsetAt === null) this.lastLevel = level;
    this.lastPlayedAt = now;
    this.playedSinceClear++;
    if (this.awaitingAnswer) this.staleFrames++;
  }
  /** A sentence started: the first frame after a barge-in belongs to the new answer, not the cancelled one. */
  answerStarted(): void {
    if (!this.awaitingAnswer) return;
    this.awaitingAnswer = false;
    this.staleFrames--;
  }
  mark(): void {}
  clear(): void {
    this.playedSinceClear = 0;
    this.awaitingAnswer = true;
  }
  hangup(): void {}
  /** The words of what the line is saying (or last said). */
  words = "";
  say(pcm: Int16Array, words: string, kind: "request" | "over" = "request"): void {
    this.words = words;
    this.queued = this.queued ? concatPcm([this.queued, pcm]) : pcm;
    this.measuringRequest = kind === "request";
    this.overSince = kind === "over" ? 0 : null;
  }
  get speaking(): boolean {
    return this.queued !== null;
  }
  pump(): void {
    const size = samplesPerFrame(16000);
    const chunk = new Int16Array(size);
    if (this.queued) {
      chunk.set(this.queued.subarray(0, size));
      this.queued = this.queued.length > size ? this.queued.subarray(size) : null;
    }
    const now = performance.now();
    const voiced = levelDbfs(chunk) > VOICED_DB;
    if (voiced) this.lastVoicedAt = now + 20; // the chunk's end
    if (voiced && this.overSince === 0) {
      this.overSince = now;
      if (performance.now() - this.lastPlayedAt < 40) this.overOnsetAt = now + 20; // caller speech over the agent: its first 20 ms are in
    }
    if (!this.queued && this.measuringRequest) {
      this.measuringRequest = false;
      this.requestEndAt = this.lastVoicedAt;
    }
    this.audio?.({ pcm: chunk });
  }
}

type Call = { transport: BenchTransport; session: MediaSession; events: { at: number; event: MediaEvent }[]; pacing: number[]; backchannels: number; backchannelInterruptions: number };

/** Idle 20 ms timer chains doing no work: each firing's departure jitter, measured as the pacer's is. */
async function baselineTimers(count: number, ms: number): Promise<number[]> {
  const jitter: number[] = [];
  const timers = Array.from({ length: count }, () => {
    let last: number | null = null;
    return new PeriodicTimer(realClock, 20, () => {
      const now = performance.now();
      if (last !== null) jitter.push(Math.abs(now - last - 20));
      last = now;
    });
  });
  timers.forEach((timer, i) => timer.begin(performance.now() + (i * 20) / count));
  await sleep(ms);
  timers.forEach((timer) => timer.stop());
  return jitter;
}

async function vadCost(frames: number): Promise<number[]> {
  const vad = await VoiceActivityDetector.create();
  const signal = concatPcm([REQUEST, new Int16Array(16000), REQUEST]);
  const perFrame: number[] = [];
  for (let i = 0; i < frames; i++) {
    const offset = (i * 320) % (signal.length - 320);
    const start = process.hrtime.bigint();
    vad.isSpeech(signal.subarray(offset, offset + 320));
    perFrame.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (i % 50 === 49) await new Promise((resolve) => setImmediate(resolve)); // share the loop with the calls
  }
  vad.close();
  return perFrame;
}

function memory(): number {
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external + usage.arrayBuffers;
}

async function caller(call: Call, deadline: number): Promise<void> {
  const { transport, events } = call;
  await sleep(Math.random() * 2000);
  for (let turn = 1; performance.now() < deadline - 6000; turn++) {
    const replies = () => events.filter((entry) => entry.event.type === "agent_speech_started").length;
    const before = replies();
    transport.say(REQUEST, "I would like to book a table for two people tomorrow evening.");
    while (performance.now() < deadline && replies() === before) await sleep(50);
    if (turn % 3 === 1) {
      // A backchannel over the reply: it must not stop the agent.
      await sleep(300);
      const backchannel = BACKCHANNELS[turn % BACKCHANNELS.length];
      transport.say(backchannel.pcm, backchannel.words, "over");
      call.backchannels++;
      const clears = events.filter((entry) => entry.event.type === "clear").length;
      while (performance.now() < deadline && performance.now() - transport.lastPlayedAt < 300) await sleep(50);
      if (events.filter((entry) => entry.event.type === "clear").length > clears) call.backchannelInterruptions++;
    } else if (turn % 3 === 2) {
      await sleep(1500);
      transport.say(STOP, "Stop.", "over");
      const clears = () => events.filter((entry) => entry.event.type === "clear").length;
      const cleared = clears();
      while (performance.now() < deadline && clears() === cleared) await sleep(50);
    }
    while (performance.now() < deadline && performance.now() - transport.lastPlayedAt < 300) await sleep(50);
    await sleep(500 + Math.random() * 1000);
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:voice — ${CALLS} concurrent calls for ${SECONDS} s, conversation: ${ENGINE ? `the engine on ${process.env.BENCH_DATABASE_URL ? "Postgres" : "PGlite"}` : PROVIDER === "openai_realtime" ? "the engine on PGlite, the fake Realtime API" : "instant"}, speech: ${PROVIDER ? `${PROVIDER} (its client against its loopback fake)` : "instant"} (Node ${process.version}${gc ? ", GC exposed" : ""})`,
  );
  const providers = PROVIDER ? await providerCalls(PROVIDER) : null;
  const vadIdle = summarize(await vadCost(5000));
  // denoise: caller speech in white and babble noise at 5 dB SNR through our VAD, without and with RNNoise.
  for (const kind of ["white", "babble"] as const) {
    const call = noisyCall(kind, 5);
    const [raw, clean] = [await segment(call, false), await segment(call, true)];
    const onsets = (outcome: typeof raw) => outcome.onsetDelays.map((delay) => (delay === null ? "missed" : `${Math.round(delay)} ms`)).join(", ");
    console.log(
      `denoise, ${kind} noise at 5 dB SNR: speech starts in noise-only stretches ${raw.falseStarts} → ${clean.falseStarts}, noise held as speech ${raw.noiseAsSpeechMs} → ${clean.noiseAsSpeechMs} ms, onsets ${onsets(raw)} → ${onsets(clean)}, RNNoise ${clean.denoiseCpuMs.toFixed(3)} ms CPU per 20 ms frame`,
    );
  }
  const baseline = summarize(await baselineTimers(CALLS * 2, 5000));
  console.log(`baseline: ${CALLS * 2} idle 20 ms timers for 5 s: jitter p50 ${formatMs(baseline.p50)} ms, p99 ${formatMs(baseline.p99)} ms`);

  const engine = ENGINE ? await engineCallPorts(CALLS, process.env.BENCH_DATABASE_URL) : null;
  const memoryBefore = memory();
  const calls: Call[] = [];
  for (let i = 0; i < CALLS; i++) {
    const transport = new BenchTransport();
    const events: Call["events"] = [];
    const speech = (await providers?.call(i)) ?? {};
    const session = await MediaSession.start({
      transport,
      stt: speech.stt ?? instantStt(transport),
      tts: speech.tts ?? instantTts,
      port: speech.port ?? engine?.ports[i] ?? new InstantPort(),
      settings: { interruptions: true, interruptions_sensitivity: "medium", initial_message_delay: 0, max_call_duration: 3600, presence_check_idle_threshold: 600 },
      onEvent: (event) => {
        if (event.type === "agent_speech_started") transport.answerStarted();
        events.push({ at: performance.now(), event });
      },
      recording: new NullSink(),
    });
    calls.push({ transport, session, events, pacing: session.recordPacing(), backchannels: 0, backchannelInterruptions: 0 });
  }
  const start = performance.now();
  let sent = 0;
  const line = setInterval(() => {
    for (const due = Math.floor((performance.now() - start) / 20); sent < due; sent++) for (const call of calls) call.transport.pump();
  }, 5);
  await sleep(1000);
  const memoryLive = memory();
  const cpuStart = process.cpuUsage();
  // Same-run baselines while the calls run: how late the event loop is, and how long GC pauses.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const probe = baselineTimers(1, SECONDS * 1000 - 8000);
  const gcPauses: number[] = [];
  const gcObserver = new PerformanceObserver((list) => list.getEntries().forEach((entry) => gcPauses.push(entry.duration)));
  gcObserver.observe({ entryTypes: ["gc"] });
  const deadline = start + SECONDS * 1000;
  const vadUnderLoad = vadCost(2000);
  await Promise.all(calls.map((call) => caller(call, deadline)));
  const vadLoaded = summarize(await vadUnderLoad);
  const probeLateness = summarize(await probe);
  loopDelay.disable();
  gcObserver.disconnect();
  const cpu = process.cpuUsage(cpuStart);
  const wall = performance.now() - start - 1000;
  clearInterval(line);
  for (const call of calls) call.session.hangup();
  const summaries = await Promise.all(calls.map((call) => call.session.ended));
  await Promise.all((engine?.ports ?? []).map((port) => port.settled()));
  await engine?.close();
  // Each barge-in's decision to the provider's own cancel (Cartesia's cancel, Deepgram's Clear, ElevenLabs' socket closed,
  // Realtime's response.cancel), call by call; a barge-in after the whole answer had arrived has nothing to cancel there.
  let nothingToCancel = 0;
  const toCancel = summarize(
    calls.flatMap((call, index) => {
      const cancels = [...(providers?.cancelTimes(index) ?? [])].sort((a, b) => a - b);
      const clears = call.events.filter((entry) => entry.event.type === "clear").map((entry) => entry.at);
      return clears.flatMap((at, i) => {
        const next = clears[i + 1] ?? Infinity;
        const cancel = cancels.find((time) => time >= at - 1 && time < next);
        if (cancel === undefined) nothingToCancel++;
        return cancel === undefined ? [] : [cancel - at];
      });
    }),
  );
  const staleFrames = calls.reduce((total, call) => total + call.transport.staleFrames, 0);
  await providers?.close();

  const metrics = calls.flatMap((call) => call.events.filter((entry) => entry.event.type === "turn_metrics").map((entry) => entry.event as Extract<MediaEvent, { type: "turn_metrics" }>));
  const added = summarize(metrics.filter((m) => m.first_audio_ms !== null).map((m) => m.first_audio_ms! - m.end_of_turn_ms));
  const pacing = summarize(calls.flatMap((call) => call.pacing));
  const bargeIn = summarize(summaries.flatMap((summary) => summary.bargeIns));
  // For reference: from the caller starting to speak over the agent to its silence (sensitivity and speech-to-text included).
  const onsetToSilence = summarize(
    calls.flatMap((call) =>
      call.events
        .filter((entry) => entry.event.type === "clear")
        .map((clear) => clear.at - call.events.filter((entry) => entry.event.type === "user_speech_started" && entry.at <= clear.at).at(-1)!.at),
    ),
  );
  const perCall = (memoryLive - memoryBefore) / CALLS;

  const reply = summarize(calls.flatMap((call) => call.transport.replyLatency));
  const ducking = summarize(calls.flatMap((call) => call.transport.duckLatency));
  const backchannels = calls.reduce((total, call) => total + call.backchannels, 0);
  const backchannelCuts = calls.reduce((total, call) => total + call.backchannelInterruptions, 0);
  const rows: [string, string, string, string, string][] = [
    [`caller's end of speech → first agent audio (${STREAMING ? "streaming" : "batch"} STT)`, String(reply.count), formatMs(reply.p50), formatMs(reply.p99), `p50 ≤ 400, p99 ≤ 600: ${reply.p50 <= 400 && reply.p99 <= 600 ? "PASS" : "FAIL"}`],
    ["caller speech over the agent → agent 20 dB down", String(ducking.count), formatMs(ducking.p50), formatMs(ducking.p99), `p50 ≤ 60: ${ducking.count > 0 && ducking.p50 <= 60 ? "PASS" : "FAIL"}`],
    ["backchannels over the agent → interruptions", String(backchannels), String(backchannelCuts), "", `= 0: ${backchannelCuts === 0 ? "PASS" : "FAIL"}`],
    ["end-of-turn decision → first audio frame out", String(added.count), formatMs(added.p50), formatMs(added.p99), `p50 ≤ 30, p99 ≤ 100: ${added.p50 <= 30 && added.p99 <= 100 ? "PASS" : "FAIL"}`],
    ["output frame departure jitter |interval − 20|", String(pacing.count), formatMs(pacing.p50), formatMs(pacing.p99), `p99 ≤ 20: ${pacing.p99 <= 20 ? "PASS" : "FAIL"}`],
    ["  baseline: idle 20 ms timers, before the calls", String(baseline.count), formatMs(baseline.p50), formatMs(baseline.p99), ""],
    ["  baseline: one idle 20 ms timer during the calls", String(probeLateness.count), formatMs(probeLateness.p50), formatMs(probeLateness.p99), `max ${formatMs(probeLateness.max)}`],
    ["VAD per 20 ms frame, idle", String(vadIdle.count), formatMs(vadIdle.p50), formatMs(vadIdle.p99), `≤ 0.5: ${vadIdle.p99 <= 0.5 ? "PASS" : "FAIL"}`],
    ["VAD per 20 ms frame, under the calls' load", String(vadLoaded.count), formatMs(vadLoaded.p50), formatMs(vadLoaded.p99), `≤ 0.5: ${vadLoaded.p50 <= 0.5 ? "PASS" : "FAIL"} (p50)`],
    ["barge-in decision → agent audio stopped", String(bargeIn.count), formatMs(bargeIn.p50), formatMs(bargeIn.p99), `≤ 200: ${bargeIn.max <= 200 ? "PASS" : "FAIL"} (max ${formatMs(bargeIn.max)})`],
    ["  caller's speech onset → agent silent", String(onsetToSilence.count), formatMs(onsetToSilence.p50), formatMs(onsetToSilence.p99), "(\"stop\", medium, batch STT)"],
    ...(PROVIDER && PROVIDER !== "deepgram_flux"
      ? ([
          [`barge-in decision → ${PROVIDER} told to stop`, String(toCancel.count), formatMs(toCancel.p50), formatMs(toCancel.p99), `≤ 200: ${toCancel.count > 0 && toCancel.max <= 200 ? "PASS" : "FAIL"} (max ${formatMs(toCancel.max)}; ${nothingToCancel} after the answer had all arrived)`],
          ["frames of a cancelled answer played after the decision", String(bargeIn.count), String(staleFrames), "", `= 0: ${staleFrames === 0 ? "PASS" : "FAIL"}`],
        ] as [string, string, string, string, string][])
      : []),
  ];
  console.log();
  console.log(textTable(["figure (ms)", "n", "p50", "p99", "target"], rows, [false, true, true, true, false]));
  const stage = (name: keyof Extract<MediaEvent, { type: "turn_metrics" }>) =>
    formatMs(summarize(metrics.filter((m) => m[name] !== null).map((m) => (m[name] as number) - m.end_of_turn_ms)).p50);
  console.log(
    `stages after the end-of-turn decision, p50 ms: transcript ${stage("transcript_ms")}, first token ${stage("first_token_ms")}, first sentence ${stage("first_sentence_ms")}, first speech byte ${stage("first_speech_byte_ms")}, first frame ${stage("first_audio_ms")}`,
  );
  console.log();
  console.log(`turns answered: ${metrics.length}; barge-ins: ${bargeIn.count}; added time minus the idle timers' jitter, p50: ${formatMs(added.p50 - baseline.p50)} ms more`);
  console.log(
    `event loop delay during the calls: p50 ${formatMs(loopDelay.percentile(50) / 1e6)} ms, p99 ${formatMs(loopDelay.percentile(99) / 1e6)} ms, max ${formatMs(loopDelay.max / 1e6)} ms; GC: ${gcPauses.length} pauses, longest ${formatMs(Math.max(0, ...gcPauses))} ms, ${formatMs(gcPauses.reduce((a, b) => a + b, 0))} ms in all`,
  );
  console.log(`memory per live call: ${(perCall / 1024).toFixed(0)} KiB (heap + external, ${CALLS} calls, after GC)`);
  console.log(`CPU: ${(((cpu.user + cpu.system) / 1000 / wall) * 100).toFixed(0)}% of one core for ${CALLS} calls (${((cpu.user + cpu.system) / 1000 / wall / CALLS * 100).toFixed(2)}% per call); load average ${os.loadavg().map((value) => value.toFixed(1)).join(" ")}`);
  process.exit(0);
}

void main();
