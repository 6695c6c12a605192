// The edge of a media session: what a browser socket implements first, carrier media streams and
// SIP/RTP next. A transport moves 16-bit mono PCM at the rates it declares; the session resamples
// once at the edge and paces its output, so a transport never buffers agent audio of its own.

import type { SampleRate } from "./audio/pcm";

/** Caller audio as it arrived: any length; `sequence` when the wire numbers its packets (RTP, Telnyx). */
export type InboundAudio = { pcm: Int16Array; sequence?: number };

export type TransportCloseReason = "caller_hangup" | "network" | "error";

export interface MediaTransport {
  /** Caller audio arrives at this rate. */
  readonly inputSampleRate: SampleRate;
  /** Agent audio is played at this rate. */
  readonly outputSampleRate: SampleRate;

  onAudio(listener: (audio: InboundAudio) => void): void;
  /** A DTMF digit (0-9, *, #, A-D) pressed by the caller. */
  onDtmf(listener: (digit: string) => void): void;
  /** The audio sent before `mark(name)` has been played to the caller. */
  onMark(listener: (name: string) => void): void;
  /** The far end went away; no call to the transport is needed after this. */
  onClose(listener: (reason: TransportCloseReason) => void): void;

  /** One 20 ms frame at the output rate, sent when it is due (the session paces it). The frame is reused once this returns: a transport that sends it later must copy it. */
  play(frame: Int16Array): void;
  /** Asks to be told (onMark) when the audio sent so far has been played. */
  mark(name: string): void;
  /** Drops agent audio buffered on the far side (barge-in); pending marks are reported. */
  clear(): void;
  /** Ends the call from our side. */
  hangup(): void;
}
