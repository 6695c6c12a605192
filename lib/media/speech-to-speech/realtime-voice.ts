import { AsyncChannel } from "../async-channel";
import { SpeechProviderError } from "../stt/speech-to-text";
import type { TextToSpeech } from "../tts/text-to-speech";
import { decodeAudio, type RealtimeConnection } from "./realtime-connection";

/** The instructions of a response that only says `text` (the greeting, presence checks, fillers). */
export const sayExactly = (text: string) => `Say exactly the following words, in your voice, and nothing else: ${JSON.stringify(text)}`;

/**
 * The agent's fixed sentences in a speech-to-speech call, in the model's own voice: an out-of-band
 * response (`conversation: "none"`, no input items, no tools) per sentence, so the conversation is
 * not changed by it; `response.cancel` on barge-in.
 */
export class RealtimeVoice implements TextToSpeech {
  readonly provider = "openai_realtime";
  readonly sampleRate = 24000;

  constructor(private readonly connection: RealtimeConnection) {}

  /** The call is over: the socket goes with it. */
  async close(): Promise<void> {
    this.connection.close();
  }

  async *synthesize(text: string, signal: AbortSignal): AsyncIterable<Int16Array> {
    const audio = new AsyncChannel<Int16Array>();
    let responseId: string | null = null;
    let done = false;
    const cancel = () => {
      audio.close();
      if (responseId && !done) this.connection.send({ type: "response.cancel", response_id: responseId });
    };
    signal.addEventListener("abort", cancel, { once: true });
    responseId = await this.connection.createResponse(
      { conversation: "none", input: [], instructions: sayExactly(text), output_modalities: ["audio"], tool_choice: "none", tools: [], metadata: { purpose: "say" } },
      (event) => {
        if (event.type === "response.output_audio.delta" && event.delta && !signal.aborted) audio.push(decodeAudio(event.delta));
        else if (event.type === "response.done") {
          done = true;
          const status = event.response?.status;
          if (status === "failed") audio.fail(new SpeechProviderError("openai_realtime", `openai_realtime: ${event.response?.status_details?.error?.message ?? "the response failed"}`));
          else audio.close();
        }
      },
    );
    if (signal.aborted) cancel();
    yield* audio;
  }
}
