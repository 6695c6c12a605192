import { describe, expect, it } from "vitest";
import { validateCustomHeaders } from "@/lib/schemas/sip-custom-headers";
import { applyCustomHeaders } from "@/lib/telephony/sip/custom-headers";
import type { SipRequest } from "@/lib/telephony/sip/message";

describe("custom_headers validation", () => {
  it("accepts any header in the token grammar, and From, To and P-Asserted-Identity overrides", () => {
    const headers = {
      "X-Campaign": "spring",
      "X-Odd.Name!%*_+`'~": "value with spaces, commas; and \"quotes\"",
      From: '"Sales" <sip:+15550001111@example.org>',
      To: "sip:+15550002222@example.org",
      "P-Asserted-Identity": "<sip:+15550001111@example.org>, <tel:+15550001111>",
      Diversion: "<sip:+1555@x>;reason=unconditional",
      "User-Agent": "Acme",
    };
    expect(validateCustomHeaders(headers)).toEqual({ ok: true, headers });
  });

  it("refuses the headers the stack owns, in any case and compact form, naming the header", () => {
    for (const name of ["Via", "via", "v", "Call-ID", "call-id", "i", "CSeq", "Contact", "m", "Content-Length", "l", "Max-Forwards", "MAX-FORWARDS"]) {
      const check = validateCustomHeaders({ [name]: "x" });
      expect(check.ok, name).toBe(false);
      if (check.ok) continue;
      expect(check.header).toBe(name);
      expect(check.message).toMatch(new RegExp(`^custom_headers\\.${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: .* is set by the SIP stack and cannot be overridden$`));
    }
  });

  it("refuses CR/LF, control characters, bad names and bad addresses, naming the header", () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ "X-Inject": "a\r\nVia: SIP/2.0/UDP evil" }, "X-Inject", /must not contain CR or LF/],
      [{ "X-Inject": "a\nb" }, "X-Inject", /must not contain CR or LF/],
      [{ "X-Bad\r\nName": "a" }, "X-Bad\r\nName", /header name must not contain CR or LF/],
      [{ "X Space": "a" }, "X Space", /token characters/],
      [{ "X:Colon": "a" }, "X:Colon", /token characters/],
      [{ "": "a" }, "", /token characters/],
      [{ "X-Nul": "a\u0000b" }, "X-Nul", /control characters/],
      [{ "X-Number": 5 }, "X-Number", /must be a string/],
      [{ From: "not an address" }, "From", /not a valid From value/],
      [{ To: "<sip:a@b>;tag=1" }, "To", /must not carry a tag/],
      [{ "P-Asserted-Identity": "<sip:a@b>, junk" }, "P-Asserted-Identity", /not a valid P-Asserted-Identity/],
      [{ From: "<sip:a@b>", f: "<sip:c@d>" }, "f", /the same header as From/],
      [{ "X-Long": "x".repeat(2049) }, "X-Long", /longer than 2048/],
    ];
    for (const [input, header, message] of cases) {
      const check = validateCustomHeaders(input);
      expect(check.ok, JSON.stringify(input)).toBe(false);
      if (check.ok) continue;
      expect(check.header).toBe(header);
      expect(check.message).toMatch(message);
    }
    expect(validateCustomHeaders(["X-A"]).ok).toBe(false);
    expect(validateCustomHeaders(null).ok).toBe(false);
  });
});

describe("writing custom headers into the INVITE", () => {
  const invite = (): SipRequest => ({
    kind: "request",
    method: "INVITE",
    uri: "sip:+15550002222@trunk",
    headers: [
      { name: "Via", value: "SIP/2.0/UDP h;branch=z9hG4bK1" },
      { name: "From", value: "<sip:+15550001111@trunk>;tag=ours" },
      { name: "To", value: "<sip:+15550002222@trunk>" },
      { name: "P-Asserted-Identity", value: "<sip:+15550001111@trunk>" },
      { name: "User-Agent", value: "voice-agent-sip/1.0" },
    ],
    body: Buffer.alloc(0),
  });

  it("replaces our From (keeping our tag), To and P-Asserted-Identity in place and appends the rest as given", () => {
    const request = invite();
    applyCustomHeaders(request, { f: '"Desk" <sip:+15559990000@example.org>;tag=theirs;x=1', to: "<sip:+15550002222@example.org>", "X-Trace": "abc", "user-agent": "Acme" }, "ours");
    expect(request.headers).toEqual([
      { name: "Via", value: "SIP/2.0/UDP h;branch=z9hG4bK1" },
      { name: "From", value: '"Desk" <sip:+15559990000@example.org>;tag=ours;x=1' },
      { name: "To", value: "<sip:+15550002222@example.org>" },
      { name: "P-Asserted-Identity", value: "<sip:+15550001111@trunk>" },
      { name: "User-Agent", value: "Acme" },
      { name: "X-Trace", value: "abc" },
    ]);
  });
});
