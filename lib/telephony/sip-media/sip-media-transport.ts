// A SIP call as a media session's transport: 8 kHz PCM both ways over RTP (G.711 chosen in SDP),
// RFC 4733 digits in, and the end of the dialog reported as the transport closing.

import type { SampleRate } from "@/lib/media/audio/pcm";
import type { InboundAudio, MediaTransport, TransportCloseReason } from "@/lib/media/transport";
import type { CallOutcome } from "../sip/call-outcome";
import { Listeners } from "../sip/listeners";
import type { TransferResult } from "../sip/refer";
import type { SipCall } from "../sip/sip-call";
import { HoldLoop } from "../hold-audio";

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
  /** On hold (a warm transfer): the hold audio loops out on its own clock; the agent's audio is held back. */
  private hold: HoldLoop | null = null;
  /** Bridged to a warm transfer's destination: RTP audio is relayed both ways, the conversation is over. */
  private bridgedTo: SipCall | null = null;

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
      this.endHold();
      this.closed = true;
      if (!this.hungUp && !this.transferring) this.closes.emit(closeReasonOf(outcome));
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  onAudio(listener: (audio: InboundAudio) => void): void {
    // On hold (and once bridged) the caller's words do not reach the agent: its clock still runs on silence.
    this.call.audio.onAudio((pcm) => listener({ pcm: this.hold || this.bridgedTo ? new Int16Array(pcm.length) : pcm }));
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
    if (this.closed || this.hold || this.bridgedTo) return;
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
    if (this.bridgedTo) return; // the bridge ends the dialog when either side hangs up
    this.hungUp = true;
    void this.call.hangup();
  }

  sendDtmf(digits: string): Promise<boolean> {
    return this.call.sendDtmf(digits);
  }

  /**
   * Puts the caller on hold: `audio` (8 kHz, looped) plays in real time, the agent's own output is
   * held back and the caller's audio reaches the conversation as silence, until `endHold`.
   */
  startHold(audio: Int16Array): void {
    if (this.closed || audio.length === 0) return;
    this.endHold();
    this.hold = new HoldLoop(audio, (frame) => this.send(frame));
    this.hold.start();
  }

  /** Back to the agent (nothing of the hold audio is queued on our side). */
  endHold(): void {
    this.hold?.stop();
    this.hold = null;
  }

  get onHold(): boolean {
    return this.hold !== null;
  }

  get isBridged(): boolean {
    return this.bridgedTo !== null;
  }

  /**
   * Joins the caller to `leg` (an answered dialog of ours): we stay in the media path and relay each
   * decoded 20 ms frame from one RTP stream to the other (the codecs may differ), until either side
   * hangs up; then the other gets a BYE. Resolves when both have ended, with the seconds connected.
   */
  async bridge(leg: SipCall): Promise<{ connectedSeconds: number }> {
    this.endHold();
    this.bridgedTo = leg;
    const connectedAt = Date.now();
    const toLeg = this.call.audio.onAudio((frame) => leg.audio.sendAudio(frame));
    const toCaller = leg.audio.onAudio((frame) => this.send(frame));
    await Promise.race([this.call.ended, leg.ended]);
    toLeg();
    toCaller();
    await Promise.all([this.call.hangup(), leg.hangup()]);
    return { connectedSeconds: Math.max(0, Math.round((Date.now() - connectedAt) / 1000)) };
  }

  private send(frame: Int16Array): void {
    if (this.closed) return;
    this.call.audio.sendAudio(frame);
    this.lastSentAt = performance.now();
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
