import { describe, expect, it } from "vitest";
import { decodeMulaw, encodeMulaw } from "@/lib/media/g711";
import type { MediaStreamAdapter, MediaStreamHandlers } from "@/lib/telephony/media-stream";
import { encodeClientState } from "@/lib/telephony/telnyx/client-state";
import { TelnyxMediaStream } from "@/lib/telephony/telnyx/telnyx-media-stream";
import { TwilioMediaStream } from "@/lib/telephony/twilio/twilio-media-stream";
import { sineTone, toneShare } from "../../helpers/audio/tones";

function collect<T extends MediaStreamAdapter>(make: (options: { send: (text: string) => void; handlers: MediaStreamHandlers; log: (m: string) => void }) => T) {
  const out = { sent: [] as Record<string, unknown>[], frames: [] as Int16Array[], dtmf: [] as string[], marks: [] as string[], starts: 0, stops: 0, logs: [] as string[] };
  const adapter = make({
    send: (text) => out.sent.push(JSON.parse(text)),
    handlers: { start: () => out.starts++, audio: (frame) => out.frames.push(frame), dtmf: (d) => out.dtmf.push(d), mark: (m) => out.marks.push(m), stop: () => out.stops++ },
    log: (message) => out.logs.push(message),
  });
  return { adapter, out };
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const concat = (frames: Int16Array[]) => Int16Array.from(frames.flatMap((frame) => Array.from(frame)));

const twilioStart = {
  event: "start",
  sequenceNumber: "1",
  start: { accountSid: "AC1", streamSid: "MZ1", callSid: "CA1", tracks: ["inbound"], customParameters: { call_id: "call-1", token: "t0k" }, mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 } },
  streamSid: "MZ1",
};

