import { describe, expect, it } from "vitest";
import { connectStreamTwiml, dialTwiml, emptyTwiml, escapeXml, sayAndHangUpTwiml } from "@/lib/telephony/twilio/twiml";

describe("TwiML", () => {
  it("escapes the five XML specials and drops characters XML cannot carry", () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe("a &amp; b &lt; c &gt; d &quot; e &apos; f");
    expect(escapeXml("bell\u0007 tab\t")).toBe("bell tab\t");
  });

  it("streams to a wss URL with the call id and token as <Parameter>s, values escaped", () => {
    const twiml = connectStreamTwiml({
      url: "wss://voice.example.com/telephony/twilio/media",
      parameters: { call_id: "c1", token: `a"b<c>&'` },
      statusCallback: "https://voice.example.com/telephony/twilio/status?call_id=c1&x=1",
    });
    expect(twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Connect>' +
        '<Stream url="wss://voice.example.com/telephony/twilio/media" statusCallback="https://voice.example.com/telephony/twilio/status?call_id=c1&amp;x=1" statusCallbackMethod="POST">' +
        '<Parameter name="call_id" value="c1"/><Parameter name="token" value="a&quot;b&lt;c&gt;&amp;&apos;"/>' +
        "</Stream></Connect></Response>",
    );
  });

  it("refuses a stream URL with a query string (Twilio drops it) or that is not a WebSocket", () => {
    expect(() => connectStreamTwiml({ url: "wss://x.example/media?token=1", parameters: {} })).toThrow(/query string/);
    expect(() => connectStreamTwiml({ url: "https://x.example/media", parameters: {} })).toThrow(/WebSocket/);
  });

  it("dials a number with the result posted to the action URL", () => {
    expect(dialTwiml({ to: "+15550001111", action: "https://a.example/t?call_id=1&to=%2B1", callerId: "+15550002222", timeoutSeconds: 20 })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Dial action="https://a.example/t?call_id=1&amp;to=%2B1" method="POST" callerId="+15550002222" timeout="20"><Number>+15550001111</Number></Dial></Response>',
    );
  });

  it("says a message and hangs up; an empty response ends the call", () => {
    expect(sayAndHangUpTwiml("Sorry, <nobody> & no one.")).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Say>Sorry, &lt;nobody&gt; &amp; no one.</Say><Hangup/></Response>');
    expect(emptyTwiml()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });
});
