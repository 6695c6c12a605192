// One SIP call, whichever side started it: the dialog's requests (BYE, re-INVITE for hold, UPDATE,
// OPTIONS, INFO, NOTIFY), keep-alive, transfer by REFER, hang-up and the outcome.

import { randomInt, randomUUID } from "node:crypto";
import { sendAuthenticated, type RequestResult } from "./authenticated-request";
import type { CallOutcome } from "./call-outcome";
import type { DigestCredentials } from "./digest";
import type { Dialog } from "./dialog";
import { KeepAlive, parseSessionExpires } from "./keep-alive";
import { Listeners } from "./listeners";
import { createResponse, getHeader, type SipHeader, type SipRequest, type SipResponse } from "./message";
import { parseSipfrag, referTargetUri, type TransferResult } from "./refer";
import type { CallAudio, RtpSession } from "./rtp/rtp-session";
import { answerOffer, formatSdp, offerCodecs, parseSdp, readAnswer, TELEPHONE_EVENT_PT, type Direction, type NegotiatedAudio } from "./sdp";
import type { ServerTransaction } from "./server-transaction";
import { TimerSet, type SipTimers } from "./timers";
import type { TransactionLayer } from "./transaction-layer";
import type { SipEndpoint } from "./transport";

export const ALLOWED_METHODS = "INVITE, ACK, CANCEL, BYE, OPTIONS, REFER, NOTIFY, INFO, UPDATE";

/** What a call needs from its user agent. */
export type CallContext = {
  layer: TransactionLayer;
  timers: SipTimers;
  /** Host put in SDP (the public address). */
  mediaHost: string;
  /** Our Contact header value for a transport. */
  contact(transport: SipEndpoint["transport"]): string;
  userAgent: string;
  /** RFC 4028 interval we ask for and the least we accept (seconds). */
  sessionExpires: number;
  minSessionExpires: number;
  /** OPTIONS interval when the far end has no session timer. */
  keepAliveIntervalMs: number;
  /** How long a REFER may take to report a final result. */
  transferTimeoutMs: number;
  registerDialog(call: SipCall, dialog: Dialog): void;
  forget(call: SipCall): void;
  /** Work that must finish before the user agent closes (a BYE in flight). */
  track(work: Promise<unknown>): void;
};

export type SipCallState = "calling" | "ringing" | "early_media" | "answered" | "ended";

export type SipCallEvents = {
  /** The far end is alerting (180/181/182, or 183 without SDP). */
  ringing: [];
  /** A 183 with SDP: audio flows before the answer. */
  early_media: [];
  answered: [];
  /** The far end put the call on hold (true) or took it off (false). */
  hold: [held: boolean];
  ended: [outcome: CallOutcome];
};

type CallOutcomeInput = Omit<CallOutcome, "startedAt" | "answeredAt" | "endedAt" | "durationMs">;

export abstract class SipCall {
  /** Our id for the call (not the SIP Call-ID). */
  readonly id = randomUUID();
  abstract readonly direction: "outbound" | "inbound";
  state: SipCallState = "calling";
  readonly startedAt = new Date();
  answeredAt: Date | null = null;
  readonly ended: Promise<CallOutcome>;
  /** Set once ended. */
  outcome: CallOutcome | undefined;
  dialog: Dialog | undefined;

  protected negotiated: NegotiatedAudio | undefined;
  protected lastLocalSdp: Buffer | undefined;
  protected readonly clock = new TimerSet();
  protected sessionTimerActive = false;
  private readonly events: { [K in keyof SipCallEvents]: Listeners<SipCallEvents[K]> } = {
    ringing: new Listeners(),
    early_media: new Listeners(),
    answered: new Listeners(),
    hold: new Listeners(),
    ended: new Listeners(),
  };
  private resolveEnded!: (outcome: CallOutcome) => void;
  private readonly sdpSession = { id: String(randomInt(1, 2 ** 31)), version: randomInt(1, 1000) };
  private keepAlive: KeepAlive | undefined;
  private held = false;
  private reinviting = false;
  private pendingAck: { cseq: number; awaitingAnswer: boolean } | undefined;
  private transferWait: { resolve: (result: TransferResult) => void; target: string } | undefined;

