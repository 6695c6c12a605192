// Cuts a TCP byte stream into SIP messages by their Content-Length (RFC 3261 §18.3). CRLF
// keep-alives between messages (RFC 5626 §3.5.1) are skipped and reported so a pong can be sent.

import { findHeaderEnd, MAX_MESSAGE_BYTES } from "./parser";

export type FramedItem = { kind: "message"; data: Buffer } | { kind: "ping" } | { kind: "error"; reason: string };

const contentLengthPattern = /^(?:content-length|l)[ \t]*:[ \t]*(\S*)[ \t]*\r?$/im;

export class StreamFramer {
  private buffer: Buffer = Buffer.alloc(0);
  private failed = false;
  private blankBytes = 0;

  /** Adds received bytes; returns the complete messages they finish. After an error the stream is unusable. */
  push(chunk: Buffer): FramedItem[] {
    if (this.failed) return [];
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const items: FramedItem[] = [];
    for (;;) {
      let start = 0;
      while (start < this.buffer.length && (this.buffer[start] === 0x0d || this.buffer[start] === 0x0a)) start++;
      this.blankBytes += start;
      this.buffer = this.buffer.subarray(start);
      if (this.blankBytes >= 4) {
        items.push({ kind: "ping" });
        this.blankBytes = 0;
      }
      if (!this.buffer.length) break;
      this.blankBytes = 0;
      const end = findHeaderEnd(this.buffer);
      if (!end) {
        if (this.buffer.length > MAX_MESSAGE_BYTES) return this.fail(items, "Headers too large");
        break;
      }
      const match = contentLengthPattern.exec(this.buffer.toString("latin1", 0, end.headEnd));
      if (match && !/^\d{1,9}$/.test(match[1])) return this.fail(items, "Bad Content-Length header");
      const length = match ? Number(match[1]) : 0;
      const total = end.bodyStart + length;
      if (total > MAX_MESSAGE_BYTES) return this.fail(items, "Message too large");
      if (this.buffer.length < total) break;
      items.push({ kind: "message", data: Buffer.from(this.buffer.subarray(0, total)) });
      this.buffer = this.buffer.subarray(total);
    }
    return items;
  }

  private fail(items: FramedItem[], reason: string): FramedItem[] {
    this.failed = true;
    this.buffer = Buffer.alloc(0);
    items.push({ kind: "error", reason });
    return items;
  }
}
