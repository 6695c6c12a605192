import type { RuntimeHostDependencies } from "@/lib/services/calls/call-host";
import { CallEndedError } from "@/lib/runtime/engine";
import type { RecordedEvent, RuntimeEvent, ToolCall, ToolSpec } from "@/lib/runtime/types";
import { AsyncChannel } from "../async-channel";
import { EngineConversationPort, type Pending } from "../engine-port";
import type { AgentOutput, CallerInput, SpokenAudio } from "../session/conversation-port";
import { SpeechProviderError } from "../stt/speech-to-text";
import { decodeAudio, type RealtimeConnection } from "./realtime-connection";

// The conversation of a speech-to-speech call: OpenAI's Realtime model hears the caller and answers
// in its own voice; the engine (lib/runtime) keeps the record and runs the tools. The state's prompt
// is the session's instructions and its functions (tools, transitions, record_variables) the
// session's tools; a transition updates both. Barge-in (our VAD's decision) cancels the response and
// truncates the model's audio at what was actually played.

export type RealtimeSessionOptions = {
  /** A realtime voice (alloy, ash, ballad, coral, echo, sage, shimmer, verse, marin, cedar). */
  voice: string;
  speed: number;
  /** The transcription model of the caller's audio (the model's own words come with its audio). */
  transcriptionModel: string;
  language: string;
};

/** Model responses per caller turn: function results may need another before the reply is complete. */
const MAX_RESPONSES_PER_TURN = 5;
/** An audio turn's words are awaited this long before the turn is recorded without them. */
const TRANSCRIPT_WAIT_MS = 10_000;

type AudioItem = { id: string; audio: AsyncChannel<Int16Array>; text: string; receivedMs: number; spoken: SpokenAudio };
type ResponseResult = { status: string; calls: ToolCall[]; spoke: boolean; error?: string };

const never = new AbortController().signal;
/** A cancelled response is over once the server says so (response.done): a new one waits for it this long at most. */
const PREVIOUS_RESPONSE_WAIT_MS = 2000;

export class RealtimeConversationPort extends EngineConversationPort {
  /** The conversation's response in progress: the API allows one at a time, a cancelled one included until its response.done. */
  private active: Promise<void> = Promise.resolve();

  constructor(
    host: RuntimeHostDependencies,
    callId: string,
    onEvent: (event: RecordedEvent) => void,
    private readonly connection: RealtimeConnection,
    private readonly options: RealtimeSessionOptions,
  ) {
    super(host, callId, onEvent);
    // The session is configured with the call's current state before anything is said.
    void this.enqueue(async () => {
      const operation = await this.claim(never);
      await operation.run(async (engine) => this.configure(engine.realtimeSession(), true), () => {});
    });
  }

  respond(input: CallerInput, signal: AbortSignal): AsyncIterable<AgentOutput> {
    // The greeting and presence checks are the engine's sentences, said by the model's voice (RealtimeVoice).
    if (input.kind !== "caller") return super.respond(input, signal);
    const out = new AsyncChannel<AgentOutput>();
    const pending: Pending = { from: null, startedAt: new Date().toISOString() };
    this.pending.push(pending);
    const at = new Date();
    // The caller's words go on record first (an audio turn's once transcribed) while the model answers.
    void this.enqueue(async () => {
      const text = input.source === "audio" ? await within(input.transcript ?? Promise.resolve(""), TRANSCRIPT_WAIT_MS, "") : input.text;
      const operation = await this.claim(never);
      pending.from = operation.call.snapshot.transcript.length;
      await operation.run(async (engine) => {
        if (text) engine.recordCallerTurn(text, at);
      }, (event) => this.translate(event, out));
    }).catch((error: unknown) => {
      if (error instanceof CallEndedError) out.push({ type: "end", reason: "ended" });
    });
    if (input.source !== "audio") this.connection.send({ type: "conversation.item.create", item: { type: "message", role: "user", content: [{ type: "input_text", text: input.text }] } });
    void this.converse(signal, out)
      .catch((error: unknown) => !signal.aborted && out.fail(error))
      .finally(() => out.close());
    return out;
  }

