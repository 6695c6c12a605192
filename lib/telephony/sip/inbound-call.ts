// A call a trunk sends us: answered with a 200 OK carrying our SDP answer (or an offer, when the
// INVITE had none and the answer comes in the ACK), with the session timer the caller asked for.

import { Dialog } from "./dialog";
import { parseSessionExpires } from "./keep-alive";
import { createResponse, getHeader, getHeaders, type SipHeader, type SipRequest } from "./message";
import type { RtpSession } from "./rtp/rtp-session";
import type { NegotiatedAudio } from "./sdp";
import type { ServerTransaction } from "./server-transaction";
import { SipCall, type CallContext } from "./sip-call";
import type { SipEndpoint } from "./transport";
import { uriHost } from "./uri";

export class InboundCall extends SipCall {
  readonly direction = "inbound";

  constructor(
    context: CallContext,
    rtp: RtpSession,
    source: SipEndpoint,
    private readonly invite: SipRequest,
    private readonly transaction: ServerTransaction,
    private readonly localTag: string,
  ) {
    super(context, getHeader(invite, "Call-ID")!, rtp, source, undefined);
  }

  /** Sends the 200 OK: an answer to `offer`, or our offer when the INVITE carried none. */
  answer(offer: NegotiatedAudio | null): void {
    this.dialog = Dialog.asCallee(this.invite, this.localTag)!;
    this.context.registerDialog(this, this.dialog);
    let body: Buffer;
    if (offer) {
      this.applyMedia(offer);
      body = this.localSdp("answer", offer.localDirection);
    } else body = this.localSdp("offer");
    const session = this.sessionTimer();
    const headers: SipHeader[] = [
      { name: "Contact", value: this.context.contact(this.flow.transport) },
      ...this.capabilityHeaders(),
      ...(session ? [{ name: "Session-Expires", value: session }, ...(session.endsWith("uac") ? [{ name: "Require", value: "timer" }] : [])] : []),
      { name: "Content-Type", value: "application/sdp" },
    ];
    const response = createResponse(this.invite, 200, { toTag: this.localTag, headers, body });
    this.sendInviteSuccess(this.transaction, response, offer === null);
    this.markAnswered();
    this.startKeepAlive(session, "uas");
  }

  /** The caller sent CANCEL before we answered (the UA already answered 487). */
  canceledByCaller(): void {
    this.finish({ kind: "canceled", sipStatus: 487, reason: "the caller canceled", hungUpBy: "remote" });
  }

  protected async abandon(): Promise<void> {
    if (!this.transaction.answered) this.transaction.respond(createResponse(this.invite, 480, { toTag: this.localTag }));
    this.finish({ kind: "canceled", sipStatus: 480, reason: "we ended the call before answering", hungUpBy: "local" });
  }

  protected referDomain(): string {
    return `${uriHost(this.flow.address)}${this.flow.port !== 5060 ? `:${this.flow.port}` : ""}`;
  }

  /** The Session-Expires we answer with (RFC 4028 §9): the caller refreshes when it supports timers. */
  private sessionTimer(): string | undefined {
    const asked = parseSessionExpires(getHeader(this.invite, "Session-Expires"));
    if (!asked) return undefined;
    const supportsTimer = getHeaders(this.invite, "Supported").some((option) => option.toLowerCase() === "timer");
    const refresher = asked.refresher ?? (supportsTimer ? "uac" : "uas");
    return `${Math.max(asked.interval, this.context.minSessionExpires)};refresher=${refresher}`;
  }
}
