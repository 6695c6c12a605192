import type { ServerResponse } from "node:http";
import type { WebSocket } from "ws";

/** WebSocket close code 1001: the server is going away (RFC 6455 §7.4.1). */
export const GOING_AWAY = 1001;

/**
 * What a shutdown must wait for: HTTP requests in flight (an upgrade being authorized counts as
 * one) and accepted WebSockets (live calls).
 */
export class LiveConnections {
  #requests = 0;
  readonly #sockets = new Set<WebSocket>();
  #waiters: (() => void)[] = [];

  get requests(): number {
    return this.#requests;
  }

  get sockets(): number {
    return this.#sockets.size;
  }

  /** Counts a request until its response is finished or its connection closes. */
  trackResponse(response: ServerResponse): void {
    this.trackRequest(new Promise<void>((resolve) => response.once("close", resolve)));
  }

  trackRequest(done: Promise<unknown>): void {
    this.#requests += 1;
    void done.finally(() => {
      this.#requests -= 1;
      this.#notify();
    });
  }

  trackSocket(socket: WebSocket): void {
    this.#sockets.add(socket);
    socket.once("close", () => {
      this.#sockets.delete(socket);
      this.#notify();
    });
  }

  /** Resolves once nothing is in flight. */
  idle(): Promise<void> {
    if (this.#requests === 0 && this.#sockets.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Closes every live WebSocket with 1001, and cuts those that do not answer the close in time. */
  closeSockets(reason: string, graceMs = 2_000): void {
    for (const socket of this.#sockets) {
      socket.close(GOING_AWAY, reason);
      setTimeout(() => socket.terminate(), graceMs).unref();
    }
  }

  #notify(): void {
    if (this.#requests !== 0 || this.#sockets.size !== 0) return;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve();
  }
}