  protected constructor(
    protected readonly context: CallContext,
    readonly callId: string,
    protected readonly rtp: RtpSession,
    /** Where in-dialog requests go: the trunk (outbound) or the INVITE's source (inbound, for NAT). */
    protected readonly flow: SipEndpoint,
    protected readonly credentials: DigestCredentials | undefined,
  ) {
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
  }

  /** Audio and DTMF, for the media session. */
  get audio(): CallAudio {
    return this.rtp;
  }

  /** The agreed codec, once offer and answer are done. */
  get codec(): NegotiatedAudio["codec"] | undefined {
    return this.negotiated?.codec;
  }

  /** RTP counters (packets sent and received, ignored, DTMF) and the jitter buffer's. */
  get mediaStats() {
    return { ...this.rtp.stats, jitter: { ...this.rtp.jitterStats } };
  }

  get isOnHold(): boolean {
    return this.held;
  }

  on<E extends keyof SipCallEvents>(event: E, listener: (...args: SipCallEvents[E]) => void): () => void {
    return (this.events[event] as Listeners<SipCallEvents[E]>).add(listener);
  }

  sendDtmf(digits: string): Promise<boolean> {
    return this.rtp.sendDtmf(digits);
  }

  /** Ends the call from our side: CANCEL or rejection before the answer, BYE after. */
  async hangup(): Promise<void> {
    if (this.state === "ended") return;
    if (this.dialog && this.answeredAt) return this.bye({ kind: "completed", sipStatus: null, reason: "we hung up", hungUpBy: "local" });
    return this.abandon();
  }

  /** Transfers the far end to `target` (E.164 number, user, or a SIP/tel URI) by REFER. */
  async transfer(target: string): Promise<TransferResult> {
    if (!this.dialog || !this.answeredAt || this.state === "ended") return { outcome: "refused", status: 481, reason: "the call is not answered" };
    if (this.transferWait) return { outcome: "refused", status: 491, reason: "a transfer is already in progress" };
    const referTo = referTargetUri(target, this.referDomain());
    const waitForNotify = new Promise<TransferResult>((resolve) => (this.transferWait = { resolve, target }));
    const result = await this.sendInDialog("REFER", [
      { name: "Refer-To", value: `<${referTo}>` },
      { name: "Referred-By", value: `<${/<([^>]*)>/.exec(this.dialog.local)?.[1] ?? this.dialog.local}>` },
      { name: "Contact", value: this.context.contact(this.flow.transport) },
    ]);
    if (result.kind === "failure" || result.response.status >= 300) {
      this.transferWait = undefined;
      const status = result.kind === "failure" ? result.status : result.response.status;
      const reason = result.kind === "failure" ? result.reason : `${status} ${result.response.reason}`;
      return { outcome: "refused", status, reason };
    }
    this.clock.once("transfer", this.context.transferTimeoutMs, () => this.settleTransfer({ outcome: "no_result", reason: "no final NOTIFY from the far end in time" }));
    return waitForNotify;
  }

  // ——— called by the user agent ———

  /** A request inside this call's dialog (the UA matched Call-ID and tags). */
  handleRequest(request: SipRequest, transaction: ServerTransaction): void {
    if (this.dialog && !this.dialog.acceptRemoteSeq(request)) {
      transaction.respond(createResponse(request, 500, { reason: "CSeq Out Of Order" }));
      return;
    }
    switch (request.method) {
      case "BYE":
        transaction.respond(createResponse(request, 200));
        this.finish({ kind: this.answeredAt ? "completed" : "canceled", sipStatus: null, reason: "BYE from the far end", hungUpBy: "remote" });
        return;
      case "INVITE":
        return this.handleReinvite(request, transaction);
      case "UPDATE":
        return this.handleUpdate(request, transaction);
      case "OPTIONS":
        transaction.respond(createResponse(request, 200, { headers: this.capabilityHeaders() }));
        return;
      case "INFO":
        this.handleInfo(request);
        transaction.respond(createResponse(request, 200));
        return;
      case "NOTIFY":
        return this.handleNotify(request, transaction);
      case "REFER":
        transaction.respond(createResponse(request, 403, { reason: "Transfer Not Accepted" }));
        return;
      default:
        transaction.respond(createResponse(request, 405, { headers: [{ name: "Allow", value: ALLOWED_METHODS }] }));
    }
  }

