import "server-only";
import type { KeyObject } from "node:crypto";
import type { Carrier, CarrierNumber, CredentialCheck, DialRequest, InboundAction, TransferLegRequest, TransferRequest, WebhookReply, WebhookRequest, WebhookVerification } from "../carrier";
import { CarrierApiError } from "../carrier-error";
import type { CarrierEvent } from "../carrier-event";
import type { FetchLike } from "../carrier-http";
import { carrierUrls, type CarrierUrls } from "../carrier-urls";
import { headerValue } from "../header-value";
import type { MediaStreamOptions } from "../media-stream";
import { encodeClientState } from "./client-state";
import { parseTelnyxWebhook } from "./telnyx-events";
import { TelnyxMediaStream } from "./telnyx-media-stream";
import { TELNYX_CALL_ENDED, TELNYX_DEFAULT_API_BASE_URL, TelnyxRest, type TelnyxApplication, type TelnyxCredentials, type TelnyxPhoneNumber } from "./telnyx-rest";
import { telnyxPublicKey, verifyTelnyxSignature } from "./telnyx-signature";

export type TelnyxCarrierOptions = {
  /** Where Telnyx reaches us (`PUBLIC_BASE_URL`). */
  publicBaseUrl: string;
  /** `TELNYX_API_BASE_URL`; default https://api.telnyx.com. */
  apiBaseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
};

/** The caller's audio only, as PCMU both ways: without bidirectional RTP mode and a codec the caller hears nothing. */
const streamSettings = {
  stream_track: "inbound_track",
  stream_codec: "PCMU",
  stream_bidirectional_mode: "rtp",
  stream_bidirectional_codec: "PCMU",
} as const;

const FAREWELL_VOICE = { voice: "female", language: "en-US" } as const;

export class TelnyxCarrier implements Carrier {
  readonly name = "telnyx" as const;
  readonly urls: CarrierUrls;
  private readonly rest: TelnyxRest;
  private key: KeyObject | null = null;

  constructor(
    private readonly credentials: TelnyxCredentials,
    options: TelnyxCarrierOptions,
  ) {
    this.urls = carrierUrls("telnyx", options.publicBaseUrl);
    this.rest = new TelnyxRest(credentials.apiKey, { baseUrl: options.apiBaseUrl || TELNYX_DEFAULT_API_BASE_URL, fetch: options.fetch, timeoutMs: options.timeoutMs });
  }

  async dial(request: DialRequest) {
    const body: Record<string, unknown> = {
      connection_id: this.credentials.connectionId,
      to: request.to,
      from: request.from,
      webhook_url: this.urls.voice,
      stream_url: this.urls.mediaStream,
      ...streamSettings,
      client_state: encodeClientState({ call_id: request.callId, stream: request.streamParameters }),
      // Telnyx ignores a second dial with the same command_id, so a retried job cannot call twice.
      command_id: `dial-${request.callId}`,
    };
    if (request.answeringMachineDetection) body.answering_machine_detection = request.answeringMachineDetection.waitForBeep ? "greeting_end" : "detect";
    if (request.ringTimeoutSeconds) body.timeout_secs = request.ringTimeoutSeconds;
    if (request.timeLimitSeconds) body.time_limit_secs = request.timeLimitSeconds;
    const call = await this.rest.dial(body);
    return { carrierCallId: call.call_control_id };
  }

  async hangUp(carrierCallId: string) {
    try {
      await this.rest.command(carrierCallId, "hangup");
      return { alreadyEnded: false };
    } catch (error) {
      if (error instanceof CarrierApiError && (error.code === TELNYX_CALL_ENDED || error.status === 404)) return { alreadyEnded: true };
      throw error;
    }
  }

  async transfer(carrierCallId: string, request: TransferRequest) {
    const body: Record<string, unknown> = {
      to: request.to,
      target_leg_client_state: encodeClientState({ call_id: request.callId, leg: "transfer", to: request.to }),
      webhook_url: this.urls.voice,
    };
    if (request.from) body.from = request.from;
    if (request.ringTimeoutSeconds) body.timeout_secs = request.ringTimeoutSeconds;
    await this.rest.command(carrierCallId, "transfer", body);
  }

  /**
   * A warm transfer's destination: dialled from our number in the caller's session (`link_to`), its
   * audio streamed to us as the transfer leg (client_state `leg: "warm"`, so its events report as the
   * caller's call's transfer), given up after `timeout_secs`.
   */
  async dialTransferLeg(request: TransferLegRequest) {
    const call = await this.rest.dial({
      connection_id: this.credentials.connectionId,
      to: request.to,
      from: request.from,
      link_to: request.callerCarrierCallId,
      webhook_url: this.urls.voice,
      stream_url: this.urls.mediaStream,
      ...streamSettings,
      client_state: encodeClientState({ call_id: request.callId, leg: "warm", to: request.to, stream: { leg: "transfer", ...request.streamParameters } }),
      timeout_secs: request.ringTimeoutSeconds,
    });
    return { carrierCallId: call.call_control_id };
  }

