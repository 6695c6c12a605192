import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { realClock } from "@/lib/media/clock";
import { JitterBuffer } from "@/lib/media/jitter-buffer";
import { Pacer } from "@/lib/media/pacer";
import { ManualClock } from "../../helpers/manual-clock";

const packet = (value: number, samples = 160) => new Int16Array(samples).fill(value);
const firstSample = (pcm: Int16Array) => pcm[0];

describe("jitter buffer", () => {
  it("puts reordered packets back in sequence and plays a steady 20 ms stream after the cushion", () => {
    const buffer = new JitterBuffer({ sampleRate: 8000, targetMs: 40 });
    for (const sequence of [10, 12, 11, 13]) buffer.push({ pcm: packet(sequence), sequence });
    const out = Array.from({ length: 4 }, () => buffer.pull());
    expect(out.map((frame) => frame.filled)).toEqual([false, false, false, false]);
    expect(out.map((frame) => firstSample(frame.pcm))).toEqual([10, 11, 12, 13]);
    expect(out.every((frame) => frame.pcm.length === 160)).toBe(true);
  });

  it("fills a lost packet with silence and drops it when it comes too late", () => {
    const buffer = new JitterBuffer({ sampleRate: 8000, targetMs: 40 });
    for (const sequence of [1, 2, 4, 5]) buffer.push({ pcm: packet(sequence), sequence });
    const out = Array.from({ length: 4 }, () => buffer.pull());
    expect(out.map((frame) => firstSample(frame.pcm))).toEqual([1, 2, 0, 4]);
    buffer.push({ pcm: packet(3), sequence: 3 });
    expect(buffer.stats.late).toBe(1);
    expect(firstSample(buffer.pull().pcm)).toBe(5);
  });

  it("re-frames a burst of odd-sized chunks and fills underruns with silence", () => {
    const buffer = new JitterBuffer({ sampleRate: 16000, targetMs: 60 });
    const total = new Int16Array(320 * 5).map((_, i) => (i % 100) + 1);
    for (let offset = 0; offset < total.length; offset += 128) buffer.push({ pcm: total.subarray(offset, offset + 128) });
    const frames = Array.from({ length: 6 }, () => buffer.pull());
    expect(frames.slice(0, 5).every((frame) => !frame.filled && frame.pcm.length === 320)).toBe(true);
    expect(Array.from(frames[1].pcm.subarray(0, 3))).toEqual(Array.from(total.subarray(320, 323)));
    expect(frames[5].filled).toBe(true);
    expect(frames[5].pcm.every((sample) => sample === 0)).toBe(true);
  });

  it("keeps latency bounded when the sender runs ahead", () => {
    const buffer = new JitterBuffer({ sampleRate: 8000, targetMs: 60, maxMs: 200 });
    for (let sequence = 0; sequence < 50; sequence++) buffer.push({ pcm: packet(sequence + 1), sequence });
    buffer.pull();
    expect(buffer.bufferedMs).toBeLessThanOrEqual(200);
    expect(buffer.stats.dropped).toBeGreaterThan(0);
  });
});

describe("output pacer", () => {
  it("sends one frame per 20 ms on absolute deadlines, the first at once, and clear stops it at once", async () => {
    const clock = new ManualClock(0);
    const sent: { tag: number; at: number }[] = [];
    const pacer = new Pacer<number>(clock, (frame, at) => sent.push({ tag: frame.tag, at }));
    await clock.advance(5);
    pacer.enqueue(Array.from({ length: 10 }, (_, tag) => ({ pcm: packet(tag), tag })));
    await clock.advance(0);
    expect(sent).toEqual([{ tag: 0, at: 5 }]);
    await clock.advance(60);
    expect(sent.map((entry) => entry.at)).toEqual([5, 25, 45, 65]);
    const dropped = pacer.clear();
    expect(dropped.map((frame) => frame.tag)).toEqual([4, 5, 6, 7, 8, 9]);
    await clock.advance(100);
    expect(sent).toHaveLength(4);
    // Starting again right away still leaves a full period after the last frame.
    pacer.enqueue([{ pcm: packet(1), tag: 99 }]);
    await clock.advance(0);
    expect(sent.at(-1)).toEqual({ tag: 99, at: 165 });
  });

  it("keeps real time over a second without drifting or running ahead", async () => {
    const sentAt: number[] = [];
    const pacer = new Pacer<number>(realClock, (_frame, at) => sentAt.push(at));
    const start = performance.now();
    pacer.enqueue(Array.from({ length: 50 }, (_, tag) => ({ pcm: packet(tag), tag })));
    for (let waited = 0; sentAt.length < 50 && waited < 3000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sentAt).toHaveLength(50);
    sentAt.forEach((at, index) => expect(at).toBeGreaterThanOrEqual(sentAt[0] + index * 20)); // never early
    // Never two in one period (after a late frame the next one keeps to its own deadline).
    const slots = sentAt.map((at) => Math.floor((at - sentAt[0] + 0.01) / 20));
    slots.slice(1).forEach((slot, index) => expect(slot).toBeGreaterThan(slots[index]));
    // No drift: the last frame is due 980 ms after the first, plus 20 ms per slot a late timer made it skip.
    const skipped = sentAt.slice(1).reduce((count, at, index) => count + Math.max(0, Math.round((at - sentAt[index]) / 20) - 1), 0);
    expect(sentAt[49] - sentAt[0]).toBeLessThan(980 + 20 * skipped + 20);
    expect(sentAt[0] - start).toBeLessThan(20); // the first goes out at once
  });

  it("lets go of each frame's audio once it is sent, not at a later compaction", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const clock = new ManualClock();
    const pacer = new Pacer<number>(clock, () => undefined);
    // Each frame a view of its own 200 ms chunk, as frames cut from a provider's stream are.
    const chunks = Array.from({ length: 20 }, () => new WeakRef(new Int16Array(4800).buffer));
    pacer.enqueue(chunks.map((chunk, tag) => ({ pcm: new Int16Array(chunk.deref()!, 0, 480), tag })));
    await clock.advance(20 * 9); // 10 sent, 10 waiting
    await new Promise((resolve) => setTimeout(resolve, 0)); // WeakRefs hold their target until the job ends
    gc();
    expect(chunks.map((chunk) => chunk.deref() !== undefined)).toEqual([...Array(10).fill(false), ...Array(10).fill(true)]);
    pacer.stop();
  });
});
