import { WebSocket } from "ws";

/** A WebSocket message as it came: text frames stay text. */
export type RawFrame = { data: Buffer; isBinary: boolean };

/** Close codes one endpoint may send (RFC 6455 §7.4; 1005 and 1006 only describe a close). */
const sendable = (code: number) => (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);

/**
 * A carrier media stream passed on to the server process of this instance that waits for it, over
 * loopback: the frames that came before (the `start` among them) go first, in order, then frames
 * pass both ways as they come; whichever side closes closes the other, with its code.
 */
export class MediaStreamRelay {
  private readonly sibling: WebSocket;
  private queued: RawFrame[] | null;
  private carrierGone = false;

  constructor(
    private readonly carrier: WebSocket,
    url: string,
    early: RawFrame[],
    private readonly log: (line: string) => void,
  ) {
    this.queued = [...early];
    this.sibling = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 5_000 });
    this.sibling.on("open", () => {
      const queued = this.queued ?? [];
      this.queued = null;
      for (const frame of queued) this.sibling.send(frame.data, { binary: frame.isBinary });
    });
    this.sibling.on("message", (data, isBinary) => {
      if (this.carrier.readyState === WebSocket.OPEN) this.carrier.send(data as Buffer, { binary: isBinary });
    });
    this.sibling.on("close", (code, reason) => {
      if (this.carrier.readyState === WebSocket.OPEN) this.carrier.close(sendable(code) ? code : 1011, reason.toString("utf8").slice(0, 120));
    });
    this.sibling.on("error", (error) => {
      if (this.carrierGone) return;
      this.log(`the server process it belongs to did not take it: ${error.message}`);
      if (this.carrier.readyState === WebSocket.OPEN) this.carrier.close(1011, "Internal error");
    });
    carrier.on("close", () => this.close());
  }

  forward(frame: RawFrame): void {
    if (this.queued) this.queued.push(frame);
    else if (this.sibling.readyState === WebSocket.OPEN) this.sibling.send(frame.data, { binary: frame.isBinary });
  }

  private close(): void {
    this.carrierGone = true;
    if (this.sibling.readyState === WebSocket.OPEN) this.sibling.close(1000);
    else if (this.sibling.readyState === WebSocket.CONNECTING) this.sibling.terminate();
  }
}