  /** Our streams stop on both calls (they would go on sending us, and we them, across the bridge), then Telnyx bridges them. */
  async bridge(callerCarrierCallId: string, legCarrierCallId: string) {
    await this.rest.command(legCarrierCallId, "streaming_stop");
    await this.rest.command(callerCarrierCallId, "streaming_stop");
    await this.rest.command(callerCarrierCallId, "bridge", { call_control_id: legCarrierCallId });
  }

  async listNumbers() {
    const [numbers, application] = await Promise.all([this.rest.listPhoneNumbers(), this.application()]);
    return numbers.map((number) => this.describe(number, application));
  }

  async connectNumber(carrierNumberId: string) {
    const number = await this.rest.updatePhoneNumber(carrierNumberId, { connection_id: this.credentials.connectionId });
    let application = await this.application();
    if (application && application.webhook_event_url !== this.urls.voice) {
      application = await this.rest.updateApplication(application.id, {
        application_name: application.application_name,
        webhook_event_url: this.urls.voice,
        webhook_api_version: "2",
      });
    }
    return this.describe(number, application);
  }

  async verifyCredentials(): Promise<CredentialCheck> {
    try {
      telnyxPublicKey(this.credentials.publicKey);
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : "TELNYX_PUBLIC_KEY is not a public key", refused: true };
    }
    try {
      const application = await this.rest.getApplication(this.credentials.connectionId);
      return { ok: true, accountName: application.application_name ?? null };
    } catch (error) {
      if (!(error instanceof CarrierApiError)) throw error;
      if (error.isAuthentication) return { ok: false, message: "Telnyx refused this API key.", refused: true };
      if (error.status === 404) return { ok: false, message: "The connection id names no Call Control application on this Telnyx account.", refused: true };
      return { ok: false, message: error.message, refused: error.status >= 400 && error.status < 500 };
    }
  }

  verifyWebhook(request: WebhookRequest, now?: Date): WebhookVerification {
    try {
      this.key ??= telnyxPublicKey(this.credentials.publicKey);
    } catch {
      return { ok: false, reason: "TELNYX_PUBLIC_KEY is not a valid Ed25519 public key" };
    }
    return verifyTelnyxSignature({
      publicKey: this.key,
      signature: headerValue(request.headers, "telnyx-signature-ed25519"),
      timestamp: headerValue(request.headers, "telnyx-timestamp"),
      rawBody: request.rawBody,
      now,
    });
  }

  parseWebhook(request: WebhookRequest): CarrierEvent[] {
    return parseTelnyxWebhook(request);
  }

  async answerInbound(event: Extract<CarrierEvent, { type: "inbound_call" }>, action: InboundAction): Promise<WebhookReply> {
    const id = event.carrierCallId;
    if (action.kind === "stream") {
      await this.rest.command(id, "answer", {
        stream_url: this.urls.mediaStream,
        ...streamSettings,
        client_state: encodeClientState({ call_id: action.callId, stream: action.streamParameters }),
        webhook_url: this.urls.voice,
      });
    } else if (action.kind === "redirect") {
      const body: Record<string, unknown> = {
        to: action.to,
        client_state: encodeClientState({ call_id: action.callId }),
        target_leg_client_state: encodeClientState({ call_id: action.callId, leg: "transfer", to: action.to }),
        webhook_url: this.urls.voice,
      };
      if (action.ringTimeoutSeconds) body.timeout_secs = action.ringTimeoutSeconds;
      await this.rest.command(id, "transfer", body);
    } else if (action.kind === "busy") {
      // Declined before the answer: the caller hears busy (SIP 486), nothing is billed.
      await this.rest.command(id, "reject", { cause: "USER_BUSY" });
    } else {
      const farewell = encodeClientState({ leg: "farewell" });
      await this.rest.command(id, "answer", { client_state: farewell });
      await this.rest.command(id, "speak", { payload: action.message, payload_type: "text", ...FAREWELL_VOICE, client_state: farewell });
    }
    return this.acknowledge();
  }

  acknowledge(): WebhookReply {
    return { status: 200, contentType: "application/json", body: "{}" };
  }

  createMediaStream(options: MediaStreamOptions) {
    return new TelnyxMediaStream(options);
  }

  private async application(): Promise<TelnyxApplication | null> {
    try {
      return await this.rest.getApplication(this.credentials.connectionId);
    } catch (error) {
      if (error instanceof CarrierApiError && error.status === 404) return null;
      throw error;
    }
  }

  private describe(number: TelnyxPhoneNumber, application: TelnyxApplication | null): CarrierNumber {
    let problem: string | null = null;
    if (number.status && number.status !== "active") problem = `Telnyx lists this number as ${number.status}.`;
    else if (!number.connection_id) problem = "This number is not assigned to a connection.";
    else if (number.connection_id !== this.credentials.connectionId) {
      problem = `This number is assigned to another connection (${number.connection_name ?? number.connection_id}).`;
    } else if (!application) problem = "The configured Call Control application does not exist.";
    else if (application.webhook_event_url !== this.urls.voice) problem = `The Call Control application's webhook points elsewhere (${application.webhook_event_url ?? "nowhere"}).`;
    return {
      carrierNumberId: number.id,
      phoneNumber: number.phone_number,
      name: number.customer_reference ?? null,
      voiceEnabled: true,
      voiceTarget: number.connection_id ?? null,
      live: problem === null,
      problem,
    };
  }
}