  /** The ACK of a 2xx we sent (initial INVITE or re-INVITE). */
  handleAck(ack: SipRequest): void {
    const cseq = Number(getHeader(ack, "CSeq")?.split(/\s+/)[0]);
    if (!this.pendingAck || this.pendingAck.cseq !== cseq) return;
    const { awaitingAnswer } = this.pendingAck;
    this.pendingAck = undefined;
    this.clock.cancel("2xx");
    this.clock.cancel("2xx-timeout");
    if (awaitingAnswer) {
      const answer = ack.body.length ? parseSdp(ack.body.toString("utf8")) : null;
      const media = answer ? readAnswer(answer) : null;
      if (!media) {
        void this.bye({ kind: "failed", sipStatus: 488, reason: "the ACK carried no usable SDP answer", hungUpBy: null });
        return;
      }
      this.applyMedia(media);
    }
    this.onConfirmed();
  }

  // ——— for subclasses ———

  /** Before the answer: CANCEL (outbound) or a final rejection (inbound). */
  protected abstract abandon(): Promise<void>;
  /** The domain of Refer-To targets given as numbers. */
  protected abstract referDomain(): string;
  /** The dialog was confirmed by the ACK of our 2xx (inbound). */
  protected onConfirmed(): void {}

  protected emit<E extends keyof SipCallEvents>(event: E, ...args: SipCallEvents[E]): void {
    (this.events[event] as Listeners<SipCallEvents[E]>).emit(...args);
  }

  protected localSdp(kind: "offer" | "answer", direction: Direction = "sendrecv"): Buffer {
    const media = kind === "answer" ? this.negotiated : undefined;
    this.sdpSession.version++;
    this.lastLocalSdp = Buffer.from(
      formatSdp({
        address: this.context.mediaHost,
        port: this.rtp.localPort,
        sessionId: this.sdpSession.id,
        version: this.sdpSession.version,
        direction,
        codecs: media ? [{ name: media.codec, payloadType: media.payloadType }] : offerCodecs(),
        telephoneEvent: media ? media.telephoneEvent : TELEPHONE_EVENT_PT,
      }),
    );
    return this.lastLocalSdp;
  }

  protected applyMedia(media: NegotiatedAudio): void {
    this.negotiated = media;
    this.rtp.configure(media);
    if (media.held !== this.held) {
      this.held = media.held;
      if (this.answeredAt) this.emit("hold", media.held);
    }
  }

  protected markAnswered(): void {
    this.answeredAt = new Date();
    this.state = "answered";
    this.emit("answered");
  }

  /** Starts keep-alive from the Session-Expires agreed in the INVITE's 2xx (we are `role`). */
  protected startKeepAlive(agreed: string | undefined, role: "uac" | "uas"): void {
    this.keepAlive = new KeepAlive({
      refresh: () => this.refreshSession(),
      probe: async () => this.dialogAlive(await this.sendInDialog("OPTIONS", [{ name: "Accept", value: "application/sdp" }])),
      dead: (reason) => void this.bye({ kind: "failed", sipStatus: 408, reason: `dialog lost: ${reason}`, hungUpBy: null }),
    });
    const timer = parseSessionExpires(agreed);
    if (timer && timer.interval > 0) {
      this.sessionTimerActive = true;
      this.keepAlive.sessionTimer(timer.interval, (timer.refresher ?? "uac") === role);
    } else this.keepAlive.options(this.context.keepAliveIntervalMs);
  }

  /** Retransmits our 2xx to an INVITE until its ACK arrives (RFC 3261 §13.3.1.4); BYE if none comes. */
  protected sendInviteSuccess(transaction: ServerTransaction, response: SipResponse, awaitingAnswer: boolean): void {
    const { t1, t2 } = this.context.timers;
    const cseq = Number(getHeader(response, "CSeq")?.split(/\s+/)[0]);
    this.pendingAck = { cseq, awaitingAnswer };
    transaction.respond(response);
    this.clock.backoff("2xx", t1, t2, () => transaction.respond(response));
    this.clock.once("2xx-timeout", 64 * t1, () => {
      this.clock.cancel("2xx");
      if (this.pendingAck?.cseq === cseq) void this.bye({ kind: "failed", sipStatus: 408, reason: "no ACK for our 200 OK", hungUpBy: null });
    });
  }

