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

const FRAME_MS = 20;
/** With no agent audio for this long, silence goes out: trunks and NATs drop calls whose RTP stops. */
const IDLE_FILL_MS = 60;
const SILENT_FRAME = new Int16Array(160);

export class SipMediaTransport implements MediaTransport {
  readonly inputSampleRate: SampleRate = 8000;
  readonly outputSampleRate: SampleRate = 8000;
  private readonly marks = new Listeners<[string]>();
  private readonly closes = new Listeners<[TransportCloseReason]>();
  private hungUp = false;
  private closed = false;
  /** While a REFER is out, the dialog's end is not reported: a completed transfer is ended as `transferred` first. */
  private transferring = false;
  /** When agent audio last went out (performance.now()), or null before it first did. */
  lastPlayedAt: number | null = null;

  private readonly idleFill: NodeJS.Timeout;
  private lastSentAt = performance.now();

  constructor(readonly call: SipCall) {
    this.idleFill = setInterval(() => {
      if (performance.now() - this.lastSentAt < IDLE_FILL_MS) return;
      this.call.audio.sendAudio(SILENT_FRAME);
      this.lastSentAt = performance.now() - IDLE_FILL_MS + FRAME_MS; // one frame per 20 ms until agent audio resumes
    }, FRAME_MS);
    this.idleFill.unref();
    void call.ended.then((outcome) => {
      clearInterval(this.idleFill);
      this.closed = true;
      if (!this.hungUp && !this.transferring) this.closes.emit(closeReasonOf(outcome));
    });
  }

  get isClosed(): boolean {
    return this.closed;
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
    if (this.closed) return;
    this.call.audio.sendAudio(frame);
    this.lastPlayedAt = this.lastSentAt = performance.now();
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

  /**
   * Blind transfer by REFER (`transferred` ends the dialog; `refused`/`failed`/`no_result` leave it up).
   * After `transferred`, call `reportClosed()` once the call's end is recorded.
   */
  async transfer(target: string): Promise<TransferResult> {
    this.transferring = true;
    const result = await this.call.transfer(target);
    if (result.outcome !== "transferred") this.reportClosed();
    return result;
  }

  /** Reports a dialog end held back during a transfer. */
  reportClosed(): void {
    this.transferring = false;
    if (this.closed && !this.hungUp) this.closes.emit(closeReasonOf(this.call.outcome!));
  }
}
