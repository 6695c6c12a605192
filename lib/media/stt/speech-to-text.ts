// The speech-to-text interface: batch providers transcribe each utterance when it ends, streaming
// ones listen while the caller speaks, so their transcript is ready when the turn ends.

export type RecognitionHandlers = {
  /** Streaming providers: the words so far of the current utterance (finals and the interim). */
  onInterim?(text: string): void;
};

export interface SpeechToText {
  readonly provider: string;
  readonly streaming: boolean;
  /** The PCM rate it takes. */
  readonly sampleRate: number;
  /** Starts recognition for one call (a streaming provider opens its socket here). */
  open(handlers?: RecognitionHandlers): RecognitionStream;
}

/** A recognised word and when it was said, in seconds from the start of its utterance's audio. */
export type RecognizedWord = { word: string; start: number; end: number };

/** One call's recognition: a sequence of utterances, each written, then finished or discarded. */
export interface RecognitionStream {
  /** Audio of the current utterance (16-bit mono at the provider's rate). */
  write(pcm: Int16Array): void;
  /** The words of the current utterance so far, without ending it (batch: a transcription of the audio so far). */
  peek(signal?: AbortSignal): Promise<string>;
  /** Ends the current utterance: its final transcript ("" when nothing was said). */
  finish(signal?: AbortSignal): Promise<string>;
  /** Drops the current utterance. */
  discard(): void;
  /**
   * The words of the utterance `finish` last returned, each with its time in seconds from the
   * utterance's first audio written; null when the provider gives no word times (the redactor then
   * silences the whole turn in a recording).
   */
  lastWords?(): RecognizedWord[] | null;
  close(): Promise<void>;
}

export class SpeechProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "SpeechProviderError";
  }
}

/** A provider's error answer as a short message: its status and the start of its body. */
export async function providerError(provider: string, what: string, response: Response): Promise<SpeechProviderError> {
  const body = (await response.text().catch(() => "")).slice(0, 300);
  return new SpeechProviderError(provider, `${provider} ${what} answered ${response.status}${body ? `: ${body}` : ""}`, response.status);
}
