import { describe, expect, it } from "vitest";
import { parseCSeq, parseNameAddr, parseVia, splitList } from "@/lib/telephony/sip/header-values";
import { createResponse, getHeader, getHeaders, serializeMessage, type SipMessage, type SipRequest } from "@/lib/telephony/sip/message";
import { parseMessage } from "@/lib/telephony/sip/parser";
import { StreamFramer } from "@/lib/telephony/sip/stream-framer";
import { parseUri } from "@/lib/telephony/sip/uri";

const lines = (...parts: string[]) => Buffer.from(parts.join("\r\n"));

// RFC 4475 §3.1.1.1 ("A Short Tortuous INVITE"), trimmed to what a user agent must read.
const tortuous = lines(
  "INVITE sip:vivekg@chair-dnrc.example.com;unknownparam SIP/2.0",
  "TO :",
  " sip:vivekg@chair-dnrc.example.com ;   tag    = 1918181833n",
  'from   : "J Rosenberg \\\\\\""       <sip:jdrosen@example.com>',
  "  ;",
  "  tag = 98asjd8",
  "MaX-fOrWaRdS: 0068",
  "Call-ID: wsinv.ndaksdj@192.0.2.1",
  "Content-Length   : 150",
  "cseq: 0009",
  "  INVITE",
  "Via  : SIP  /   2.0",
  " /UDP",
  "    192.0.2.2;branch=390skdjuw",
  "s :",
  "NewFangledHeader:   newfangled value",
  " continued newfangled value",
  "UnknownHeaderWithUnusualValue: ;;,,;;,;",
  "Content-Type: application/sdp",
  "Route:",
  " <sip:services.example.com;lr;unknownwith=value;unknown-no-value>",
  "v:  SIP  / 2.0  / TCP     spindle.example.com   ;",
  "  branch  =   z9hG4bK9ikj8  ,",
  " SIP  /    2.0   / UDP  192.168.255.111   ; branch=",
  " z9hG4bK30239",
  "m:\"Quoted string \\\"\\\"\" <sip:jdrosen@example.com> ; newparam =",
  "      newvalue ;",
  "  secondparam ; q = 0.33",
  "",
  "v=0",
  "o=mhandley 29739 7272939 IN IP4 192.0.2.3",
  "s=-",
  "c=IN IP4 192.0.2.4",
  "t=0 0",
  "m=audio 49217 RTP/AVP 0 12",
  "m=video 3227 RTP/AVP 31",
  "a=rtpmap:31 LPC",
  "",
);

