import "server-only";
import type { Carrier, CarrierNumber, CredentialCheck, DialRequest, InboundAction, TransferLegRequest, TransferRequest, WebhookReply, WebhookRequest, WebhookVerification } from "../carrier";
import { CarrierApiError } from "../carrier-error";
import type { CarrierEvent } from "../carrier-event";
import type { FetchLike } from "../carrier-http";
import { carrierUrls, withCallId, type CarrierUrls } from "../carrier-urls";
import { headerValue } from "../header-value";
import type { MediaStreamOptions } from "../media-stream";
import { parseTwilioWebhook } from "./twilio-events";
import { TwilioMediaStream } from "./twilio-media-stream";
import { isTwilioCallGone, TWILIO_DEFAULT_API_BASE_URL, TwilioRest, type TwilioCredentials, type TwilioNumberResource } from "./twilio-rest";
import type { TwilioParams } from "./twilio-signature";
import { validateTwilioRequest } from "./twilio-signature";
import { conferenceTwiml, connectStreamTwiml, dialTwiml, emptyTwiml, rejectBusyTwiml, sayAndHangUpTwiml } from "./twiml";

export type TwilioCarrierOptions = {
  /** Where Twilio reaches us (`PUBLIC_BASE_URL`). */
  publicBaseUrl: string;
  /** `TWILIO_API_BASE_URL`; default https://api.twilio.com. */
  apiBaseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
};

const xml = "text/xml; charset=utf-8";

export class TwilioCarrier implements Carrier {
  readonly name = "twilio" as const;
  readonly urls: CarrierUrls;
  private readonly rest: TwilioRest;

  constructor(
    private readonly credentials: TwilioCredentials,
    options: TwilioCarrierOptions,
  ) {
    this.urls = carrierUrls("twilio", options.publicBaseUrl);
    this.rest = new TwilioRest(credentials, { baseUrl: options.apiBaseUrl || TWILIO_DEFAULT_API_BASE_URL, fetch: options.fetch, timeoutMs: options.timeoutMs });
  }

  async dial(request: DialRequest) {
    const params: TwilioParams = {
      To: request.to,
      From: request.from,
      Twiml: this.streamTwiml(request.callId, request.streamParameters),
      StatusCallback: withCallId(this.urls.status, request.callId),
      StatusCallbackMethod: "POST",
      StatusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
    };
    if (request.ringTimeoutSeconds) params.Timeout = String(request.ringTimeoutSeconds);
    if (request.timeLimitSeconds) params.TimeLimit = String(request.timeLimitSeconds);
    if (request.answeringMachineDetection) {
      params.MachineDetection = request.answeringMachineDetection.waitForBeep ? "DetectMessageEnd" : "Enable";
      params.AsyncAmd = "true";
      params.AsyncAmdStatusCallback = withCallId(this.urls.answeringMachine, request.callId);
      params.AsyncAmdStatusCallbackMethod = "POST";
    }
    const call = await this.rest.createCall(params);
    return { carrierCallId: call.sid };
  }

  async hangUp(carrierCallId: string) {
    try {
      await this.rest.updateCall(carrierCallId, { Status: "completed" });
      return { alreadyEnded: false };
    } catch (error) {
      if (isTwilioCallGone(error)) return { alreadyEnded: true };
      throw error;
    }
  }

  async transfer(carrierCallId: string, request: TransferRequest) {
    await this.rest.updateCall(carrierCallId, { Twiml: this.dialTwiml(request.callId, request.to, request.from, request.ringTimeoutSeconds) });
  }

  /**
   * A warm transfer's destination: a call from our number whose TwiML streams back to us (`leg=transfer`),
   * its progress posted to the status URL with `leg=transfer`, so it reports as the caller's call's transfer.
   */
  async dialTransferLeg(request: TransferLegRequest) {
    const status = new URL(withCallId(this.urls.status, request.callId));
    status.searchParams.set("leg", "transfer");
    status.searchParams.set("to", request.to);
    const call = await this.rest.createCall({
      To: request.to,
      From: request.from,
      Twiml: connectStreamTwiml({ url: this.urls.mediaStream, parameters: { call_id: request.callId, leg: "transfer", ...request.streamParameters } }),
      Timeout: String(request.ringTimeoutSeconds),
      StatusCallback: status.toString(),
      StatusCallbackMethod: "POST",
      StatusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
    });
    return { carrierCallId: call.sid };
  }

