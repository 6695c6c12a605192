// A call we place through a trunk: the INVITE (digest auth, custom headers), provisional responses
// and early media, CANCEL when ended before the answer (or at the ring timeout), the ACK of the 2xx.

import type { ClientTransaction } from "./client-transaction";
import { endKindForStatus } from "./call-outcome";
import { applyCustomHeaders } from "./custom-headers";
import { Dialog } from "./dialog";
import { formatNameAddr, parseNameAddr, parseVia } from "./header-values";
import { getHeader, getHeaders, type SipRequest, type SipResponse } from "./message";
import { sendAuthenticated } from "./authenticated-request";
import type { RtpSession } from "./rtp/rtp-session";
import { parseSdp, readAnswer } from "./sdp";
import { SipCall, ALLOWED_METHODS, type CallContext } from "./sip-call";
import { escapeUser, uriHost } from "./uri";
import type { SipEndpoint, SipTransportKind } from "./transport";

export type SipTrunk = {
  /** Host name or IP address of the trunk's SIP server. */
  host: string;
  port?: number;
  transport?: SipTransportKind;
  /** Domain of the Request-URI, From and To (e.g. example.pstn.twilio.com); default: host[:port]. */
  domain?: string;
  username?: string;
  password?: string;
};

export type DialOptions = {
  trunk: SipTrunk;
  /** The number (or user) to call: the Request-URI's and To's user part. */
  to: string;
  /** Our number: From's and P-Asserted-Identity's user part. */
  from: string;
  fromDisplayName?: string;
  /** Checked `custom_headers` (see validateCustomHeaders), written into the INVITE. */
  customHeaders?: Record<string, string>;
  /** Give up (CANCEL, no_answer) when not answered by then. Default 60 s. */
  ringTimeoutMs?: number;
};

export function trunkEndpoint(trunk: SipTrunk): SipEndpoint {
  return { transport: trunk.transport ?? "udp", address: trunk.host.replace(/^\[|\]$/g, ""), port: trunk.port ?? 5060 };
}

export class OutboundCall extends SipCall {
  readonly direction = "outbound";
  private readonly domain: string;
  private readonly offer: Buffer;
  private sessionExpires: number;
  private cseq = Math.floor(Math.random() * 10_000) + 1;
  private invite: SipRequest | undefined;
  private inviteTransaction: ClientTransaction | undefined;
  private provisionalSeen = false;
  private cancelReason: "ring_timeout" | "local" | null = null;
  private cancelSent = false;
  private extraDialogs = new Set<string>();

  constructor(
    context: CallContext,
    callId: string,
    rtp: RtpSession,
    private readonly options: DialOptions,
    private readonly localTag: string,
  ) {
    const trunk = options.trunk;
    super(context, callId, rtp, trunkEndpoint(trunk), trunk.username !== undefined ? { username: trunk.username, password: trunk.password ?? "" } : undefined);
    this.domain = trunk.domain ?? `${uriHost(trunk.host)}${trunk.port && trunk.port !== 5060 ? `:${trunk.port}` : ""}`;
    this.sessionExpires = context.sessionExpires;
    this.offer = this.localSdp("offer");
  }

  start(): void {
    this.clock.once("ring", this.options.ringTimeoutMs ?? 60_000, () => this.cancel("ring_timeout"));
    void this.sendInvite();
  }

  /** A 2xx after the INVITE's transaction ended: re-ACK it (or, from another fork, ACK and BYE it). */
  handleStrayResponse(response: SipResponse): void {
    if (response.status >= 200 && response.status < 300 && getHeader(response, "CSeq")?.endsWith("INVITE")) this.lateSuccess(response);
  }

  protected referDomain(): string {
    return this.domain;
  }

  protected async abandon(): Promise<void> {
    this.cancel("local");
    await this.ended;
  }

  private async sendInvite(): Promise<void> {
    const result = await sendAuthenticated(this.context.layer, {
      build: () => this.buildInvite(),
      destination: this.flow,
      credentials: this.credentials,
      onTransaction: (transaction, request) => {
        this.inviteTransaction = transaction;
        this.invite = request;
        this.provisionalSeen = false;
      },
      onProvisional: (response) => this.provisional(response),
      onLateSuccess: (response) => this.lateSuccess(response),
      abandoned: () => this.cancelReason !== null,
    });
    if (this.state === "ended") return;
    if (result.kind === "failure") {
      if (this.cancelReason) return this.endUnanswered(487, "Request Terminated");
      return this.finish({ kind: "failed", sipStatus: result.status, reason: `${result.status} ${result.reason}`, hungUpBy: null });
    }
    const response = result.response;
    if (response.status >= 300) {
      const minimum = Number(getHeader(response, "Min-SE")?.split(";")[0]);
      if (response.status === 422 && minimum > this.sessionExpires && !this.cancelReason) {
        this.sessionExpires = minimum; // RFC 4028 §7.2: retry with the interval the far end asks for
        return this.sendInvite();
      }
      return this.endUnanswered(response.status, response.reason);
    }
    this.answered(response);
  }

