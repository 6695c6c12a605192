import type { InboundAudio, MediaTransport, TransportCloseReason } from "@/lib/media/transport";
import { HoldLoop } from "./hold-audio";
import { type MediaStreamAdapter } from "./media-stream";

/** How long a hang-up waits for the carrier to play what it holds (the last mark) before ending the call anyway. */
const LAST_MARK_TIMEOUT_MS = 5_000;

type Listeners = {
  audio: ((audio: InboundAudio) => void)[];
  dtmf: ((digit: string) => void)[];
  mark: ((name: string) => void)[];
  close: ((reason: TransportCloseReason) => void)[];
};

/**
 * A carrier media stream (Twilio, Telnyx) as a media session's transport: 8 kHz both ways, marks and
 * clear passed through, DTMF as caller input. `hangup` lets the carrier play the last of the agent's
 * words (it waits for a final mark), then ends the call through the carrier's REST API.
 */
export class CarrierMediaTransport implements MediaTransport {
  readonly inputSampleRate = 8000 as const;
  readonly outputSampleRate = 8000 as const;
  private readonly listeners: Listeners = { audio: [], dtmf: [], mark: [], close: [] };
  private closed = false;
  private hangingUp: Promise<void> | null = null;
  private marks = 0;
  /** When the agent's audio last went out (performance.now()), or null before it first did. */
  lastPlayedAt: number | null = null;
  /** On hold (a warm transfer): the hold audio loops out on its own 20 ms clock. */
  private hold: HoldLoop | null = null;

  constructor(
    private readonly stream: MediaStreamAdapter,
    private readonly endCall: () => Promise<void>,
    private readonly closeSocket: () => void,
  ) {}

  /** Wire these into the stream adapter's handlers. */
  readonly handlers = {
    audio: (frame: Int16Array) => {
      // On hold the caller's words do not reach the agent: its clock still runs on silence.
      const pcm = this.hold ? new Int16Array(frame.length) : frame;
      for (const listener of this.listeners.audio) listener({ pcm });
    },
    dtmf: (digit: string) => {
      for (const listener of this.listeners.dtmf) listener(digit);
    },
    mark: (name: string) => {
      for (const listener of this.listeners.mark) listener(name);
    },
    stop: () => this.close("caller_hangup"),
  };

  /** The socket went away without a `stop` (the carrier's edge or the network). */
  socketClosed(): void {
    this.close("network");
  }

  onAudio(listener: (audio: InboundAudio) => void): void {
    this.listeners.audio.push(listener);
  }

  onDtmf(listener: (digit: string) => void): void {
    this.listeners.dtmf.push(listener);
  }

  onMark(listener: (name: string) => void): void {
    this.listeners.mark.push(listener);
  }

  onClose(listener: (reason: TransportCloseReason) => void): void {
    this.listeners.close.push(listener);
  }

  /**
   * Puts the caller on hold: `audio` (8 kHz, looped) plays in real time, the agent's own output is
   * held back and the caller's audio reaches the conversation as silence, until `endHold`.
   */
  startHold(audio: Int16Array): void {
    if (this.closed || audio.length === 0) return;
    this.endHold();
    this.hold = new HoldLoop(audio, (frame) => !this.closed && this.stream.sendAudio(frame));
    this.hold.start();
  }

  /** Back to the agent: the hold audio stops, and what the carrier still holds of it is dropped. */
  endHold(): void {
    if (!this.hold) return;
    this.hold.stop();
    this.hold = null;
    if (!this.closed) this.stream.clear();
  }

  get onHold(): boolean {
    return this.hold !== null;
  }

  play(frame: Int16Array): void {
    if (this.closed || this.hold) return;
    this.stream.sendAudio(frame);
    this.lastPlayedAt = performance.now();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  mark(name: string): void {
    if (!this.closed) this.stream.sendMark(name);
  }

  clear(): void {
    if (!this.closed) this.stream.clear();
  }

  hangup(): void {
    // The carrier's API may fail (it is logged); the socket is closed either way.
    void this.hangupAfterLastMark().catch((error) => console.error(`telephony: hanging up at the carrier failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** Resolves once the call was ended at the carrier. */
  hangupAfterLastMark(): Promise<void> {
    this.hangingUp ??= (async () => {
      if (!this.closed && this.stream.started && !this.stream.stopped) {
        const name = `hangup-${++this.marks}`;
        const played = new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, LAST_MARK_TIMEOUT_MS);
          this.listeners.mark.push((returned) => {
            if (returned === name) {
              clearTimeout(timer);
              resolve();
            }
          });
          this.listeners.close.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        this.stream.sendMark(name);
        await played;
      }
      try {
        await this.endCall();
      } finally {
        this.closeSocket();
        this.close("caller_hangup");
      }
    })();
    return this.hangingUp;
  }

  private close(reason: TransportCloseReason): void {
    if (this.closed) return;
    this.closed = true;
    this.hold?.stop();
    this.hold = null;
    for (const listener of this.listeners.close.splice(0)) listener(reason);
  }
}
