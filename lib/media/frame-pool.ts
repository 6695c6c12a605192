/**
 * A call's agent-audio frames, reused. Speech waits in the pacer for a second or more; frames cut
 * from a provider's chunks kept those chunks alive that long, past two scavenges, so they died in
 * the old generation, and buffers dying old at that rate started a full collection about once a
 * second per process (docs/performance.md, run 7). A frame from here is a copy, given back once it
 * has been played or dropped, so the call's speech lives in the same few hundred frames throughout.
 */
export class FramePool {
  private readonly free: Int16Array[] = [];

  constructor(readonly frameSamples: number) {}

  /** A frame holding `samples` (one whole frame). */
  copy(samples: Int16Array): Int16Array {
    if (samples.length !== this.frameSamples) throw new Error(`A frame is ${this.frameSamples} samples, not ${samples.length}`);
    const frame = this.free.pop() ?? new Int16Array(this.frameSamples);
    frame.set(samples);
    return frame;
  }

  /** A frame from `copy` that nobody reads any more. */
  release(frame: Int16Array): void {
    this.free.push(frame);
  }
}
