import dgram from "node:dgram";
import { afterEach, describe, expect, it } from "vitest";
import { decodeMulaw, encodeMulaw } from "@/lib/media/g711";
import { parseToneEvent, serializeToneEvent } from "@/lib/telephony/sip/rtp/dtmf-events";
import { parseRtp, serializeRtp, type RtpPacket } from "@/lib/telephony/sip/rtp/rtp-packet";
import { RtpPortRange } from "@/lib/telephony/sip/rtp/rtp-ports";
import { RtpSession } from "@/lib/telephony/sip/rtp/rtp-session";
import { sineTone } from "../helpers/audio/tones";
import { framesWithTone, playPaced } from "../helpers/sip/audio";
import { firstProject } from "../helpers/sip/sipp";

// One RTP session against a plain UDP socket playing the far end, so every packet is seen on the wire.
const sockets: dgram.Socket[] = [];
const sessions: RtpSession[] = [];
const range = new RtpPortRange(38000, 38999);

async function socket(): Promise<dgram.Socket> {
  const peer = dgram.createSocket("udp4");
  await new Promise<void>((resolve) => peer.bind(0, "127.0.0.1", resolve));
  sockets.push(peer);
  return peer;
}

async function session(peer: dgram.Socket, { telephoneEvent = 101 as number | null } = {}) {
  const { socket: rtpSocket, port } = await range.bind("127.0.0.1");
  const rtp = new RtpSession(rtpSocket, port, () => range.release(port));
  sessions.push(rtp);
  rtp.configure({ remoteAddress: "127.0.0.1", remotePort: peer.address().port, codec: "PCMU", payloadType: 0, telephoneEvent: telephoneEvent ?? undefined, localDirection: "sendrecv", held: false });
  const received: RtpPacket[] = [];
  peer.on("message", (data) => received.push(parseRtp(data)!));
  return { rtp, received };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  sessions.splice(0).forEach((rtp) => rtp.close());
  sockets.splice(0).forEach((peer) => peer.close());
});

describe.runIf(firstProject)("RTP session on the wire", () => {
  it("sends G.711 at 20 ms: sequence +1, timestamp +160, one SSRC, marker on the first packet and after a pause", async () => {
    const peer = await socket();
    const { rtp, received } = await session(peer);
    await playPaced(sineTone(440, 200), (frame) => rtp.sendAudio(frame));
    await wait(150); // a pause in the talk
    await playPaced(sineTone(440, 100), (frame) => rtp.sendAudio(frame));
    await wait(50);
    expect(received).toHaveLength(15);
    expect(new Set(received.map((packet) => packet.ssrc)).size).toBe(1);
    expect(received.every((packet) => packet.payloadType === 0 && packet.payload.length === 160)).toBe(true);
    for (let i = 1; i < received.length; i++) expect(received[i].sequence).toBe((received[i - 1].sequence + 1) & 0xffff);
    const steps = received.slice(1).map((packet, i) => (packet.timestamp - received[i].timestamp) >>> 0);
    expect(steps.slice(0, 9)).toEqual(Array(9).fill(160));
    expect(steps[9]).toBeGreaterThanOrEqual(160 * 7); // the pause is kept in the timeline
    expect(steps[9]).toBeLessThanOrEqual(160 * 12);
    expect(received.map((packet) => packet.marker)).toEqual([true, ...Array(9).fill(false), true, false, false, false, false]);
    expect(framesWithTone([decodeMulaw(received[3].payload)], 440)).toBe(1);
  });

  it("sends DTMF as RFC 4733 events: one timestamp per digit, marker first, growing duration, the end three times", async () => {
    const peer = await socket();
    const { rtp, received } = await session(peer);
    expect(await rtp.sendDtmf("5#", { durationMs: 100, gapMs: 40 })).toBe(true);
    await wait(50);
    const events = received.filter((packet) => packet.payloadType === 101);
    const byDigit = [events.filter((packet) => packet.payload[0] === 5), events.filter((packet) => packet.payload[0] === 11)];
    for (const packets of byDigit) {
      expect(new Set(packets.map((packet) => packet.timestamp)).size).toBe(1);
      expect(packets[0].marker).toBe(true);
      const tones = packets.map((packet) => parseToneEvent(packet.payload)!);
      expect(tones.map((tone) => tone.duration)).toEqual([160, 320, 480, 640, 800, 800, 800]);
      expect(tones.map((tone) => tone.end)).toEqual([false, false, false, false, true, true, true]);
      expect(tones[0].volume).toBe(10);
    }
    expect((byDigit[1][0].timestamp - byDigit[0][0].timestamp) >>> 0).toBeGreaterThanOrEqual(800);
    for (let i = 1; i < events.length; i++) expect(events[i].sequence).toBe((events[i - 1].sequence + 1) & 0xffff);
  });

  it("says false when the far end accepts no telephone-event", async () => {
    const peer = await socket();
    const { rtp, received } = await session(peer, { telephoneEvent: null });
    expect(await rtp.sendDtmf("1")).toBe(false);
    expect(received).toHaveLength(0);
  });

  it("plays what arrives reordered in order, ignores comfort noise, reports each digit once, latches to the first source", async () => {
    const peer = await socket();
    const intruder = await socket();
    const { rtp } = await session(peer);
    const frames: Int16Array[] = [];
    const digits: string[] = [];
    rtp.onAudio((frame) => frames.push(frame));
    rtp.onDtmf((digit) => digits.push(digit));
    const tone = sineTone(1000, 400);
    const packet = (sequence: number, payloadType = 0, payload?: Buffer, timestamp = sequence * 160) =>
      serializeRtp({ payloadType, sequence, timestamp, ssrc: 77, marker: false, payload: payload ?? Buffer.from(encodeMulaw(tone.subarray((sequence - 100) * 160, (sequence - 99) * 160))) });
    // swapped pairs leave together, so reordering never races the playout clock of a loaded machine
    const groups = [[100], [102, 101], [103], [105, 104], [106], [107], [109, 108], [110], ...[111, 112, 113, 114, 115, 116, 117, 118, 119].map((sequence) => [sequence])];
    for (const group of groups) {
      for (const sequence of group) {
        peer.send(packet(sequence), rtp.localPort, "127.0.0.1");
        intruder.send(packet(sequence, 0, Buffer.alloc(160, 0x7f)), rtp.localPort, "127.0.0.1"); // silence from elsewhere: ignored
      }
      if (group.includes(110)) {
        peer.send(packet(500, 13, Buffer.from([40])), rtp.localPort, "127.0.0.1");
        for (const end of [false, false, true, true, true]) peer.send(packet(600, 101, serializeToneEvent({ event: 9, end, volume: 10, duration: 480 }), 9999), rtp.localPort, "127.0.0.1");
      }
      await wait(20 * group.length);
    }
    await wait(100);
    const toneFrames = frames.filter((frame) => framesWithTone([frame], 1000) === 1);
    expect(toneFrames.length).toBeGreaterThanOrEqual(18);
    // in order: each frame continues the sine where the previous one stopped
    const joined = Int16Array.from(toneFrames.flatMap((frame) => [...frame]));
    const reference = decodeMulaw(encodeMulaw(tone));
    expect(Math.max(...joined.map((sample, i) => Math.abs(sample - reference[i])))).toBe(0);
    expect(digits).toEqual(["9"]);
    expect(rtp.stats).toMatchObject({ comfortNoise: 1, dtmfReceived: 1 });
    expect(rtp.stats.packetsIgnored).toBe(20);
    expect(rtp.target).toEqual({ address: "127.0.0.1", port: peer.address().port, lastSeen: expect.any(Number) });
  });
});
