import { describe, expect, it } from "vitest";
import { answerOffer, formatSdp, offerCodecs, parseSdp, readAnswer } from "@/lib/telephony/sip/sdp";

const remote = (media: string, extra: string[] = [], connection = "203.0.113.5") =>
  parseSdp(["v=0", "o=carrier 1 1 IN IP4 203.0.113.5", "s=-", `c=IN IP4 ${connection}`, "t=0 0", media, ...extra, ""].join("\r\n"))!;

describe("SDP offer/answer", () => {
  it("offers PCMU, PCMA and telephone-event 0-16 at 20 ms from the public address", () => {
    const text = formatSdp({ address: "198.51.100.7", port: 10002, sessionId: "42", version: 3, direction: "sendrecv", codecs: offerCodecs(), telephoneEvent: 101 });
    expect(text).toBe(
      ["v=0", "o=- 42 3 IN IP4 198.51.100.7", "s=-", "c=IN IP4 198.51.100.7", "t=0 0", "m=audio 10002 RTP/AVP 0 8 101", "a=rtpmap:0 PCMU/8000", "a=rtpmap:8 PCMA/8000", "a=rtpmap:101 telephone-event/8000", "a=fmtp:101 0-16", "a=ptime:20", "a=sendrecv", ""].join("\r\n"),
    );
  });

  it("answers by our preference (PCMU, then PCMA), keeping the offerer's telephone-event type", () => {
    expect(answerOffer(remote("m=audio 4000 RTP/AVP 8 0 96", ["a=rtpmap:96 telephone-event/8000"]))).toEqual({
      remoteAddress: "203.0.113.5", remotePort: 4000, codec: "PCMU", payloadType: 0, telephoneEvent: 96, localDirection: "sendrecv", held: false,
    });
    expect(answerOffer(remote("m=audio 4000 RTP/AVP 8 18"))).toMatchObject({ codec: "PCMA", payloadType: 8, telephoneEvent: undefined });
    expect(answerOffer(remote("m=audio 4000 RTP/AVP 18 9"))).toBeNull(); // G.729 and G.722 only: 488
    expect(answerOffer(remote("m=audio 4000 RTP/SAVP 0"))).toBeNull(); // SRTP is not offered by us
  });

  it("reads an answer's first codec and a media-level connection", () => {
    expect(readAnswer(remote("m=audio 5000 RTP/AVP 8 101", ["c=IN IP4 192.0.2.9", "a=rtpmap:101 telephone-event/8000"]))).toMatchObject({ remoteAddress: "192.0.2.9", remotePort: 5000, codec: "PCMA", telephoneEvent: 101 });
  });

  it("detects hold: sendonly, inactive, or the RFC 2543 0.0.0.0 address", () => {
    expect(answerOffer(remote("m=audio 4000 RTP/AVP 0", ["a=sendonly"]))).toMatchObject({ held: true, localDirection: "recvonly" });
    expect(answerOffer(remote("m=audio 4000 RTP/AVP 0", ["a=inactive"]))).toMatchObject({ held: true, localDirection: "inactive" });
    expect(answerOffer(remote("m=audio 4000 RTP/AVP 0", [], "0.0.0.0"))).toMatchObject({ held: true, localDirection: "recvonly" });
    expect(answerOffer(remote("m=audio 4000 RTP/AVP 0", ["a=recvonly"]))).toMatchObject({ held: false, localDirection: "sendonly" });
  });

  it("rejects text that is not SDP", () => {
    expect(parseSdp("hello")).toBeNull();
    expect(parseSdp("v=0\r\nbroken line\r\n")).toBeNull();
  });
});
