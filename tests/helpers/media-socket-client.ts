import { WebSocket } from "ws";
import { bytesToPcm, concatPcm, pcmToBytes, samplesPerFrame } from "@/lib/media/audio/pcm";
import { toneShare } from "./audio/tones";

export type ServerFrame = { type: string; [key: string]: unknown };

/**
 * A browser's side of a voice web call's media socket: its microphone sends 20 ms of PCM every
 * 20 ms by its own clock (what `say` queued, else the background: silence or comfort noise), and
 * everything the server sends is kept with its arrival time.
 */
export class MediaSocketClient {
  readonly audio: { at: number; pcm: Int16Array }[] = [];
  readonly events: { at: number; frame: ServerFrame }[] = [];
  closed: { code: number; reason: string } | null = null;
  background: Int16Array | null = null;
  private queued: Int16Array[] = [];
  private backgroundOffset = 0;
  private line: NodeJS.Timeout | null = null;

  private constructor(
    readonly socket: WebSocket,
    readonly inputRate: number,
    readonly outputRate: number,
  ) {
    socket.on("message", (data, isBinary) => {
      const at = performance.now();
      if (isBinary) this.audio.push({ at, pcm: bytesToPcm(new Uint8Array(data as Buffer)) });
      else this.events.push({ at, frame: JSON.parse(String(data)) as ServerFrame });
    });
    socket.on("close", (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.stopLine();
    });
  }

  static async connect(url: string, rates?: { input: number; output: number }): Promise<MediaSocketClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
      socket.once("unexpected-response", (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    });
    if (rates) socket.send(JSON.stringify({ type: "start", input_sample_rate: rates.input, output_sample_rate: rates.output }));
    const client = new MediaSocketClient(socket, rates?.input ?? 16000, rates?.output ?? 24000);
    client.startLine();
    return client;
  }

  private startLine(): void {
    const start = performance.now();
    let sent = 0;
    const size = samplesPerFrame(this.inputRate);
    this.line = setInterval(() => {
      for (const due = Math.floor((performance.now() - start) / 20); sent < due; sent++) {
        let chunk = new Int16Array(size);
        if (this.queued.length) {
          const all = concatPcm(this.queued);
          chunk.set(all.subarray(0, size));
          this.queued = all.length > size ? [all.slice(size)] : [];
        } else if (this.background) {
          chunk = Int16Array.from({ length: size }, (_, i) => this.background![(this.backgroundOffset + i) % this.background!.length]);
          this.backgroundOffset += size;
        }
        if (this.socket.readyState === WebSocket.OPEN) this.socket.send(pcmToBytes(chunk));
      }
    }, 10);
  }

  private stopLine(): void {
    if (this.line) clearInterval(this.line);
    this.line = null;
  }

  say(pcm: Int16Array): void {
    this.queued.push(pcm);
  }

  get speaking(): boolean {
    return this.queued.length > 0;
  }

  send(frame: unknown): void {
    this.socket.send(JSON.stringify(frame));
  }

  eventsOf(type: string): { at: number; frame: ServerFrame }[] {
    return this.events.filter((entry) => entry.frame.type === type);
  }

  /** Milliseconds of received audio in which `frequency` dominates (20 ms frames, Goertzel), after `from`. */
  heardMs(frequency: number, from = 0): number {
    return this.audio.filter((frame) => frame.at >= from && toneShare(frame.pcm, frequency, this.outputRate) > 0.2).length * 20;
  }

  /** The arrival time of the last audio frame in which `frequency` dominates. */
  lastHeardAt(frequency: number): number | null {
    return this.audio.filter((frame) => toneShare(frame.pcm, frequency, this.outputRate) > 0.2).at(-1)?.at ?? null;
  }

  async closedWithin(ms: number): Promise<{ code: number; reason: string } | null> {
    const until = performance.now() + ms;
    while (!this.closed && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    return this.closed;
  }

  close(): void {
    this.stopLine();
    this.socket.close(1000);
  }
}
