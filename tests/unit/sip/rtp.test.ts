import { describe, expect, it } from "vitest";
import { digitOfEvent, eventOfDigit, parseToneEvent, serializeToneEvent } from "@/lib/telephony/sip/rtp/dtmf-events";
import { JitterBuffer } from "@/lib/telephony/sip/rtp/jitter-buffer";
import { parseRtp, sequenceDistance, serializeRtp } from "@/lib/telephony/sip/rtp/rtp-packet";

describe("RTP packets", () => {
  it("writes and reads the RFC 3550 fixed header", () => {
    const packet = { payloadType: 8, sequence: 65535, timestamp: 0xfffffff0, ssrc: 0xdeadbeef, marker: true, payload: Buffer.from([1, 2, 3]) };
    const data = serializeRtp(packet);
    expect([...data.subarray(0, 12)]).toEqual([0x80, 0x88, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0, 0xde, 0xad, 0xbe, 0xef]);
    expect(parseRtp(data)).toEqual(packet);
  });

  it("skips CSRCs, extensions and padding, and refuses what is not RTP", () => {
    const data = Buffer.from([0xb1, 0x00, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 9, 9, 9, 9, 0xbe, 0xde, 0, 1, 7, 7, 7, 7, 0xaa, 0xbb, 0, 0, 3]);
    expect(parseRtp(data)?.payload).toEqual(Buffer.from([0xaa, 0xbb]));
    expect(parseRtp(Buffer.from("hello world!"))).toBeNull();
    expect(parseRtp(Buffer.from([0x80, 200, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull(); // RTCP SR
  });

  it("measures sequence distance across the wrap", () => {
    expect(sequenceDistance(65535, 0)).toBe(1);
    expect(sequenceDistance(0, 65535)).toBe(-1);
    expect(sequenceDistance(100, 90)).toBe(-10);
  });
});

describe("RFC 4733 events", () => {
  it("encodes digits 0-9, *, #, A-D as events 0-15 and back", () => {
    expect([..."0123456789*#ABCD"].map(eventOfDigit)).toEqual([...Array(16).keys()]);
    expect(digitOfEvent(11)).toBe("#");
    expect(digitOfEvent(16)).toBeNull(); // flash is not a digit
    expect(parseToneEvent(serializeToneEvent({ event: 11, end: true, volume: 10, duration: 800 }))).toEqual({ event: 11, end: true, volume: 10, duration: 800 });
    expect([...serializeToneEvent({ event: 5, end: true, volume: 10, duration: 1280 })]).toEqual([5, 0x8a, 0x05, 0x00]);
  });
});

describe("jitter buffer", () => {
  const frame = (n: number) => n;
  const drain = (buffer: JitterBuffer<number>, ticks: number) => Array.from({ length: ticks }, () => buffer.pop()).map((f) => (f === null ? "-" : f.kind === "audio" ? f.payload : f.kind));

  it("waits for its depth, then plays in sequence order whatever the arrival order", () => {
    const buffer = new JitterBuffer<number>(3);
    buffer.push(11, frame(11));
    expect(buffer.pop()).toBeNull();
    buffer.push(10, frame(10));
    buffer.push(13, frame(13));
    buffer.push(12, frame(12));
    expect(drain(buffer, 4)).toEqual([10, 11, 12, 13]);
  });

  it("reports a gap as lost when later frames wait, and drops what comes too late", () => {
    const buffer = new JitterBuffer<number>(2);
    for (const sequence of [1, 2, 4, 5]) buffer.push(sequence, frame(sequence));
    expect(drain(buffer, 3)).toEqual([1, 2, "lost"]);
    buffer.push(3, frame(3)); // too late: its slot was concealed
    expect(drain(buffer, 2)).toEqual([4, 5]);
    expect(buffer.stats).toMatchObject({ lost: 1, late: 1, played: 4 });
  });

  it("plays silence on underrun and resumes at the next talkspurt without concealing the pause", () => {
    const buffer = new JitterBuffer<number>(2);
    buffer.push(1, 1);
    buffer.push(2, 2);
    expect(drain(buffer, 4)).toEqual([1, 2, "silence", "silence"]);
    buffer.push(50, 50); // after DTX or an outage
    buffer.push(51, 51);
    expect(drain(buffer, 2)).toEqual([50, 51]);
    expect(buffer.stats.lost).toBe(0);
  });

  it("wraps sequence numbers, ignores duplicates and bounds its depth", () => {
    const buffer = new JitterBuffer<number>(2, 4);
    for (const sequence of [65534, 65535, 65535, 0, 1]) buffer.push(sequence, sequence);
    expect(drain(buffer, 4)).toEqual([65534, 65535, 0, 1]);
    for (let sequence = 2; sequence < 12; sequence++) buffer.push(sequence, sequence);
    expect(drain(buffer, 4)).toEqual([8, 9, 10, 11]);
    expect(buffer.stats).toMatchObject({ duplicates: 1, dropped: 6 });
  });
});