  private buildInvite(): SipRequest {
    const { to, from, fromDisplayName, customHeaders } = this.options;
    const fromUri = `sip:${escapeUser(from)}@${this.domain}`;
    const request: SipRequest = {
      kind: "request",
      method: "INVITE",
      uri: `sip:${escapeUser(to)}@${this.domain}`,
      headers: [
        { name: "Max-Forwards", value: "70" },
        { name: "From", value: formatNameAddr({ displayName: fromDisplayName, uri: fromUri, params: { tag: this.localTag } }) },
        { name: "To", value: `<sip:${escapeUser(to)}@${this.domain}>` },
        { name: "Call-ID", value: this.callId },
        { name: "CSeq", value: `${this.cseq++} INVITE` },
        { name: "Contact", value: this.context.contact(this.flow.transport) },
        { name: "P-Asserted-Identity", value: `<${fromUri}>` },
        { name: "User-Agent", value: this.context.userAgent },
        { name: "Allow", value: ALLOWED_METHODS },
        { name: "Supported", value: "timer" },
        { name: "Session-Expires", value: String(this.sessionExpires) },
        { name: "Min-SE", value: String(this.context.minSessionExpires) },
        { name: "Content-Type", value: "application/sdp" },
      ],
      body: this.offer,
    };
    if (customHeaders) applyCustomHeaders(request, customHeaders, this.localTag);
    return request;
  }

  private provisional(response: SipResponse): void {
    if (this.state === "ended") return;
    this.provisionalSeen = true;
    if (this.cancelReason) {
      this.sendCancel();
      return;
    }
    if (response.status === 100) return;
    const answer = response.body.length ? parseSdp(response.body.toString("utf8")) : null;
    const media = answer ? readAnswer(answer) : null;
    if (media) {
      this.applyMedia(media);
      if (this.state !== "early_media") {
        this.state = "early_media";
        this.emit("early_media");
      }
    } else if (this.state === "calling") {
      this.state = "ringing";
      this.emit("ringing");
    }
  }

  private answered(response: SipResponse): void {
    const invite = this.invite!;
    this.dialog = Dialog.asCaller(invite, response);
    this.context.registerDialog(this, this.dialog);
    this.sendAck(invite);
    this.clock.cancel("ring");
    this.clock.cancel("cancel-guard");
    if (this.cancelReason) {
      // the 200 crossed our CANCEL: the call was answered, end it at once
      void this.bye({ kind: this.cancelReason === "local" ? "canceled" : "no_answer", sipStatus: null, reason: "answered as we canceled", hungUpBy: this.cancelReason === "local" ? "local" : null });
      return;
    }
    const answer = response.body.length ? parseSdp(response.body.toString("utf8")) : null;
    const media = answer ? readAnswer(answer) : null;
    if (media) this.applyMedia(media);
    else if (!this.negotiated) {
      void this.bye({ kind: "failed", sipStatus: 488, reason: "the 200 OK carried no usable SDP answer", hungUpBy: null });
      return;
    }
    this.markAnswered();
    this.startKeepAlive(getHeader(response, "Session-Expires"), "uac");
  }

  private lateSuccess(response: SipResponse): void {
    const invite = this.invite;
    if (!invite || this.state === "ended") return;
    const tag = parseNameAddr(getHeader(response, "To") ?? "")?.params.tag ?? "";
    if (this.dialog && tag === this.dialog.remoteTag) {
      this.sendAck(invite);
      return;
    }
    // a second fork answered: ACK and end that dialog (RFC 3261 §13.2.2.4)
    const other = Dialog.asCaller(invite, response);
    void this.context.layer.sendStateless(other.request("ACK", { cseq: Number(getHeader(invite, "CSeq")!.split(" ")[0]) }), this.flow);
    if (this.extraDialogs.has(other.key)) return;
    this.extraDialogs.add(other.key);
    this.context.layer.sendRequest(other.request("BYE"), this.flow, { onResponse: () => {}, onFailure: () => {} });
  }

  private cancel(reason: "ring_timeout" | "local"): void {
    if (this.cancelReason || this.state === "ended" || this.answeredAt) return;
    this.cancelReason = reason;
    this.clock.cancel("ring");
    if (this.provisionalSeen) this.sendCancel(); // else sent with the first provisional (RFC 3261 §9.1)
    this.clock.once("cancel-guard", 64 * this.context.timers.t1, () => {
      this.inviteTransaction?.terminate();
      this.endUnanswered(487, "Request Terminated");
    });
  }

  private sendCancel(): void {
    const invite = this.invite;
    if (this.cancelSent || !invite) return;
    this.cancelSent = true;
    const via = parseVia(getHeaders(invite, "Via")[0]);
    const cseq = getHeader(invite, "CSeq")!.split(/\s+/)[0];
    const copy = (name: string) => getHeaders(invite, name).map((value) => ({ name, value }));
    const cancel: SipRequest = {
      kind: "request",
      method: "CANCEL",
      uri: invite.uri,
      headers: [...copy("Route"), { name: "Max-Forwards", value: "70" }, ...copy("From"), ...copy("To"), ...copy("Call-ID"), { name: "CSeq", value: `${cseq} CANCEL` }, { name: "User-Agent", value: this.context.userAgent }],
      body: Buffer.alloc(0),
    };
    this.context.layer.sendRequest(cancel, this.flow, { onResponse: () => {}, onFailure: () => {} }, via?.params.branch ?? undefined);
  }

  private endUnanswered(status: number, reason: string): void {
    const kind = endKindForStatus(status, this.cancelReason);
    const hungUpBy = this.cancelReason === "local" ? "local" : this.cancelReason === "ring_timeout" ? null : "remote";
    const text = this.cancelReason === "ring_timeout" && status === 487 ? "no answer before the ring timeout" : `${status} ${reason}`.trim();
    this.finish({ kind, sipStatus: status, reason: text, hungUpBy });
  }
}
