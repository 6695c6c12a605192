// RFC 4733 telephone-event payloads: event code, end bit, volume and duration (in timestamp units).

export type ToneEvent = { event: number; end: boolean; volume: number; duration: number };

const digits = "0123456789*#ABCD";

/** Events 0-15 are the DTMF digits 0-9, *, #, A-D; 16 is flash. */
export function digitOfEvent(event: number): string | null {
  return event >= 0 && event < digits.length ? digits[event] : null;
}

export function eventOfDigit(digit: string): number | null {
  const index = digits.indexOf(digit.toUpperCase());
  return index === -1 ? null : index;
}

export function parseToneEvent(payload: Buffer): ToneEvent | null {
  if (payload.length < 4) return null;
  return { event: payload[0], end: (payload[1] & 0x80) !== 0, volume: payload[1] & 0x3f, duration: payload.readUInt16BE(2) };
}

export function serializeToneEvent(tone: ToneEvent): Buffer {
  const payload = Buffer.alloc(4);
  payload[0] = tone.event;
  payload[1] = (tone.end ? 0x80 : 0) | (tone.volume & 0x3f);
  payload.writeUInt16BE(Math.min(tone.duration, 0xffff), 2);
  return payload;
}
