import type { CarrierEvent } from "./carrier-event";
import type { CarrierName } from "./carrier-name";
import type { CarrierUrls } from "./carrier-urls";
import type { MediaStreamAdapter, MediaStreamOptions } from "./media-stream";

/** An outbound call to place. The stream comes back to `urls.mediaStream` with `streamParameters`. */
export type DialRequest = {
  /** Our call id; carried back on every callback and in the stream's parameters. */
  callId: string;
  from: string;
  to: string;
  /** Sent to the media stream as custom parameters (Twilio `<Parameter>`, Telnyx client_state), e.g. a one-time token. */
  streamParameters: Record<string, string>;
  /** Tell human from voicemail; `waitForBeep` waits for the end of the greeting too. */
  answeringMachineDetection?: { waitForBeep: boolean } | null;
  /** How long to let it ring (seconds). */
  ringTimeoutSeconds?: number;
  /** Hard cap on the call's length (seconds), enforced by the carrier too. */
  timeLimitSeconds?: number;
};

export type DialResult = { carrierCallId: string };

export type TransferRequest = {
  /** E.164 number to dial through to. */
  to: string;
  /** Caller id shown to the target; defaults to the carrier's choice (the call's own number). */
  from?: string;
  /** Our call id, carried back on the transfer's result. */
  callId: string;
  ringTimeoutSeconds?: number;
};

/** The second leg of a warm transfer: the destination, called from our number, its stream back to us as `leg=transfer`. */
export type TransferLegRequest = {
  /** Our call id (the caller's call); carried on the leg's callbacks, which report as `transfer` events of that call. */
  callId: string;
  /** The caller's call at the carrier (Telnyx links the leg to its session). */
  callerCarrierCallId: string;
  to: string;
  from: string;
  /** Sent to the leg's media stream (with `leg: "transfer"`): the leg's one-time token. */
  streamParameters: Record<string, string>;
  ringTimeoutSeconds: number;
};

/** A number on the carrier account, and whether its calls reach us. */
export type CarrierNumber = {
  /** The carrier's id of the number (Twilio PN… sid, Telnyx id). */
  carrierNumberId: string;
  phoneNumber: string;
  name: string | null;
  voiceEnabled: boolean;
  /** Where the carrier sends its calls now (a URL, or a Telnyx connection id), null if nowhere. */
  voiceTarget: string | null;
  /** Its calls reach us (voice webhook or connection points here). */
  live: boolean;
  /** Why it is not live, in words for the studio; null when live. */
  problem: string | null;
};

/** `refused`: the carrier said no (not merely unreachable). */
export type CredentialCheck = { ok: true; accountName: string | null } | { ok: false; message: string; refused: boolean };

/** A carrier's HTTP request to us, as received: the public URL it was sent to, headers, raw body. */
export type WebhookRequest = {
  /** The full public URL (PUBLIC_BASE_URL + path + query), as the carrier signed it. */
  url: string;
  method?: string;
  headers: Headers | Record<string, string | string[] | undefined>;
  rawBody: string;
};

export type WebhookVerification = { ok: true } | { ok: false; reason: string };

/** What to do with a new inbound call. */
export type InboundAction =
  | { kind: "stream"; callId: string; streamParameters: Record<string, string> }
  | { kind: "redirect"; callId: string; to: string; ringTimeoutSeconds?: number }
  | { kind: "reject"; message: string }
  /** Refused busy at the carrier before it is answered (nothing is billed or recorded): every slot of the organization is taken, or this server process is past its capacity (lib/load). */
  | { kind: "busy" };

/** The HTTP answer to a carrier webhook. */
export type WebhookReply = { status: number; contentType: string; body: string };

/** One carrier account: what the dialer, the webhook routes and the media route use. */
export interface Carrier {
  readonly name: CarrierName;
  readonly urls: CarrierUrls;
  dial(request: DialRequest): Promise<DialResult>;
  /** Ends the call; a call that already ended is success (`alreadyEnded`). */
  hangUp(carrierCallId: string): Promise<{ alreadyEnded: boolean }>;
  /** Dials `to` and connects the caller to it; our stream ends. The result arrives as a `transfer` event. */
  transfer(carrierCallId: string, request: TransferRequest): Promise<void>;
  /** Warm transfer, where the carrier has it: calls the destination with a stream back to us. */
  dialTransferLeg?(request: TransferLegRequest): Promise<DialResult>;
  /** Warm transfer: joins the caller's call and the answered leg (our streams on both end). */
  bridge?(callerCarrierCallId: string, legCarrierCallId: string, callId: string): Promise<void>;
  listNumbers(): Promise<CarrierNumber[]>;
  /** Points the number's voice calls at us; returns it as it is afterwards. */
  connectNumber(carrierNumberId: string): Promise<CarrierNumber>;
  verifyCredentials(): Promise<CredentialCheck>;
  /** Checks the request's signature (and freshness where the carrier dates it). */
  verifyWebhook(request: WebhookRequest, now?: Date): WebhookVerification;
  /** Reads a verified webhook; unknown or irrelevant events yield nothing. Throws CarrierWebhookError on a malformed body. */
  parseWebhook(request: WebhookRequest): CarrierEvent[];
  /** Acts on an `inbound_call` event; returns the reply for the webhook that announced it. */
  answerInbound(event: Extract<CarrierEvent, { type: "inbound_call" }>, action: InboundAction): Promise<WebhookReply>;
  /** The reply to every other webhook. */
  acknowledge(): WebhookReply;
  /** The protocol adapter for one media-stream WebSocket. */
  createMediaStream(options: MediaStreamOptions): MediaStreamAdapter;
}
