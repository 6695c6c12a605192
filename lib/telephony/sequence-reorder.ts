/**
 * Puts numbered items back in order. A missing number is waited for while at most `maxHeld` later
 * items are held (at 20 ms frames, 4 is 80 ms); then it counts as lost and delivery moves on.
 */
export class SequenceReorder<T> {
  private expected: number | null;
  private readonly held = new Map<number, T>();
  reordered = 0;
  lost = 0;

  /** `first`: the number the stream starts at, when known (else the first one seen). */
  constructor(
    private readonly maxHeld: number,
    private readonly deliver: (item: T) => void,
    first: number | null = null,
  ) {
    this.expected = first;
  }

  push(sequence: number, item: T): void {
    if (this.expected === null) this.expected = sequence;
    if (sequence < this.expected || this.held.has(sequence)) {
      this.lost += sequence < this.expected ? 1 : 0; // too late (already skipped) or a duplicate
      return;
    }
    if (sequence > this.expected) {
      this.held.set(sequence, item);
      this.reordered++;
      if (this.held.size > this.maxHeld) this.skipGap();
      return;
    }
    this.expected++;
    this.deliver(item);
    this.drain();
  }

  /** Delivers everything held, in order (the stream ended: nothing else is coming). */
  flush(): void {
    while (this.held.size > 0) this.skipGap();
  }

  private skipGap(): void {
    const next = Math.min(...this.held.keys());
    this.lost += next - (this.expected ?? next);
    this.expected = next;
    this.drain();
  }

  private drain(): void {
    while (this.expected !== null && this.held.has(this.expected)) {
      const item = this.held.get(this.expected) as T;
      this.held.delete(this.expected);
      this.expected++;
      this.deliver(item);
    }
  }
}
