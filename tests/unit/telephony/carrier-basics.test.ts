import { describe, expect, it } from "vitest";
import { CarrierWebhookError } from "@/lib/telephony/carrier-error";
import { carrierUrls } from "@/lib/telephony/carrier-urls";
import { carrierCredentialsFromEnv, createCarrier } from "@/lib/telephony/create-carrier";
import { parseTelnyxWebhook } from "@/lib/telephony/telnyx/telnyx-events";
import { parseTwilioWebhook } from "@/lib/telephony/twilio/twilio-events";

const request = (rawBody: string, url = "https://voice.example.com/telephony/twilio/status?call_id=c1") => ({ url, headers: {}, rawBody });

describe("carrier URLs, configuration and webhook parsing", () => {
  it("puts every carrier route under PUBLIC_BASE_URL, the stream on wss:// without a query string", () => {
    expect(carrierUrls("twilio", "https://voice.example.com/base/")).toEqual({
      voice: "https://voice.example.com/base/telephony/twilio/voice",
      status: "https://voice.example.com/base/telephony/twilio/status",
      answeringMachine: "https://voice.example.com/base/telephony/twilio/amd",
      transfer: "https://voice.example.com/base/telephony/twilio/transfer",
      mediaStream: "wss://voice.example.com/base/telephony/twilio/media",
    });
    expect(carrierUrls("telnyx", "https://voice.example.com").voice).toBe("https://voice.example.com/telephony/telnyx/events");
    expect(carrierUrls("telnyx", "https://voice.example.com").mediaStream).toBe("wss://voice.example.com/telephony/telnyx/media");
    expect(() => carrierUrls("twilio", "ftp://x.example")).toThrow(/PUBLIC_BASE_URL/);
  });

  it("reads the single-tenant environment: a carrier only when all its variables are set", () => {
    expect(carrierCredentialsFromEnv({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TELNYX_API_KEY: "k", TELNYX_PUBLIC_KEY: "p" })).toEqual([{ carrier: "twilio", accountSid: "AC1", authToken: "t" }]);
    expect(carrierCredentialsFromEnv({ TELNYX_API_KEY: "k", TELNYX_PUBLIC_KEY: "p", TELNYX_CONNECTION_ID: "1" })).toEqual([{ carrier: "telnyx", apiKey: "k", publicKey: "p", connectionId: "1" }]);
    const carrier = createCarrier({ carrier: "telnyx", apiKey: "k", publicKey: "p", connectionId: "1" }, { publicBaseUrl: "https://v.example", env: {} });
    expect(carrier.name).toBe("telnyx");
  });

  it("Twilio: maps call statuses, AMD answers and stream events; a body without CallSid is refused", () => {
    const form = (fields: Record<string, string>) => request(new URLSearchParams({ CallSid: "CA1", ...fields }).toString());
    expect(parseTwilioWebhook(form({ CallStatus: "in-progress", CallbackSource: "call-progress-events" }))).toMatchObject([{ type: "answered", callId: "c1", carrierCallId: "CA1" }]);
    expect(parseTwilioWebhook(form({ CallStatus: "no-answer", CallbackSource: "call-progress-events", CallDuration: "0" }))).toMatchObject([{ type: "completed", reason: "no_answer", durationSeconds: 0 }]);
    expect(parseTwilioWebhook(form({ CallStatus: "completed", CallDuration: "61", Timestamp: "Tue, 05 Mar 2024 12:00:00 +0000" }))).toMatchObject([
      { type: "completed", reason: "completed", durationSeconds: 61, occurredAt: new Date("2024-03-05T12:00:00Z") },
    ]);
    expect(parseTwilioWebhook(form({ AnsweredBy: "machine_end_silence" }))).toMatchObject([{ type: "answering_machine", answeredBy: "voicemail", greetingEnded: true, beep: false }]);
    expect(parseTwilioWebhook(form({ AnsweredBy: "fax" }))).toMatchObject([{ type: "answering_machine", answeredBy: "unknown" }]);
    expect(parseTwilioWebhook(form({ StreamEvent: "stream-error", StreamError: "handshake" }))).toMatchObject([{ type: "stream_failed", reason: "handshake" }]);
    expect(parseTwilioWebhook(form({ CallStatus: "queued" }))).toEqual([]);
    expect(() => parseTwilioWebhook(request("Foo=1"))).toThrow(CarrierWebhookError);
  });

  it("Telnyx: maps hangup causes and premium AMD; a non-call event yields nothing; garbage is refused", () => {
    const event = (eventType: string, payload: Record<string, unknown>) => request(JSON.stringify({ data: { event_type: eventType, occurred_at: "2025-01-01T00:00:00Z", payload: { call_control_id: "v3:x", ...payload } } }));
    expect(parseTelnyxWebhook(event("call.hangup", { hangup_cause: "call_rejected", hangup_source: "callee" }))).toMatchObject([{ type: "completed", reason: "busy", hangupSource: "callee" }]);
    expect(parseTelnyxWebhook(event("call.hangup", { hangup_cause: "originator_cancel" }))).toMatchObject([{ type: "completed", reason: "canceled" }]);
    expect(parseTelnyxWebhook(event("call.machine.premium.detection.ended", { result: "human_business" }))).toMatchObject([{ type: "answering_machine", answeredBy: "human" }]);
    expect(parseTelnyxWebhook(event("call.machine.premium.greeting.ended", { result: "beep_detected" }))).toMatchObject([{ type: "answering_machine", beep: true, greetingEnded: true }]);
    expect(parseTelnyxWebhook(event("streaming.failed", { failure_reason: "connection_failed" }))).toMatchObject([{ type: "stream_failed", reason: "connection_failed" }]);
    expect(parseTelnyxWebhook(request(JSON.stringify({ data: { event_type: "message.received", payload: { id: "m1" } } })))).toEqual([]);
    expect(() => parseTelnyxWebhook(request("not json"))).toThrow(CarrierWebhookError);
    expect(() => parseTelnyxWebhook(request(JSON.stringify({ event: "x" })))).toThrow(CarrierWebhookError);
  });
});
