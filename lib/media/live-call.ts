import { randomUUID } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CallEndReason } from "@/lib/schemas/call-values";
import { callChanges } from "@/lib/services/calls/call-changes";
import { endCall, type RuntimeHostDependencies } from "@/lib/services/calls/call-host";
import type { RecordedEvent } from "@/lib/runtime/types";
import { finishLiveCall, liveCallStatus, openLiveCall, type LiveCallRow } from "@/lib/services/calls/live-calls";
import type { BlobStore } from "@/lib/storage/blob-store";
import type { MediaClock } from "./clock";
import type { MediaInstance } from "./media-instance";
import { endpointingHook } from "./endpointing-hook";
import { EngineConversationPort } from "./engine-port";
import { MediaSession, type SessionSummary } from "./session/media-session";
import type { MediaEvent, TurnMetrics } from "./session/media-events";
import { FileRecordingSink } from "./session/recorder";
import { createSpeechToText, createTextToSpeech, speechConfigurationProblems, SpeechNotConfiguredError } from "./speech-providers";
import { createRealtimeConversation } from "./speech-to-speech/openai-realtime";
import type { SpeechToText } from "./stt/speech-to-text";
import type { MediaTransport } from "./transport";
import type { TextToSpeech } from "./tts/text-to-speech";

export type LiveCallDependencies = RuntimeHostDependencies & {
  /** Where the recording goes; none: the call is not recorded. */
  storage: BlobStore | null;
  /** Speech provider keys and endpoints (default process.env). */
  env?: Record<string, string | undefined>;
  /** The media session's clock (default the process's monotonic clock). */
  mediaClock?: MediaClock;
  /** This process as the holder of the call's media: the call names it (a crash ends the call), and the drain can end it. */
  instance?: MediaInstance;
};

export type LiveCallOptions = {
  /** An existing call, in progress (its caller sets the status: a web call when it starts, a phone call when answered). */
  callId: string;
  transport: MediaTransport;
  /** When the far end answered (phones); default the call's answered_at, or now. */
  answeredAt?: Date;
  /** The call's row as its caller just read it to check it (readLiveCallRow). */
  row?: LiveCallRow;
  /** The media session's events (speech, transcripts, barge-in, turn metrics) and every recorded conversation event, as they happen. */
  onEvent?: (event: LiveCallEvent) => void;
};

export type LiveCallEvent = MediaEvent | RecordedEvent;

export type LiveCallResult = {
  /** The call's end_reason as stored (the conversation's, or the session's: user_hangup, max_duration, error). */
  endReason: CallEndReason | null;
  durationMs: number;
  turns: TurnMetrics[];
  /** The stored recording's duration (ms), or null when the call was not recorded. */
  recordingMs: number | null;
};

export type LiveCallHandle = {
  callId: string;
  /** Resolves once the call is over and everything about it is stored (recording, latency, end). */
  ended: Promise<LiveCallResult>;
  /** Ends the call from our side: the caller hung up (default), an error on the line, or this server shutting down. */
  hangup(reason?: "user_hangup" | "error" | "server_shutdown"): void;
  /** A typed caller turn, answered in voice like a spoken one. */
  sendText(text: string): void;
  /** The caller is on hold (a warm transfer): no presence checks meanwhile. */
  hold(on: boolean): void;
};

/**
 * Turns a call and a media transport into a live voice call: the agent's speech providers, the
 * conversation engine behind a media session (greeting, turns, presence checks, tools, variables,
 * webhooks as for text calls), a stereo recording stored through lib/storage, each turn's latency,
 * and the call finished once. A speech provider not configured
 * (callers check speechConfigurationProblems first) ends the call with `error` and rejects.
 */
export async function startLiveCall(deps: LiveCallDependencies, options: LiveCallOptions): Promise<LiveCallHandle> {
  const { callId, transport } = options;
  const call = await openLiveCall(deps.db, callId, { answeredAt: options.answeredAt, mediaInstanceId: deps.instance?.id, row: options.row });
  const env = deps.env ?? process.env;
  const emit = options.onEvent ?? (() => {});
  let stt: SpeechToText;
  let tts: TextToSpeech;
  let port: EngineConversationPort;
  try {
    const problems = speechConfigurationProblems(call.agent, env);
    if (problems.length) throw new SpeechNotConfiguredError(problems);
    if (call.agent.llm.provider === "openai_realtime") {
      // Speech-to-speech: the realtime model hears and speaks; our VAD still decides turns and barge-in.
      ({ stt, tts, port } = createRealtimeConversation(deps, callId, call.agent, env, emit));
    } else {
      stt = createSpeechToText(call.agent, env);
      tts = createTextToSpeech(call.agent, env, { sampleRate: transport.outputSampleRate });
      port = new EngineConversationPort(deps, callId, emit);
    }
  } catch (error) {
    await endCall(deps, callId, "error", error instanceof Error ? error.message : String(error));
    throw error;
  }
  port.startFrom(call);
  const recordingPath = deps.storage ? path.join(tmpdir(), `voice-call-${callId}-${randomUUID()}.wav`) : null;
  const agent = call.agent;
  const session = await MediaSession.start({
    transport,
    stt,
    tts,
    port,
    clock: deps.mediaClock,
    settings: {
      interruptions: agent.interruptions,
      interruptions_sensitivity: agent.interruptions_sensitivity,
      denoise: agent.denoise,
      initial_message_delay: agent.initial_message_delay,
      max_call_duration: agent.max_call_duration,
      presence_check_idle_threshold: agent.presence_check_idle_threshold,
      end_of_turn: agent.end_of_turn,
    },
    onEvent: emit,
    recording: recordingPath ? new FileRecordingSink(recordingPath) : undefined,
    endpointing: agent.end_of_turn.endpointing_url ? endpointingHook(deps.http, agent.end_of_turn.endpointing_url, callId) : undefined,
  });

  // An end decided elsewhere (API hang-up, terminate, another instance's sweep) wakes this at once:
  // a change of the call's status is notified (lib/services/calls/call-changes.ts); no polling.
  const stopWatching = callChanges(deps.db).watch(callId, (change) => {
    if (change === "event") return;
    void liveCallStatus(deps.db, callId)
      .then((row) => {
        if (row && row.status !== "in_progress" && !port.endedByConversation) session.terminate("user_hangup");
      })
      .catch(() => undefined);
  });

  const ended = session.ended.then(async (summary: SessionSummary) => {
    stopWatching();
    await port.settled();
    const recording = recordingPath && summary.recording ? await readFile(recordingPath) : null;
    try {
      await finishLiveCall(deps.db, deps.storage, callId, {
        organizationId: call.organizationId,
        recording: recording ? new Uint8Array(recording.buffer, recording.byteOffset, recording.byteLength) : null,
        turns: summary.turns,
        spoken: summary.spoken,
        endedAt: new Date(),
      });
    } finally {
      if (recordingPath) await rm(recordingPath, { force: true });
    }
    const row = await liveCallStatus(deps.db, callId);
    return { endReason: row?.endReason ?? null, durationMs: summary.durationMs, turns: summary.turns, recordingMs: summary.recording?.durationMs ?? null };
  });
  // Held here until it ends: the drain can end it as server_shutdown.
  const release = deps.instance?.hold(callId, { terminate: (reason) => session.terminate(reason), ended });
  if (release) void ended.finally(release).catch(() => undefined);

  return {
    callId,
    ended,
    hangup: (reason = "user_hangup") => session.terminate(reason),
    sendText: (text) => session.sendText(text),
    hold: (on) => session.hold(on),
  };
}