  protected capabilityHeaders(): SipHeader[] {
    return [
      { name: "Allow", value: ALLOWED_METHODS },
      { name: "Accept", value: "application/sdp" },
      { name: "Supported", value: "timer" },
      { name: "User-Agent", value: this.context.userAgent },
    ];
  }

  protected sendInDialog(method: string, headers: SipHeader[] = [], body?: Buffer): Promise<RequestResult> {
    const dialog = this.dialog!;
    return sendAuthenticated(this.context.layer, {
      build: () => dialog.request(method, { headers: [...headers, { name: "User-Agent", value: this.context.userAgent }], body }),
      destination: this.flow,
      credentials: this.credentials,
    });
  }

  /** Sends BYE and ends the call at once (the BYE's own transaction finishes in the background). */
  protected async bye(outcome: CallOutcomeInput): Promise<void> {
    if (this.state === "ended" || !this.dialog) return;
    const sent = this.sendInDialog("BYE");
    this.context.track(sent);
    this.finish(outcome);
    await sent;
  }

  protected finish(input: CallOutcomeInput): void {
    if (this.state === "ended") return;
    this.state = "ended";
    this.clock.clear();
    this.keepAlive?.stop();
    this.rtp.close();
    this.settleTransfer({ outcome: "no_result", reason: "the call ended" });
    const endedAt = new Date();
    this.outcome = { ...input, startedAt: this.startedAt, answeredAt: this.answeredAt, endedAt, durationMs: this.answeredAt ? endedAt.getTime() - this.answeredAt.getTime() : 0 };
    this.context.forget(this);
    this.resolveEnded(this.outcome);
    this.emit("ended", this.outcome);
  }

  private dialogAlive(result: RequestResult): boolean {
    if (result.kind === "failure") return false;
    return result.response.status !== 408 && result.response.status !== 481;
  }

  /** A session refresh (RFC 4028 §7.4) by re-INVITE with the SDP we last sent, unchanged. */
  private async refreshSession(): Promise<boolean> {
    if (this.reinviting || !this.lastLocalSdp) return true;
    this.reinviting = true;
    const dialog = this.dialog!;
    let request: SipRequest | undefined;
    const result = await sendAuthenticated(this.context.layer, {
      build: () =>
        (request = dialog.request("INVITE", {
          headers: [
            { name: "Contact", value: this.context.contact(this.flow.transport) },
            { name: "Supported", value: "timer" },
            { name: "Session-Expires", value: `${this.context.sessionExpires};refresher=uac` },
            { name: "User-Agent", value: this.context.userAgent },
            { name: "Content-Type", value: "application/sdp" },
          ],
          body: this.lastLocalSdp,
        })),
      destination: this.flow,
      credentials: this.credentials,
      onLateSuccess: () => request && this.sendAck(request),
    });
    this.reinviting = false;
    if (result.kind === "response" && result.response.status < 300) {
      this.dialog!.refreshTarget(result.response);
      if (request) this.sendAck(request);
      const agreed = parseSessionExpires(getHeader(result.response, "Session-Expires"));
      if (agreed && this.keepAlive) {
        this.keepAlive.sessionTimer(agreed.interval, (agreed.refresher ?? "uac") === "uac");
        return true;
      }
    }
    return this.dialogAlive(result);
  }

  protected sendAck(invite: SipRequest, body?: Buffer): void {
    const cseq = Number(getHeader(invite, "CSeq")!.split(/\s+/)[0]);
    const headers: SipHeader[] = body ? [{ name: "Content-Type", value: "application/sdp" }] : [];
    const ack = this.dialog!.request("ACK", { cseq, headers, body });
    for (const name of ["Authorization", "Proxy-Authorization"]) {
      const value = getHeader(invite, name);
      if (value) ack.headers.push({ name, value });
    }
    void this.context.layer.sendStateless(ack, this.flow);
  }

