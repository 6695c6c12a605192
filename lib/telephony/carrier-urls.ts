import type { CarrierName } from "./carrier-name";

/** The addresses a carrier reaches us at, all under `PUBLIC_BASE_URL`. */
export type CarrierUrls = {
  /** Twilio: a number's voice webhook (inbound calls). Telnyx: the Call Control application's webhook. */
  voice: string;
  /** Call progress (Twilio status callbacks; Telnyx sends every event to `voice`). */
  status: string;
  /** Twilio's asynchronous answering-machine result. */
  answeringMachine: string;
  /** Twilio's `<Dial action>`: the result of a transfer. */
  transfer: string;
  /** The media-stream WebSocket (`wss://` for an `https://` base). Never carries a query string. */
  mediaStream: string;
};

export function carrierUrls(carrier: CarrierName, publicBaseUrl: string): CarrierUrls {
  const base = new URL(publicBaseUrl);
  if (base.protocol !== "https:" && base.protocol !== "http:") throw new Error("PUBLIC_BASE_URL must be an http(s) URL");
  const root = `${base.origin}${base.pathname.replace(/\/+$/, "")}/telephony/${carrier}`;
  const socketRoot = root.replace(/^http/, "ws");
  if (carrier === "telnyx") {
    const events = `${root}/events`;
    return { voice: events, status: events, answeringMachine: events, transfer: events, mediaStream: `${socketRoot}/media` };
  }
  return {
    voice: `${root}/voice`,
    status: `${root}/status`,
    answeringMachine: `${root}/amd`,
    transfer: `${root}/transfer`,
    mediaStream: `${socketRoot}/media`,
  };
}

/** Adds our call id to a callback URL, so callbacks that race the create response still find the call. */
export function withCallId(url: string, callId: string): string {
  const next = new URL(url);
  next.searchParams.set("call_id", callId);
  return next.toString();
}
