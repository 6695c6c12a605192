// A SIP call as a media session's transport: 8 kHz PCM both ways over RTP (G.711 chosen in SDP),
// RFC 4733 digits in, and the end of the dialog reported as the transport closing.

import type { SampleRate } from "@/lib/media/audio/pcm";
import type { InboundAudio, MediaTransport, TransportCloseReason } from "@/lib/media/transport";
import type { CallOutcome } from "../sip/call-outcome";
import { Listeners } from "../sip/listeners";
import type { TransferResult } from "../sip/refer";
import type { SipCall } from "../sip/sip-call";

export function closeReasonOf(outcome: CallOutcome): TransportCloseReason {
  if (outcome.hungUpBy === "remote") return "caller_hangup";
  return outcome.kind === "failed" ? "network" : "caller_hangup";
}

export class SipMediaTransport implements MediaTransport {
  readonly inputSampleRate: SampleRate = 8000;
  readonly outputSampleRate: SampleRate = 8000;
  private readonly marks = new Listeners<[string]>();
  private readonly closes = new Listeners<[TransportCloseReason]>();
  private hungUp = false;

  constructor(readonly call: SipCall) {
    void call.ended.then((outcome) => {
      if (!this.hungUp) this.closes.emit(closeReasonOf(outcome));
    });
  }

  onAudio(listener: (audio: InboundAudio) => void): void {
    this.call.audio.onAudio((pcm) => listener({ pcm }));
  }

  onDtmf(listener: (digit: string) => void): void {
    this.call.audio.onDtmf(listener);
  }

  onMark(listener: (name: string) => void): void {
    this.marks.add(listener);
  }

  onClose(listener: (reason: TransportCloseReason) => void): void {
    this.closes.add(listener);
  }

  play(frame: Int16Array): void {
    this.call.audio.sendAudio(frame);
  }

  /** RTP keeps no audio of ours queued: what was sent is being played (within the far end's jitter buffer). */
  mark(name: string): void {
    queueMicrotask(() => this.marks.emit(name));
  }

  /** Nothing is buffered on our side to drop; marks were already reported. */
  clear(): void {}

  hangup(): void {
    this.hungUp = true;
    void this.call.hangup();
  }

  sendDtmf(digits: string): Promise<boolean> {
    return this.call.sendDtmf(digits);
  }

  /** Blind transfer by REFER (`transferred` ends the call; `refused`/`failed`/`no_result` leave it up). */
  transfer(target: string): Promise<TransferResult> {
    return this.call.transfer(target);
  }
}
