import { FRAME_MS, samplesPerFrame, type SampleRate } from "@/lib/media/audio/pcm";
import { PeriodicTimer, realClock, type MediaClock } from "@/lib/media/clock";
import type { InboundAudio, MediaTransport, TransportCloseReason } from "@/lib/media/transport";

type Utterance = { pcm: Int16Array; offset: number; done: () => void };

/**
 * The line of a voice test, in process: the caller's audio goes to the media session as 20 ms frames
 * in real time (silence between utterances, as a phone line carries), and every frame the session
 * plays comes back with its time. Nothing is buffered on the far side, so `clear` has nothing to drop.
 */
export class LoopbackTransport implements MediaTransport {
  readonly inputSampleRate: SampleRate = 16000;
  readonly outputSampleRate: SampleRate = 16000;
  private audioListeners: ((audio: InboundAudio) => void)[] = [];
  private markListeners: ((name: string) => void)[] = [];
  private closeListeners: ((reason: TransportCloseReason) => void)[] = [];
  private readonly utterances: Utterance[] = [];
  private readonly timer: PeriodicTimer;
  private closed = false;
  private sentSlots = 0;
  /** Called for every frame the session plays, with when it was sent. */
  onPlayed: (frame: Int16Array, at: number) => void = () => {};
  /** When the session hung up (the agent ended the call, or it reached max duration). */
  hungUp = false;

  constructor(clock: MediaClock = realClock) {
    this.clock = clock;
    // Every 20 ms slot gets its frame, late timers included (a burst, as a network delivers), so the caller's speech never has gaps.
    this.timer = new PeriodicTimer(clock, FRAME_MS, (slot) => {
      for (; this.sentSlots <= slot && !this.closed; this.sentSlots++) this.send();
    });
  }

  private readonly clock: MediaClock;

  /**
   * Starts the line, its frames due at `firstAt` and every 20 ms after. Given a phase just ahead of the
   * session's own 20 ms input ticks, a stalled event loop (a loaded machine) runs this line's late
   * sends before the session's late pulls, so the session never finds a frame missing mid-speech.
   */
  begin(firstAt: number = this.clock.now()): void {
    if (!this.closed) this.timer.begin(firstAt);
  }

  onAudio(listener: (audio: InboundAudio) => void): void {
    this.audioListeners.push(listener);
  }
  onDtmf(): void {}
  onMark(listener: (name: string) => void): void {
    this.markListeners.push(listener);
  }
  onClose(listener: (reason: TransportCloseReason) => void): void {
    this.closeListeners.push(listener);
  }

  play(frame: Int16Array): void {
    this.onPlayed(frame.slice(), this.clock.now()); // the session reuses the frame once this returns
  }
  mark(name: string): void {
    for (const listener of this.markListeners) listener(name);
  }
  clear(): void {}
  hangup(): void {
    this.hungUp = true;
    this.stop();
  }

  /** Says `pcm` (at the input rate) on the line, in real time; resolves once its last frame has been sent. */
  speak(pcm: Int16Array): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((done) => this.utterances.push({ pcm, offset: 0, done }));
  }

  get speaking(): boolean {
    return this.utterances.length > 0;
  }

  /** The caller hangs up. */
  close(): void {
    if (this.closed) return;
    this.stop();
    for (const listener of this.closeListeners) listener("caller_hangup");
  }

  private stop(): void {
    this.closed = true;
    this.timer.stop();
    for (const utterance of this.utterances.splice(0)) utterance.done();
  }

  private send(): void {
    if (this.closed) return;
    const size = samplesPerFrame(this.inputSampleRate);
    const frame = new Int16Array(size);
    const utterance = this.utterances[0];
    if (utterance) {
      frame.set(utterance.pcm.subarray(utterance.offset, utterance.offset + size));
      utterance.offset += size;
      if (utterance.offset >= utterance.pcm.length) {
        this.utterances.shift();
        utterance.done();
      }
    }
    for (const listener of this.audioListeners) listener({ pcm: frame });
  }
}
