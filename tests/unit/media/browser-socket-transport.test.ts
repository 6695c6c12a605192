import { EventEmitter } from "node:events";
import type { WebSocket } from "ws";
import { describe, expect, it } from "vitest";
import { BrowserSocketTransport } from "@/lib/media/transports/browser-socket-transport";

/** What a `ws` socket whose writes wait (a slow client) does with `send`: keeps the data to write later. */
class BackedUpSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  readonly pending: Uint8Array[] = [];
  send(data: Uint8Array): void {
    this.pending.push(data);
  }
}

describe("BrowserSocketTransport", () => {
  it("sends a copy of each frame: the session reuses the frame once play returns", () => {
    const socket = new BackedUpSocket();
    const transport = new BrowserSocketTransport(socket as unknown as WebSocket, 16000, 24000, () => {});
    const frame = new Int16Array(480).fill(1234);
    transport.play(frame);
    frame.fill(-5); // the next sentence's audio, in the same array
    const sent = socket.pending[0];
    const samples = new Int16Array(sent.buffer.slice(sent.byteOffset, sent.byteOffset + sent.byteLength));
    expect(samples).toHaveLength(480);
    expect(samples.every((sample) => sample === 1234)).toBe(true);
  });
});