describe("SIP message parsing", () => {
  it("reads a tortuous but valid INVITE: folding, compact forms, spacing, list headers", () => {
    const result = parseMessage(tortuous);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const message = result.message as SipRequest;
    expect(message.method).toBe("INVITE");
    expect(message.uri).toBe("sip:vivekg@chair-dnrc.example.com;unknownparam");
    expect(parseNameAddr(getHeader(message, "to")!)?.uri).toBe("sip:vivekg@chair-dnrc.example.com");
    expect(parseNameAddr(getHeader(message, "To")!)?.params.tag).toBe("1918181833n");
    const from = parseNameAddr(getHeader(message, "From")!);
    expect(from?.displayName).toBe('J Rosenberg \\"');
    expect(from?.params.tag).toBe("98asjd8");
    expect(parseCSeq(getHeader(message, "CSeq")!)).toEqual({ seq: 9, method: "INVITE" });
    const vias = getHeaders(message, "Via").map(parseVia);
    expect(vias.map((via) => [via?.transport, via?.host, via?.params.branch])).toEqual([
      ["UDP", "192.0.2.2", "390skdjuw"],
      ["TCP", "spindle.example.com", "z9hG4bK9ikj8"],
      ["UDP", "192.168.255.111", "z9hG4bK30239"],
    ]);
    expect(getHeader(message, "Subject")).toBe("");
    expect(getHeader(message, "NewFangledHeader")).toBe("newfangled value continued newfangled value");
    const contact = parseNameAddr(getHeader(message, "Contact")!);
    expect(contact?.displayName).toBe('Quoted string ""');
    expect(contact?.params).toEqual({ newparam: "newvalue", secondparam: null, q: "0.33" });
    expect(message.body.length).toBe(150);
    expect(message.body.toString()).toContain("m=video 3227 RTP/AVP 31");
  });

  it("serializes what it parses, with a Content-Length taken from the body", () => {
    const result = parseMessage(tortuous);
    if (!result.ok) throw new Error(result.error.reason);
    const again = parseMessage(serializeMessage(result.message));
    const withoutLength = (message: SipMessage) => message.headers.filter((header) => header.name !== "Content-Length");
    expect(again.ok && withoutLength(again.message)).toEqual(withoutLength(result.message));
    expect(again.ok && again.message.body.equals(result.message.body)).toBe(true);
    expect(serializeMessage(result.message).toString()).toMatch(/\r\nContent-Length: 150\r\n\r\nv=0/);
  });

  it("parses responses and builds a response that copies the dialog headers", () => {
    const invite = parseMessage(
      lines("INVITE sip:bob@127.0.0.1 SIP/2.0", "Via: SIP/2.0/UDP 127.0.0.1:5070;branch=z9hG4bKa;rport", "Via: SIP/2.0/UDP 10.0.0.1;branch=z9hG4bKb", "From: <sip:a@x>;tag=1", "To: <sip:b@y>", "Call-ID: c1", "CSeq: 1 INVITE", "Max-Forwards: 70", "", ""),
    );
    if (!invite.ok || invite.message.kind !== "request") throw new Error("parse");
    const response = createResponse(invite.message, 486, { toTag: "t9" });
    const parsed = parseMessage(serializeMessage(response));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok || parsed.message.kind !== "response") return;
    expect(parsed.message.status).toBe(486);
    expect(parsed.message.reason).toBe("Busy Here");
    expect(getHeaders(parsed.message, "Via")).toHaveLength(2);
    expect(getHeader(parsed.message, "To")).toBe("<sip:b@y>;tag=t9");
  });

  it("returns a typed error naming the problem, answerable when the request carries its dialog headers", () => {
    const base = ["Via: SIP/2.0/UDP 127.0.0.1;branch=z9hG4bKx", "From: <sip:a@x>;tag=1", "To: <sip:b@y>", "Call-ID: c2", "CSeq: 1 OPTIONS"];
    const cases: [string[], string, number, boolean][] = [
      [["OPTIONS sip:b@y SIP/2.0", ...base.filter((h) => !h.startsWith("Call-ID"))], "Missing Call-ID header", 400, false],
      [["OPTIONS sip:b@y SIP/2.0", ...base.map((h) => (h.startsWith("CSeq") ? "CSeq: one OPTIONS" : h))], "Malformed CSeq header", 400, true],
      [["OPTIONS sip:b@y SIP/2.0", ...base.map((h) => (h.startsWith("CSeq") ? "CSeq: 1 INVITE" : h))], "CSeq method does not match the request", 400, true],
      [["OPTIONS sip:b@y SIP/3.0", ...base], "Unsupported SIP version", 505, true],
      [["OPTIONS http://b SIP/2.0", ...base], "Unsupported URI scheme", 416, true],
      [["OPTIONS sip:b@y SIP/2.0", ...base, "Content-Length: 20"], "Content-Length exceeds the body", 400, true],
      [["OPTIONS sip:b@y SIP/2.0", ...base, "Bad Header Line"], "Malformed header line", 400, true],
      [["OPTIONS sip:b@y SIP/2.0", ...base.map((h) => (h.startsWith("From") ? "From: <sip:a@x" : h))], "Malformed From header", 400, true],
      [["HELLO", ...base], "Malformed start line", 400, false],
    ];
    for (const [head, reason, status, answerable] of cases) {
      const result = parseMessage(lines(...head, "", ""));
      expect(result.ok, reason).toBe(false);
      if (result.ok) continue;
      expect(result.error.reason).toBe(reason);
      expect(result.error.status).toBe(status);
      expect(Boolean(result.error.answerable), reason).toBe(answerable);
    }
  });

  it("truncates a datagram body to Content-Length and ignores leading line breaks", () => {
    const result = parseMessage(lines("", "", "MESSAGE sip:b@y SIP/2.0", "v: SIP/2.0/UDP h;branch=z9hG4bK1", "f: <sip:a@x>;tag=1", "t: sip:b@y", "i: c3", "CSeq: 2 MESSAGE", "l: 5", "", "hello world"));
    expect(result.ok && result.message.body.toString()).toBe("hello");
  });
});

