import type { WebSocket } from "ws";
import { bytesToPcm, pcmBytesView, type SampleRate } from "../audio/pcm";
import type { InboundAudio, MediaTransport, TransportCloseReason } from "../transport";

/**
 * A voice web call's WebSocket as a media transport: binary frames both ways are 16-bit
 * little-endian mono PCM (caller audio in at `inputSampleRate`, agent audio out at
 * `outputSampleRate`, paced by the session), `{"type":"clear"}` tells the browser to drop the
 * agent audio it has buffered. A browser reports no playback, so marks are acknowledged as sent.
 */
export class BrowserSocketTransport implements MediaTransport {
  private readonly audioListeners: ((audio: InboundAudio) => void)[] = [];
  private readonly markListeners: ((name: string) => void)[] = [];
  private readonly closeListeners: ((reason: TransportCloseReason) => void)[] = [];
  private hungUp = false;

  constructor(
    private readonly socket: WebSocket,
    readonly inputSampleRate: SampleRate,
    readonly outputSampleRate: SampleRate,
    /** Called once when the session hangs up (the owner closes the socket after its last events). */
    private readonly onHangup: () => void,
  ) {
    socket.once("close", (code) => {
      if (!this.hungUp) for (const listener of this.closeListeners) listener(code === 1000 || code === 1001 || code === 1005 ? "caller_hangup" : "network");
    });
  }

  /** Caller audio from a binary frame (an odd trailing byte is dropped). */
  receive(bytes: Uint8Array): void {
    const even = bytes.subarray(0, bytes.length - (bytes.length % 2));
    if (even.length === 0) return;
    const pcm = bytesToPcm(even);
    for (const listener of this.audioListeners) listener({ pcm });
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

  /** Sends a copy: a socket that cannot take the frame at once (a slow client) would still be reading it after the pool reused it. */
  play(frame: Int16Array): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(Buffer.from(pcmBytesView(frame)), { binary: true });
  }
  mark(name: string): void {
    for (const listener of this.markListeners) listener(name);
  }
  clear(): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify({ type: "clear" }));
  }
  hangup(): void {
    if (this.hungUp) return;
    this.hungUp = true;
    this.onHangup();
  }
}
