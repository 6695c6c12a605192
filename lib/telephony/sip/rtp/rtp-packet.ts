// RTP fixed header (RFC 3550 §5.1): version 2, padding, extension, CSRCs, marker, payload type,
// sequence number, timestamp and SSRC. Parsing returns null for anything that is not RTP.

export type RtpPacket = {
  payloadType: number;
  sequence: number;
  timestamp: number;
  ssrc: number;
  marker: boolean;
  payload: Buffer;
};

export function parseRtp(data: Buffer): RtpPacket | null {
  if (data.length < 12 || data[0] >> 6 !== 2) return null;
  const padding = (data[0] & 0x20) !== 0;
  const extension = (data[0] & 0x10) !== 0;
  const csrcCount = data[0] & 0x0f;
  const payloadType = data[1] & 0x7f;
  if (payloadType >= 72 && payloadType <= 76) return null; // RTCP on the RTP port (RFC 5761 §4)
  let offset = 12 + csrcCount * 4;
  if (extension) {
    if (data.length < offset + 4) return null;
    offset += 4 + data.readUInt16BE(offset + 2) * 4;
  }
  let end = data.length;
  if (padding) end -= data[data.length - 1];
  if (offset > end) return null;
  return {
    payloadType,
    sequence: data.readUInt16BE(2),
    timestamp: data.readUInt32BE(4),
    ssrc: data.readUInt32BE(8),
    marker: (data[1] & 0x80) !== 0,
    payload: data.subarray(offset, end),
  };
}

export function serializeRtp(packet: RtpPacket): Buffer {
  const data = Buffer.allocUnsafe(12 + packet.payload.length);
  data[0] = 0x80;
  data[1] = (packet.marker ? 0x80 : 0) | (packet.payloadType & 0x7f);
  data.writeUInt16BE(packet.sequence & 0xffff, 2);
  data.writeUInt32BE(packet.timestamp >>> 0, 4);
  data.writeUInt32BE(packet.ssrc >>> 0, 8);
  packet.payload.copy(data, 12);
  return data;
}

/** Signed distance from sequence number `a` to `b`, modulo 2^16. */
export function sequenceDistance(a: number, b: number): number {
  const distance = (b - a) & 0xffff;
  return distance >= 0x8000 ? distance - 0x10000 : distance;
}
