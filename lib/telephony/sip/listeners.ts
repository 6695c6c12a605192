// A typed list of listeners; one listener's exception is logged and does not stop the others.

export class Listeners<Args extends unknown[]> {
  private readonly listeners = new Set<(...args: Args) => void>();

  /** Adds a listener; returns the function that removes it. */
  add(listener: (...args: Args) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(...args: Args): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(...args);
      } catch (error) {
        console.error("sip: a listener failed:", error);
      }
    }
  }
}
