// SDP (RFC 4566) and offer/answer (RFC 3264) for one audio stream: PCMU (0), PCMA (8) and
// telephone-event (RFC 4733, events 0-16), 20 ms packets; hold by sendonly/inactive or c=0.0.0.0.

import net from "node:net";
import type { StreamEncoding } from "../media-stream";

export type Direction = "sendrecv" | "sendonly" | "recvonly" | "inactive";
export type AudioCodecName = StreamEncoding;

export type SdpMedia = {
  type: string;
  port: number;
  protocol: string;
  formats: number[];
  connection?: string;
  direction?: Direction;
  rtpmap: Map<number, { encoding: string; clockRate: number }>;
  fmtp: Map<number, string>;
  ptime?: number;
};

export type SessionDescription = {
  origin: { username: string; sessionId: string; version: string; address: string };
  connection?: string;
  direction?: Direction;
  media: SdpMedia[];
};

/** What both sides agreed for the audio stream, seen from our side. */
export type NegotiatedAudio = {
  /** Where to send RTP (from the remote description). */
  remoteAddress: string;
  remotePort: number;
  codec: AudioCodecName;
  payloadType: number;
  /** The remote side's telephone-event payload type, when it accepts RFC 4733 events. */
  telephoneEvent?: number;
  /** Our direction: whether we send and/or receive. */
  localDirection: Direction;
  /** The far end put the call on hold (sendonly, inactive or a 0.0.0.0 connection address). */
  held: boolean;
};

const staticCodecs: Record<number, AudioCodecName> = { 0: "PCMU", 8: "PCMA" };
export const TELEPHONE_EVENT_PT = 101;
const ourPreference: AudioCodecName[] = ["PCMU", "PCMA"];
const directions = new Set<Direction>(["sendrecv", "sendonly", "recvonly", "inactive"]);

export function parseSdp(text: string): SessionDescription | null {
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  if (lines[0] !== "v=0") return null;
  let origin: SessionDescription["origin"] | undefined;
  let connection: string | undefined;
  let direction: Direction | undefined;
  const media: SdpMedia[] = [];
  for (const line of lines) {
    const match = /^([a-z])=(.*)$/.exec(line);
    if (!match) return null;
    const [, type, value] = match;
    const current = media.at(-1);
    if (type === "o") {
      const parts = value.split(" ");
      if (parts.length !== 6) return null;
      origin = { username: parts[0], sessionId: parts[1], version: parts[2], address: parts[5] };
    } else if (type === "c") {
      const address = /^IN IP[46] (\S+?)(?:\/\d+)*$/.exec(value)?.[1];
      if (!address) return null;
      if (current) current.connection = address;
      else connection = address;
    } else if (type === "m") {
      const parts = /^(\w+) (\d+)(?:\/\d+)? (\S+)((?: \S+)*)$/.exec(value);
      if (!parts) return null;
      const formats = parts[4].trim().split(" ").filter(Boolean).map(Number);
      media.push({ type: parts[1], port: Number(parts[2]), protocol: parts[3], formats: formats.filter((pt) => Number.isInteger(pt)), rtpmap: new Map(), fmtp: new Map() });
    } else if (type === "a") {
      const [name, rest = ""] = splitOnce(value, ":");
      if (directions.has(name as Direction)) {
        if (current) current.direction = name as Direction;
        else direction = name as Direction;
      } else if (current && name === "rtpmap") {
        const map = /^(\d+) ([^/\s]+)\/(\d+)/.exec(rest);
        if (map) current.rtpmap.set(Number(map[1]), { encoding: map[2], clockRate: Number(map[3]) });
      } else if (current && name === "fmtp") {
        const fmtp = /^(\d+) (.*)$/.exec(rest);
        if (fmtp) current.fmtp.set(Number(fmtp[1]), fmtp[2]);
      } else if (current && name === "ptime" && /^\d+$/.test(rest)) current.ptime = Number(rest);
    }
  }
  return origin ? { origin, connection, direction, media } : null;
}

function splitOnce(text: string, separator: string): [string, string?] {
  const index = text.indexOf(separator);
  return index === -1 ? [text] : [text.slice(0, index), text.slice(index + 1)];
}

function encodingOf(media: SdpMedia, pt: number): string | undefined {
  return media.rtpmap.get(pt)?.encoding ?? staticCodecs[pt];
}

function codecPayloadType(media: SdpMedia, codec: AudioCodecName): number | undefined {
  return media.formats.find((pt) => encodingOf(media, pt)?.toUpperCase() === codec && (media.rtpmap.get(pt)?.clockRate ?? 8000) === 8000);
}