  private handleReinvite(request: SipRequest, transaction: ServerTransaction): void {
    if (this.reinviting) {
      transaction.respond(createResponse(request, 491));
      return;
    }
    if (this.pendingAck) {
      transaction.respond(createResponse(request, 500, { headers: [{ name: "Retry-After", value: String(randomInt(0, 11)) }] }));
      return;
    }
    this.dialog!.refreshTarget(request);
    let body: Buffer;
    let awaitingAnswer = false;
    if (request.body.length) {
      const offer = parseSdp(request.body.toString("utf8"));
      const media = offer ? answerOffer(offer) : null;
      if (!media) {
        transaction.respond(createResponse(request, 488, { headers: [{ name: "Warning", value: '304 - "no common audio codec"' }] }));
        return;
      }
      this.applyMedia(media);
      body = this.localSdp("answer", media.localDirection);
    } else {
      awaitingAnswer = true;
      body = this.localSdp("offer");
    }
    const sessionHeaders = this.sessionRefreshedBy(request);
    const response = createResponse(request, 200, {
      headers: [{ name: "Contact", value: this.context.contact(this.flow.transport) }, ...this.capabilityHeaders(), ...sessionHeaders, { name: "Content-Type", value: "application/sdp" }],
      body,
    });
    this.sendInviteSuccess(transaction, response, awaitingAnswer);
  }

  private handleUpdate(request: SipRequest, transaction: ServerTransaction): void {
    this.dialog!.refreshTarget(request);
    const headers: SipHeader[] = [{ name: "Contact", value: this.context.contact(this.flow.transport) }, ...this.sessionRefreshedBy(request)];
    if (!request.body.length) {
      transaction.respond(createResponse(request, 200, { headers }));
      return;
    }
    const offer = parseSdp(request.body.toString("utf8"));
    const media = offer ? answerOffer(offer) : null;
    if (!media) {
      transaction.respond(createResponse(request, 488));
      return;
    }
    this.applyMedia(media);
    headers.push({ name: "Content-Type", value: "application/sdp" });
    transaction.respond(createResponse(request, 200, { headers, body: this.localSdp("answer", media.localDirection) }));
  }

  /** A re-INVITE or UPDATE from the far end refreshes the session timer; its answer carries the agreed interval. */
  private sessionRefreshedBy(request: SipRequest): SipHeader[] {
    const asked = parseSessionExpires(getHeader(request, "Session-Expires"));
    if (!asked || !this.keepAlive) return [];
    const interval = Math.max(asked.interval, this.context.minSessionExpires);
    const refresher = asked.refresher ?? "uac";
    this.sessionTimerActive = true;
    this.keepAlive.sessionTimer(interval, refresher === "uas"); // we are the UAS of their request
    return [
      { name: "Session-Expires", value: `${interval};refresher=${refresher}` },
      ...(refresher === "uac" ? [{ name: "Require", value: "timer" }] : []),
    ];
  }

  private handleInfo(request: SipRequest): void {
    const type = getHeader(request, "Content-Type")?.toLowerCase() ?? "";
    const text = request.body.toString("utf8");
    const digit = type.startsWith("application/dtmf-relay") ? /Signal\s*=\s*([0-9*#A-Da-d])/.exec(text)?.[1] : type.startsWith("application/dtmf") ? /^\s*([0-9*#A-Da-d])/.exec(text)?.[1] : undefined;
    if (digit) this.rtp.injectDtmf(digit.toUpperCase());
  }

  private handleNotify(request: SipRequest, transaction: ServerTransaction): void {
    transaction.respond(createResponse(request, 200));
    if (!/^refer\b/i.test(getHeader(request, "Event") ?? "") || !this.transferWait) return;
    const frag = parseSipfrag(request.body);
    if (!frag || frag.status < 200) return;
    if (frag.status < 300) {
      const target = this.transferWait.target;
      this.settleTransfer({ outcome: "transferred", status: frag.status });
      void this.bye({ kind: "completed", sipStatus: null, reason: `transferred to ${target}`, hungUpBy: "local", transferredTo: target });
    } else this.settleTransfer({ outcome: "failed", status: frag.status, reason: `${frag.status} ${frag.reason}`.trim() });
  }

  private settleTransfer(result: TransferResult): void {
    const wait = this.transferWait;
    if (!wait) return;
    this.transferWait = undefined;
    this.clock.cancel("transfer");
    wait.resolve(result);
  }
}