  protected translate(event: RuntimeEvent & { seq?: number; at?: string }, out: AsyncChannel<AgentOutput>): void {
    // Sentences the engine says (greeting, presence check, filler) join the model's conversation, so it knows it said them.
    if (event.type === "agent_message" && event.kind !== "reply") {
      this.connection.send({ type: "conversation.item.create", item: { type: "message", role: "assistant", content: [{ type: "output_text", text: event.content }] } });
    }
    super.translate(event, out);
  }

  private configure(setup: { instructions: string; tools: ToolSpec[] }, first: boolean): void {
    const { voice, speed, transcriptionModel, language } = this.options;
    this.connection.send({
      type: "session.update",
      session: {
        type: "realtime",
        instructions: setup.instructions,
        tools: setup.tools.map((tool) => ({ type: "function", name: tool.name, description: tool.description, parameters: tool.parameters })),
        tool_choice: "auto",
        ...(first
          ? {
              output_modalities: ["audio"],
              audio: {
                // Our VAD decides turns and interruptions: no server turn detection.
                input: { format: { type: "audio/pcm", rate: 24000 }, transcription: { model: transcriptionModel, language: language.split("-")[0].toLowerCase() }, turn_detection: null },
                output: { format: { type: "audio/pcm", rate: 24000 }, voice, ...(speed !== 1 ? { speed: Math.min(1.5, Math.max(0.25, speed)) } : {}) },
              },
            }
          : {}),
      },
    });
  }

  private async converse(signal: AbortSignal, out: AsyncChannel<AgentOutput>): Promise<void> {
    for (let step = 0; step < MAX_RESPONSES_PER_TURN && !signal.aborted; step++) {
      const result = await this.runResponse(signal, out);
      if (signal.aborted || result.status === "cancelled") return;
      if (result.status === "failed") throw new SpeechProviderError("openai_realtime", `openai_realtime: ${result.error ?? "the response failed"}`);
      if (result.calls.length === 0) return;
      const { followUp, ended } = await this.runCalls(result, signal, out);
      if (ended || !followUp) return;
    }
  }