describe("Twilio media stream adapter", () => {
  it("reads start (stream, call and custom parameters) and decodes μ-law media into 20 ms frames", () => {
    const { adapter, out } = collect((o) => new TwilioMediaStream(o));
    adapter.receive(JSON.stringify({ event: "connected", protocol: "Call", version: "1.0.0" }));
    adapter.receive(Buffer.from(JSON.stringify(twilioStart)));
    expect(adapter.started).toEqual({ streamId: "MZ1", carrierCallId: "CA1", customParameters: { call_id: "call-1", token: "t0k" }, encoding: "PCMU" });
    const tone = sineTone(440, 60);
    const bytes = encodeMulaw(tone);
    // Payloads of 100 bytes (12.5 ms) still come out as whole 20 ms frames.
    for (let at = 0, n = 2; at < bytes.length; at += 100, n++) {
      adapter.receive(JSON.stringify({ event: "media", sequenceNumber: String(n), media: { track: "inbound", chunk: String(n - 1), timestamp: "0", payload: b64(bytes.subarray(at, at + 100)) }, streamSid: "MZ1" }));
    }
    expect(out.frames.map((frame) => frame.length)).toEqual([160, 160, 160]);
    expect(Array.from(concat(out.frames))).toEqual(Array.from(decodeMulaw(bytes)));
    expect(toneShare(out.frames[1], 440)).toBeGreaterThan(0.3);
  });

  it("sends our PCM as base64 μ-law media with the streamSid, and it decodes back to the same tone", () => {
    const { adapter, out } = collect((o) => new TwilioMediaStream(o));
    adapter.sendAudio(sineTone(1000, 20));
    expect(out.sent).toEqual([]); // nothing can go before Twilio names the stream
    expect(adapter.stats.droppedBeforeStart).toBe(1);
    adapter.receive(JSON.stringify(twilioStart));
    const tone = sineTone(1000, 20);
    adapter.sendAudio(tone);
    expect(Object.keys(out.sent[0]).sort()).toEqual(["event", "media", "streamSid"]);
    expect(out.sent[0]).toMatchObject({ event: "media", streamSid: "MZ1" });
    const back = decodeMulaw(Buffer.from((out.sent[0].media as { payload: string }).payload, "base64"));
    expect(back.length).toBe(160);
    for (let i = 0; i < tone.length; i++) expect(Math.abs(back[i] - tone[i])).toBeLessThanOrEqual(Math.abs(tone[i]) / 16 + 16);
    expect(toneShare(back, 1000)).toBeGreaterThan(0.4);
  });

  it("keeps marks pending until Twilio returns them; clear is sent with the streamSid and the marks still come back", () => {
    const { adapter, out } = collect((o) => new TwilioMediaStream(o));
    adapter.receive(JSON.stringify(twilioStart));
    adapter.sendMark("utterance-1");
    adapter.sendMark("utterance-2");
    expect(out.sent).toEqual([
      { event: "mark", streamSid: "MZ1", mark: { name: "utterance-1" } },
      { event: "mark", streamSid: "MZ1", mark: { name: "utterance-2" } },
    ]);
    expect(adapter.pendingMarks).toEqual(["utterance-1", "utterance-2"]);
    adapter.receive(JSON.stringify({ event: "mark", sequenceNumber: "3", streamSid: "MZ1", mark: { name: "utterance-1" } }));
    expect(adapter.pendingMarks).toEqual(["utterance-2"]);
    adapter.clear();
    expect(out.sent.at(-1)).toEqual({ event: "clear", streamSid: "MZ1" });
    adapter.receive(JSON.stringify({ event: "mark", sequenceNumber: "4", streamSid: "MZ1", mark: { name: "utterance-2" } }));
    expect(out.marks).toEqual(["utterance-1", "utterance-2"]);
    expect(adapter.pendingMarks).toEqual([]);
  });

  it("reads DTMF digits and stop", () => {
    const { adapter, out } = collect((o) => new TwilioMediaStream(o));
    adapter.receive(JSON.stringify(twilioStart));
    adapter.receive(JSON.stringify({ event: "dtmf", streamSid: "MZ1", sequenceNumber: "5", dtmf: { track: "inbound_track", digit: "7" } }));
    adapter.receive(JSON.stringify({ event: "dtmf", streamSid: "MZ1", sequenceNumber: "6", dtmf: { track: "inbound_track", digit: "#" } }));
    adapter.receive(JSON.stringify({ event: "stop", sequenceNumber: "7", streamSid: "MZ1", stop: { accountSid: "AC1", callSid: "CA1" } }));
    expect(out.dtmf).toEqual(["7", "#"]);
    expect(out.stops).toBe(1);
    expect(adapter.stopped).toBe(true);
  });

  it("counts and logs bad frames and keeps going", () => {
    const { adapter, out } = collect((o) => new TwilioMediaStream(o));
    adapter.receive(JSON.stringify({ event: "media", media: { payload: "////" } })); // before start
    adapter.receive(JSON.stringify(twilioStart));
    adapter.receive("{not json");
    adapter.receive("[1,2]");
    adapter.receive(JSON.stringify({ event: "transcript" }));
    adapter.receive(JSON.stringify({ event: "media", streamSid: "MZ1", media: { payload: "%%%bad base64%%%" } }));
    adapter.receive(JSON.stringify({ event: "media", streamSid: "MZ1" }));
    adapter.receive(JSON.stringify({ event: "dtmf", streamSid: "MZ1", dtmf: { digit: "x" } }));
    expect(adapter.stats.badFrames).toBe(7);
    expect(out.logs.length).toBe(5); // the first few are logged, then every 1000th
    adapter.receive(JSON.stringify({ event: "media", streamSid: "MZ1", media: { track: "inbound", payload: b64(new Uint8Array(160).fill(0xff)) } }));
    expect(out.frames.length).toBe(1);
  });

  it("a failing handler does not break the stream", () => {
    let calls = 0;
    const adapter = new TwilioMediaStream({ send: () => {}, handlers: { dtmf: () => { calls++; throw new Error("boom"); } }, log: () => {} });
    adapter.receive(JSON.stringify(twilioStart));
    adapter.receive(JSON.stringify({ event: "dtmf", streamSid: "MZ1", dtmf: { digit: "1" } }));
    adapter.receive(JSON.stringify({ event: "dtmf", streamSid: "MZ1", dtmf: { digit: "2" } }));
    expect(calls).toBe(2);
  });
});

const telnyxStart = (sequence = "1") => ({
  event: "start",
  sequence_number: sequence,
  start: { user_id: "u1", call_control_id: "v3:abc", client_state: encodeClientState({ call_id: "call-9", stream: { token: "t9" } }), media_format: { encoding: "PCMU", sample_rate: 8000, channels: 1 } },
  stream_id: "st-1",
});

/** A media frame whose 160 samples all decode to one level, so order shows in the output. */
function telnyxMedia(sequence: number, level: number) {
  const bytes = encodeMulaw(new Int16Array(160).fill(level));
  return JSON.stringify({ event: "media", sequence_number: String(sequence), media: { track: "inbound", chunk: String(sequence - 1), timestamp: String((sequence - 2) * 20), payload: b64(bytes) }, stream_id: "st-1" });
}

