import { AsyncChannel } from "../async-channel";

/**
 * The audio of one input stream's sentences, filled by a provider's messages as they arrive: each
 * sentence is a channel its listener reads in order. Once stopped (barge-in), every channel is
 * closed and anything still arriving is dropped, so no audio of a cancelled response is played.
 */
export class SentenceAudio {
  private readonly channels: AsyncChannel<Int16Array>[] = [];
  private current = 0;
  private stopped = false;

  /** A new sentence's audio. */
  add(): AsyncIterable<Int16Array> {
    const channel = new AsyncChannel<Int16Array>();
    if (this.stopped) channel.close();
    this.channels.push(channel);
    return channel;
  }

  get sentences(): number {
    return this.channels.length;
  }

  /** The sentence now receiving audio. */
  get receiving(): number {
    return this.current;
  }

  get done(): boolean {
    return this.stopped || this.current >= this.channels.length;
  }

  /** Audio of the sentence now receiving it. */
  push(pcm: Int16Array): void {
    if (this.stopped || pcm.length === 0) return;
    this.channels[this.current]?.push(pcm);
  }

  /** The sentence now receiving audio is complete; the next one receives from here on. */
  advance(): void {
    if (this.stopped) return;
    this.channels[this.current]?.close();
    if (this.current < this.channels.length) this.current++;
  }

  /** Every sentence is complete (the provider said its last word). */
  finish(): void {
    while (!this.done) this.advance();
  }

  fail(error: unknown): void {
    if (this.stopped) return;
    for (const channel of this.channels.slice(this.current)) channel.fail(error);
    this.current = this.channels.length;
  }

  /** Cancelled: nothing more is delivered. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const channel of this.channels) channel.close();
  }
}
