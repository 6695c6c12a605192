import { createHistogram, type Histogram, type RecordableHistogram } from "node:perf_hooks";

/**
 * A percentile over the last few seconds from two histograms reset in turn, half a window apart:
 * the one reset longer ago always covers between half a window and a whole one. Exact percentiles
 * (HdrHistogram), no per-sample allocation, and it works for histograms Node fills itself
 * (monitorEventLoopDelay), which cannot be merged.
 */
export class SlidingHistograms<H extends Histogram & { reset(): void }> {
  private older = 0;

  constructor(private readonly pair: [H, H]) {}

  /** The histogram covering the longer span. */
  get current(): H {
    return this.pair[this.older];
  }

  /** Called every half window: the older one starts again, the other becomes the older. */
  rotate(): void {
    this.pair[this.older].reset();
    this.older = 1 - this.older;
  }
}

/** Values recorded from JavaScript (milliseconds, kept in microseconds). */
export class SlidingRecorder {
  private readonly histograms: SlidingHistograms<RecordableHistogram>;
  private readonly pair: [RecordableHistogram, RecordableHistogram];

  constructor() {
    this.pair = [createHistogram(), createHistogram()];
    this.histograms = new SlidingHistograms(this.pair);
  }

  record(ms: number): void {
    const micros = Math.max(1, Math.round(ms * 1000));
    this.pair[0].record(micros);
    this.pair[1].record(micros);
  }

  rotate(): void {
    this.histograms.rotate();
  }

  reset(): void {
    this.pair[0].reset();
    this.pair[1].reset();
  }

  /** Null when nothing was recorded in the window. */
  percentile(p: number): number | null {
    const h = this.histograms.current;
    return h.count === 0 ? null : h.percentile(p) / 1000;
  }

  get max(): number | null {
    const h = this.histograms.current;
    return h.count === 0 ? null : h.max / 1000;
  }
}