describe("Telnyx media stream adapter", () => {
  it("reads start with our client_state as custom parameters; sends media, mark and clear with stream_id", () => {
    const { adapter, out } = collect((o) => new TelnyxMediaStream(o));
    adapter.receive(JSON.stringify({ event: "connected", version: "1.0.0" }));
    adapter.receive(JSON.stringify(telnyxStart()));
    expect(adapter.started).toEqual({ streamId: "st-1", carrierCallId: "v3:abc", customParameters: { token: "t9", call_id: "call-9" }, encoding: "PCMU" });
    adapter.sendAudio(sineTone(600, 20));
    adapter.sendMark("m1");
    adapter.clear();
    expect(out.sent.map((frame) => [frame.event, frame.stream_id])).toEqual([["media", "st-1"], ["mark", "st-1"], ["clear", "st-1"]]);
    expect(toneShare(decodeMulaw(Buffer.from((out.sent[0].media as { payload: string }).payload, "base64")), 600)).toBeGreaterThan(0.4);
    adapter.receive(JSON.stringify({ event: "mark", sequence_number: "2", stream_id: "st-1", mark: { name: "m1" } }));
    expect(out.marks).toEqual(["m1"]);
  });

  it("puts frames back in sequence order, not arrival order", () => {
    const { adapter, out } = collect((o) => new TelnyxMediaStream(o));
    const order = [3, 2, 5, 4, 6, 8, 7, 9];
    adapter.receive(JSON.stringify(telnyxStart()));
    for (const sequence of order) adapter.receive(telnyxMedia(sequence, sequence * 100));
    expect(out.frames.map((frame) => frame[0])).toEqual([2, 3, 4, 5, 6, 7, 8, 9].map((n) => decodeMulaw(encodeMulaw(Int16Array.of(n * 100)))[0]));
    expect(adapter.stats.reordered).toBeGreaterThan(0);
    expect(adapter.stats.lost).toBe(0);
  });

  it("holds media that beats its start; DTMF and stop keep their place in the sequence", () => {
    const { adapter, out } = collect((o) => new TelnyxMediaStream(o));
    adapter.receive(telnyxMedia(2, 1000));
    adapter.receive(JSON.stringify(telnyxStart()));
    adapter.receive(JSON.stringify({ event: "dtmf", sequence_number: "4", stream_id: "st-1", dtmf: { digit: "9" } }));
    adapter.receive(JSON.stringify({ event: "dtmf", sequence_number: "3", stream_id: "st-1", dtmf: { digit: "8" } }));
    expect(out.dtmf).toEqual(["8", "9"]);
    adapter.receive(JSON.stringify({ event: "stop", sequence_number: "6", stream_id: "st-1", stop: { user_id: "u1", call_control_id: "v3:abc" } }));
    adapter.receive(telnyxMedia(5, 500)); // after stop: nothing more is played
    expect(out.frames.length).toBe(1);
    expect(out.stops).toBe(1);
    expect(adapter.stats.badFrames).toBe(0);
  });

  it("gives up on a lost frame after a few later ones arrive, and counts it", () => {
    const { adapter, out } = collect((o) => new TelnyxMediaStream(o));
    adapter.receive(JSON.stringify(telnyxStart()));
    for (const sequence of [2, 4, 5, 6, 7, 8]) adapter.receive(telnyxMedia(sequence, sequence * 100)); // 3 never comes
    expect(out.frames.length).toBe(6);
    expect(adapter.stats.lost).toBe(1);
    adapter.receive(telnyxMedia(3, 300)); // too late: dropped, not played out of place
    expect(out.frames.length).toBe(6);
  });

  it("ignores our own audio echoed on the outbound track and counts bad frames", () => {
    const { adapter, out } = collect((o) => new TelnyxMediaStream(o));
    adapter.receive(JSON.stringify(telnyxStart()));
    adapter.receive(JSON.stringify({ event: "media", sequence_number: "2", media: { track: "outbound", payload: b64(new Uint8Array(160)) }, stream_id: "st-1" }));
    adapter.receive("nope");
    adapter.receive(JSON.stringify({ event: "media", sequence_number: "3", media: { track: "inbound", payload: "abc" }, stream_id: "st-1" }));
    adapter.receive(JSON.stringify({ event: "error", sequence_number: "4", payload: { code: 100003, title: "malformed_frame", detail: "bad" }, stream_id: "st-1" }));
    expect(out.frames.length).toBe(0);
    expect(adapter.stats.badFrames).toBe(3);
  });
});