function telephoneEventOf(media: SdpMedia): number | undefined {
  return media.formats.find((pt) => media.rtpmap.get(pt)?.encoding.toLowerCase() === "telephone-event" && media.rtpmap.get(pt)?.clockRate === 8000);
}

const reverse: Record<Direction, Direction> = { sendrecv: "sendrecv", sendonly: "recvonly", recvonly: "sendonly", inactive: "inactive" };

function audioOf(description: SessionDescription): SdpMedia | undefined {
  return description.media.find((media) => media.type === "audio" && media.port !== 0 && /^RTP\/AVP$/i.test(media.protocol));
}

function negotiated(description: SessionDescription, media: SdpMedia, codec: AudioCodecName, payloadType: number, ourWish: Direction): NegotiatedAudio {
  const remoteAddress = media.connection ?? description.connection ?? "";
  const remoteDirection = media.direction ?? description.direction ?? "sendrecv";
  const zero = remoteAddress === "0.0.0.0" || remoteAddress === "::";
  const held = zero || remoteDirection === "sendonly" || remoteDirection === "inactive";
  let localDirection = intersect(ourWish, reverse[remoteDirection]);
  if (zero) localDirection = intersect(localDirection, "recvonly");
  return { remoteAddress, remotePort: media.port, codec, payloadType, telephoneEvent: telephoneEventOf(media), localDirection, held };
}

function intersect(a: Direction, b: Direction): Direction {
  const send = (a === "sendrecv" || a === "sendonly") && (b === "sendrecv" || b === "sendonly");
  const receive = (a === "sendrecv" || a === "recvonly") && (b === "sendrecv" || b === "recvonly");
  return send && receive ? "sendrecv" : send ? "sendonly" : receive ? "recvonly" : "inactive";
}

/** Chooses the codec for an offer we received, by our preference; null means 488 Not Acceptable Here. */
export function answerOffer(offer: SessionDescription, ourWish: Direction = "sendrecv"): NegotiatedAudio | null {
  const media = audioOf(offer);
  if (!media || !(media.connection ?? offer.connection)) return null;
  for (const codec of ourPreference) {
    const pt = codecPayloadType(media, codec);
    if (pt !== undefined) return negotiated(offer, media, codec, pt, ourWish);
  }
  return null;
}

/** Reads the answer to our offer; null when it accepts no codec we offered. */
export function readAnswer(answer: SessionDescription, ourWish: Direction = "sendrecv"): NegotiatedAudio | null {
  const media = audioOf(answer);
  if (!media || !(media.connection ?? answer.connection)) return null;
  const first = media.formats.map((pt) => ({ pt, codec: encodingOf(media, pt)?.toUpperCase() })).find(({ codec }) => codec === "PCMU" || codec === "PCMA");
  return first ? negotiated(answer, media, first.codec as AudioCodecName, first.pt, ourWish) : null;
}

export type LocalDescription = {
  address: string;
  port: number;
  sessionId: string;
  version: number;
  direction: Direction;
  /** Codecs to list, in order: all ours for an offer, the chosen one for an answer. */
  codecs: { name: AudioCodecName; payloadType: number }[];
  /** Payload type for telephone-event, if listed. */
  telephoneEvent?: number;
};

export function offerCodecs(): LocalDescription["codecs"] {
  return ourPreference.map((name) => ({ name, payloadType: name === "PCMU" ? 0 : 8 }));
}

export function formatSdp(local: LocalDescription): string {
  const family = net.isIPv6(local.address) ? "IP6" : "IP4";
  const formats = [...local.codecs.map((codec) => codec.payloadType), ...(local.telephoneEvent !== undefined ? [local.telephoneEvent] : [])];
  const lines = [
    "v=0",
    `o=- ${local.sessionId} ${local.version} IN ${family} ${local.address}`,
    "s=-",
    `c=IN ${family} ${local.address}`,
    "t=0 0",
    `m=audio ${local.port} RTP/AVP ${formats.join(" ")}`,
    ...local.codecs.map((codec) => `a=rtpmap:${codec.payloadType} ${codec.name}/8000`),
    ...(local.telephoneEvent !== undefined ? [`a=rtpmap:${local.telephoneEvent} telephone-event/8000`, `a=fmtp:${local.telephoneEvent} 0-16`] : []),
    "a=ptime:20",
    `a=${local.direction}`,
  ];
  return lines.join("\r\n") + "\r\n";
}
