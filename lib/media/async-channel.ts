/** A one-consumer async queue: push values as they come, iterate them in order until `close` (or `fail`). */
export class AsyncChannel<T> implements AsyncIterable<T> {
  private readonly values: T[] = [];
  private waiting: (() => void) | null = null;
  private closed = false;
  private error: unknown = null;

  push(value: T): void {
    if (this.closed) return;
    this.values.push(value);
    this.wake();
  }

  close(): void {
    this.closed = true;
    this.wake();
  }

  fail(error: unknown): void {
    this.error = error;
    this.close();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      if (this.values.length) {
        yield this.values.shift()!;
        continue;
      }
      if (this.closed) {
        if (this.error) throw this.error;
        return;
      }
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }
}