describe("header values and URIs", () => {
  it("reads name-addr and addr-spec forms with their parameters", () => {
    const alice = parseNameAddr('"Alice Smith" <sip:+15551234567@trunk.example.com:5080;user=phone>;tag=abc')!;
    expect(alice).toMatchObject({ displayName: "Alice Smith", params: { tag: "abc" } });
    expect(parseUri(alice.uri)).toMatchObject({ user: "+15551234567", host: "trunk.example.com", port: 5080, params: { user: "phone" } });
    // In the addr-spec form the parameters belong to the header, not to the URI.
    expect(parseNameAddr("sip:bob@example.com;tag=9")).toEqual({ displayName: undefined, uri: "sip:bob@example.com", params: { tag: "9" } });
    expect(parseNameAddr("<tel:+15551234567>")?.uri).toBe("tel:+15551234567");
    expect(parseNameAddr("<sip:bob@example.com")).toBeNull();
    expect(splitList('"A, B" <sip:a@x>, <sip:b@y;x=1,2>, sip:c@z')).toEqual(['"A, B" <sip:a@x>', "<sip:b@y;x=1,2>", "sip:c@z"]);
  });

  it("parses SIP URIs, including IPv6 and escaped users", () => {
    const uri = parseUri("sips:al%20ice:pw@[2001:db8::1]:5061;transport=tcp;lr?subject=hi&priority=urgent");
    expect(uri).toEqual({ scheme: "sips", user: "al%20ice", password: "pw", host: "[2001:db8::1]", port: 5061, params: { transport: "tcp", lr: null }, headers: { subject: "hi", priority: "urgent" } });
    for (const bad of ["sip:", "sip:bob@", "sip:bob@host:99999", "sip:bo b@host", "http://x", "sip:host;p=<"]) expect(parseUri(bad), bad).toBeNull();
  });
});

describe("TCP framing", () => {
  it("cuts messages by Content-Length across arbitrary chunk boundaries and reports CRLF pings", () => {
    const one = serializeMessage({ kind: "request", method: "MESSAGE", uri: "sip:b@y", headers: [{ name: "Via", value: "SIP/2.0/TCP h;branch=z9hG4bK1" }], body: Buffer.from("first body\r\n\r\nwith a blank line") });
    const two = serializeMessage({ kind: "response", status: 200, reason: "OK", headers: [], body: Buffer.alloc(0) });
    const stream = Buffer.concat([Buffer.from("\r\n\r\n"), one, two, one]);
    for (const size of [1, 7, 64, stream.length]) {
      const framer = new StreamFramer();
      const items = [];
      for (let i = 0; i < stream.length; i += size) items.push(...framer.push(stream.subarray(i, i + size)));
      expect(items.filter((item) => item.kind === "ping")).toHaveLength(1);
      const messages = items.flatMap((item) => (item.kind === "message" ? [item.data] : []));
      expect(messages.map((data) => data.length)).toEqual([one.length, two.length, one.length]);
      expect(messages[0].equals(one)).toBe(true);
    }
  });

  it("fails the stream on an unusable Content-Length", () => {
    const framer = new StreamFramer();
    expect(framer.push(Buffer.from("OPTIONS sip:x SIP/2.0\r\nContent-Length: -4\r\n\r\n"))).toEqual([{ kind: "error", reason: "Bad Content-Length header" }]);
  });
});