  /** Twilio joins two live calls only in a conference: the destination goes in first, then the caller. */
  async bridge(callerCarrierCallId: string, legCarrierCallId: string, callId: string) {
    const twiml = conferenceTwiml(`transfer-${callId}`);
    await this.rest.updateCall(legCarrierCallId, { Twiml: twiml });
    await this.rest.updateCall(callerCarrierCallId, { Twiml: twiml });
  }

  async listNumbers() {
    return (await this.rest.listIncomingNumbers()).map((number) => this.describe(number));
  }

  async connectNumber(carrierNumberId: string) {
    const current = await this.rest.fetchIncomingNumber(carrierNumberId);
    const params: TwilioParams = { VoiceUrl: this.urls.voice, VoiceMethod: "POST", StatusCallback: this.urls.status, StatusCallbackMethod: "POST" };
    // An application or SIP trunk on the number overrides its voice URL: detach them.
    if (current.voice_application_sid) params.VoiceApplicationSid = "";
    if (current.trunk_sid) params.TrunkSid = "";
    return this.describe(await this.rest.updateIncomingNumber(carrierNumberId, params));
  }

  async verifyCredentials(): Promise<CredentialCheck> {
    try {
      const account = await this.rest.fetchAccount();
      if (account.status && account.status !== "active") return { ok: false, message: `The Twilio account is ${account.status}.`, refused: true };
      return { ok: true, accountName: account.friendly_name ?? null };
    } catch (error) {
      if (error instanceof CarrierApiError && (error.isAuthentication || error.status === 404)) {
        return { ok: false, message: "Twilio refused this Account SID and auth token.", refused: true };
      }
      if (error instanceof CarrierApiError) return { ok: false, message: error.message, refused: error.status >= 400 && error.status < 500 };
      throw error;
    }
  }

  verifyWebhook(request: WebhookRequest): WebhookVerification {
    const signature = headerValue(request.headers, "x-twilio-signature");
    if (!signature) return { ok: false, reason: "missing X-Twilio-Signature" };
    return validateTwilioRequest(this.credentials.authToken, signature, request.url, request.rawBody) ? { ok: true } : { ok: false, reason: "X-Twilio-Signature does not match" };
  }

  parseWebhook(request: WebhookRequest): CarrierEvent[] {
    return parseTwilioWebhook(request);
  }

  async answerInbound(_event: Extract<CarrierEvent, { type: "inbound_call" }>, action: InboundAction): Promise<WebhookReply> {
    if (action.kind === "stream") return { status: 200, contentType: xml, body: this.streamTwiml(action.callId, action.streamParameters) };
    if (action.kind === "redirect") return { status: 200, contentType: xml, body: this.dialTwiml(action.callId, action.to, undefined, action.ringTimeoutSeconds) };
    if (action.kind === "busy") return { status: 200, contentType: xml, body: rejectBusyTwiml() };
    return { status: 200, contentType: xml, body: sayAndHangUpTwiml(action.message) };
  }

  acknowledge(): WebhookReply {
    return { status: 200, contentType: xml, body: emptyTwiml() };
  }

  createMediaStream(options: MediaStreamOptions) {
    return new TwilioMediaStream(options);
  }

  private streamTwiml(callId: string, streamParameters: Record<string, string>): string {
    return connectStreamTwiml({
      url: this.urls.mediaStream,
      parameters: { call_id: callId, ...streamParameters },
      statusCallback: withCallId(this.urls.status, callId),
    });
  }

  private dialTwiml(callId: string, to: string, from: string | undefined, timeoutSeconds: number | undefined): string {
    const action = new URL(withCallId(this.urls.transfer, callId));
    action.searchParams.set("to", to);
    return dialTwiml({ to, action: action.toString(), callerId: from, timeoutSeconds });
  }

  private describe(number: TwilioNumberResource): CarrierNumber {
    const voiceEnabled = number.capabilities?.voice !== false;
    let problem: string | null = null;
    if (!voiceEnabled) problem = "This number cannot take voice calls.";
    else if (number.trunk_sid) problem = "This number belongs to a SIP trunk, so Twilio does not send its calls here.";
    else if (number.voice_application_sid) problem = "A TwiML application handles this number's calls, not this service.";
    else if (!number.voice_url) problem = "This number has no voice webhook.";
    else if (number.voice_url !== this.urls.voice) problem = `This number's voice webhook points elsewhere (${number.voice_url}).`;
    return {
      carrierNumberId: number.sid,
      phoneNumber: number.phone_number,
      name: number.friendly_name ?? null,
      voiceEnabled,
      voiceTarget: number.voice_application_sid ? `application ${number.voice_application_sid}` : (number.voice_url ?? null),
      live: problem === null,
      problem,
    };
  }
}
