import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { twilioSignature, validateTwilioRequest, validateTwilioSignature } from "@/lib/telephony/twilio/twilio-signature";

// The vector from DESIGN.md (Twilio's documented example).
const token = "12345";
const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
const params = { CallSid: "CA1234567890ABCDE", Caller: "+12349013030", Digits: "1234", From: "+12349013030", To: "+18005551212" };
const expected = "0/KCTR6DLpKmkAf8muzZqo1nDgQ=";
const form = new URLSearchParams(params).toString();

describe("X-Twilio-Signature", () => {
  it("matches Twilio's documented vector", () => {
    expect(twilioSignature(token, url, params)).toBe(expected);
    expect(validateTwilioSignature(token, expected, url, params)).toBe(true);
    expect(validateTwilioRequest(token, expected, url, form)).toBe(true);
  });

  it("sorts fields by name whatever order they were posted in", () => {
    const shuffled = new URLSearchParams([["To", params.To], ["Digits", params.Digits], ["CallSid", params.CallSid], ["From", params.From], ["Caller", params.Caller]]);
    expect(validateTwilioRequest(token, expected, url, shuffled.toString())).toBe(true);
  });

  it("accepts the URL with or without its default port, as twilio-node does", () => {
    const signedWithPort = twilioSignature(token, "https://mycompany.com:443/myapp.php?foo=1&bar=2", params);
    expect(validateTwilioSignature(token, signedWithPort, url, params)).toBe(true);
    expect(validateTwilioSignature(token, expected, "https://mycompany.com:443/myapp.php?foo=1&bar=2", params)).toBe(true);
    const plainHttp = twilioSignature(token, "http://example.com:80/hook", params);
    expect(validateTwilioSignature(token, plainHttp, "http://example.com/hook", params)).toBe(true);
  });

  it("accepts a query string encoded either way (a quote escaped or not)", () => {
    const raw = twilioSignature(token, "https://example.com/path?test=param'WithQuote", {});
    const escaped = twilioSignature(token, "https://example.com/path?test=param%27WithQuote", {});
    for (const signature of [raw, escaped]) {
      expect(validateTwilioSignature(token, signature, "https://example.com/path?test=param'WithQuote", {})).toBe(true);
      expect(validateTwilioSignature(token, signature, "https://example.com/path?test=param%27WithQuote", {})).toBe(true);
    }
  });

  it("signs repeated fields once per distinct value, values sorted", () => {
    const body = "StatusCallbackEvent=ringing&StatusCallbackEvent=answered&StatusCallbackEvent=ringing&CallSid=CA1";
    const signature = twilioSignature(token, url, { CallSid: "CA1", StatusCallbackEvent: ["answered", "ringing"] });
    expect(validateTwilioRequest(token, signature, url, body)).toBe(true);
  });

  it("checks a JSON body through bodySHA256", () => {
    const body = JSON.stringify({ property: "value", boolean: true });
    const hash = createHash("sha256").update(body).digest("hex");
    const hooked = `https://example.com/hook?bodySHA256=${hash}`;
    const signature = twilioSignature(token, hooked, {});
    expect(validateTwilioRequest(token, signature, hooked, body)).toBe(true);
    expect(validateTwilioRequest(token, signature, hooked, body.replace("value", "other"))).toBe(false);
  });

  it("refuses any tampering: a field, the URL, the token, the signature", () => {
    expect(validateTwilioRequest(token, expected, url, form.replace("1234", "1235"))).toBe(false);
    expect(validateTwilioRequest(token, expected, `${url}&baz=3`, form)).toBe(false);
    expect(validateTwilioRequest(token, expected, "https://mycompany.com/other.php?foo=1&bar=2", form)).toBe(false);
    expect(validateTwilioRequest("54321", expected, url, form)).toBe(false);
    expect(validateTwilioRequest(token, `${expected.slice(0, -2)}A=`, url, form)).toBe(false);
    expect(validateTwilioRequest(token, "", url, form)).toBe(false);
    expect(validateTwilioRequest(token, null, url, form)).toBe(false);
    expect(validateTwilioRequest(token, expected, url, `${form}&Extra=1`)).toBe(false);
    expect(validateTwilioSignature(token, expected, "not a url", params)).toBe(false);
  });
});