  /** One model response: its audio items played as they stream, its function calls collected. */
  private runResponse(signal: AbortSignal, out: AsyncChannel<AgentOutput>): Promise<ResponseResult> {
    const items: AudioItem[] = [];
    const calls: ToolCall[] = [];
    let recorded = false;
    let usage: { input_tokens?: number; output_tokens?: number } | null = null;
    // The model's words go on record in the order spoken; a cut-off response with what it had said so far,
    // before the session reports what was heard of it (the engine port then keeps only that).
    const record = () => {
      if (recorded) return;
      recorded = true;
      const words = items.map((item) => item.text.trim()).filter(Boolean);
      const tokens = usage;
      void this.enqueue(async () => {
        const operation = await this.claim(never);
        await operation.run(async (engine) => {
          for (const text of words) engine.recordAgentReply(text);
          if (tokens) engine.addUsage(tokens.input_tokens ?? 0, tokens.output_tokens ?? 0);
        }, (event) => this.translate(event, out));
      }).catch(() => undefined);
    };
    const previous = within(this.active, PREVIOUS_RESPONSE_WAIT_MS, undefined);
    let over: () => void = () => undefined;
    this.active = new Promise<void>((resolve) => (over = resolve));
    return new Promise<ResponseResult>((resolve, reject) => {
      let responseId: string | null = null;
      let finished = false;
      const spoke = () => items.some((item) => item.text.trim() !== "");
      const cancel = () => {
        if (responseId && !finished) this.connection.send({ type: "response.cancel", response_id: responseId });
        for (const item of items) {
          item.audio.close();
          // The model's context keeps only the audio the caller actually heard.
          if (item.spoken.playedMs < item.receivedMs - 25 || !finished) {
            this.connection.send({ type: "conversation.item.truncate", item_id: item.id, content_index: 0, audio_end_ms: Math.floor(Math.min(item.spoken.playedMs, item.receivedMs)) });
          }
        }
        record();
        resolve({ status: "cancelled", calls: [], spoke: spoke() });
      };
      signal.addEventListener("abort", () => responseId && cancel(), { once: true });
      const itemOf = (id: string | undefined) => items.find((item) => item.id === id);
      void previous
        .then(() => (signal.aborted ? Promise.reject(new Error("aborted")) : undefined))
        .then(() => this.connection.createResponse(undefined, (event) => {
          if (signal.aborted && event.type !== "response.done") return; // nothing of a cancelled response is played
          switch (event.type) {
            case "response.output_item.added":
              if (event.item?.type === "message" && event.item.id) {
                const item: AudioItem = { id: event.item.id, audio: new AsyncChannel(), text: "", receivedMs: 0, spoken: null as unknown as SpokenAudio };
                item.spoken = { sampleRate: 24000, audio: item.audio, text: () => item.text, playedMs: 0 };
                items.push(item);
                out.push({ type: "audio", speech: item.spoken });
              }
              break;
            case "response.output_audio.delta": {
              const item = itemOf(event.item_id);
              if (item && event.delta) {
                const pcm = decodeAudio(event.delta);
                item.receivedMs += (pcm.length / 24000) * 1000;
                item.audio.push(pcm);
              }
              break;
            }
            case "response.output_audio_transcript.delta": {
              const item = itemOf(event.item_id);
              if (item) item.text += event.delta ?? "";
              break;
            }
            case "response.output_audio_transcript.done": {
              const item = itemOf(event.item_id);
              if (item && event.transcript !== undefined) item.text = event.transcript;
              break;
            }
            case "response.output_audio.done":
            case "response.output_item.done":
              itemOf(event.item_id ?? event.item?.id)?.audio.close();
              break;
            case "response.function_call_arguments.done":
              calls.push({ id: event.call_id ?? "", name: event.name ?? "", input: parseArguments(event.arguments) });
              break;
            case "response.done": {
              finished = true;
              over();
              for (const item of items) item.audio.close();
              if (signal.aborted) return;
              usage = event.response?.usage ?? null;
              record();
              resolve({ status: event.response?.status ?? "completed", calls, spoke: spoke(), error: event.response?.status_details?.error?.message });
              break;
            }
          }
        }))
        .then(
          (id) => {
            responseId = id;
            if (signal.aborted) cancel();
          },
          (error: unknown) => {
            over();
            if (signal.aborted) resolve({ status: "cancelled", calls: [], spoke: false });
            else reject(error);
          },
        );
    });
  }

  /** The model's function calls through the engine, in the record's order; their results go back to the model. */
  private async runCalls(result: ResponseResult, signal: AbortSignal, out: AsyncChannel<AgentOutput>): Promise<{ followUp: boolean; ended: boolean }> {
    let followUp = false;
    let ended = false;
    let setup: { instructions: string; tools: ToolSpec[] } | null = null;
    const outputs: { callId: string; output: unknown }[] = [];
    await this.enqueue(async () => {
      const operation = await this.claim(signal);
      await operation.run(async (engine) => {
        for (const call of result.calls) {
          const outcome = await engine.callFunction(call, result.spoke);
          outputs.push({ callId: call.id, output: outcome.output });
          followUp ||= outcome.followUp;
          // A transition is a function call that moves the state: the session takes the new state's prompt and tools.
          if (outcome.moved) setup = engine.realtimeSession();
          if (engine.ended) {
            ended = true;
            break;
          }
        }
      }, (event) => this.translate(event, out));
    });
    for (const { callId, output } of outputs) {
      this.connection.send({ type: "conversation.item.create", item: { type: "function_call_output", call_id: callId, output: JSON.stringify(output ?? null) } });
    }
    if (setup) this.configure(setup, false);
    return { followUp, ended };
  }
}

function parseArguments(raw: string | undefined): Record<string, unknown> {
  try {
    const parsed = JSON.parse(raw || "{}") as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}
