/**
 * The benchmark's RTP sink, in a process of its own so it does not share the sender's event loop:
 * notes when each packet of each stream (SSRC) arrives, and on request reports how far arrivals
 * stray from the 20 ms the RTP timestamps promise.
 */
import dgram from "node:dgram";

type Arrival = { at: number; sequence: number; timestamp: number };
const streams = new Map<number, Arrival[]>();
const socket = dgram.createSocket("udp4");

socket.on("message", (data) => {
  if (data.length < 12) return;
  const ssrc = data.readUInt32BE(8);
  let list = streams.get(ssrc);
  if (!list) streams.set(ssrc, (list = []));
  list.push({ at: performance.now(), sequence: data.readUInt16BE(2), timestamp: data.readUInt32BE(4) });
});

socket.bind(0, "127.0.0.1", () => process.send!({ port: socket.address().port }));

process.on("message", () => {
  const deviations: number[] = [];
  let worstInterarrival = 0;
  let packets = 0;
  for (const arrivals of streams.values()) {
    packets += arrivals.length;
    let jitter = 0; // RFC 3550 §6.4.1 interarrival jitter, in ms
    for (let i = 1; i < arrivals.length; i++) {
      const deviation = arrivals[i].at - arrivals[i - 1].at - ((arrivals[i].timestamp - arrivals[i - 1].timestamp) >>> 0) / 8;
      deviations.push(Math.abs(deviation));
      jitter += (Math.abs(deviation) - jitter) / 16;
    }
    worstInterarrival = Math.max(worstInterarrival, jitter);
  }
  process.send!({ streams: streams.size, packets, deviations, worstInterarrival }, () => process.exit(0));
});
