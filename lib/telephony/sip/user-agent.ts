// The SIP user agent: transports, transactions and calls. Places calls through trunks, and routes
// inbound INVITEs: allow-listed source, the called number, then a hook decides accept/reject/redirect.

import { randomBytes, randomUUID } from "node:crypto";
import { addressMatcher } from "@/lib/net/address-ranges";
import { defaultPublicHost, type SipConfig } from "./config";
import { validateCustomHeaders } from "@/lib/schemas/sip-custom-headers";
import { dialogKey } from "./dialog";
import { parseNameAddr } from "./header-values";
import { InboundCall } from "./inbound-call";
import { parseSessionExpires } from "./keep-alive";
import { createResponse, getHeader, getHeaders, type SipHeader, type SipRequest, type SipResponse } from "./message";
import { OutboundCall, type DialOptions } from "./outbound-call";
import { RtpPortRange } from "./rtp/rtp-ports";
import { RtpSession } from "./rtp/rtp-session";
import { answerOffer, parseSdp, type NegotiatedAudio } from "./sdp";
import type { ServerTransaction } from "./server-transaction";
import { ALLOWED_METHODS, type CallContext, type SipCall } from "./sip-call";
import { defaultTimers, type SipTimers } from "./timers";
import { TransactionLayer } from "./transaction-layer";
import { SipTransport, type SipEndpoint } from "./transport";
import { parseUri, uriHost } from "./uri";

export type InboundTrunk = {
  id: string;
  /** IP addresses or CIDR ranges (IPv4 or IPv6) this trunk's INVITEs may come from. */
  allowedSources: string[];
  /** Where the called number is read: the Request-URI's user part or the To header's. */
  numberFrom: "request_uri" | "to";
};

export type InboundInvite = {
  /** The static trunk the source matched; undefined when `inbound.trunks` is not given (decide routes). */
  trunk: InboundTrunk | undefined;
  /** The called number (user part, unescaped): by the trunk's rule, else the Request-URI's (or To's). */
  number: string;
  /** Both places an INVITE names the called number, for a `decide` that routes by trunk itself. */
  calledNumbers: { requestUri: string | undefined; to: string | undefined };
  /** The caller's user part (its number), or "" when the From URI has none. */
  from: string;
  fromDisplayName?: string;
  requestUri: string;
  callId: string;
  source: SipEndpoint;
  headers: SipHeader[];
};

export type InboundDecision =
  /** Answer; `onCall` runs before the 200 OK is sent, so no audio is missed. */
  | { action: "accept"; onCall: (call: SipCall) => void }
  | { action: "reject"; status: number; reason?: string; headers?: SipHeader[] }
  /** 302 Moved Temporarily to a number (at the caller's host) or a SIP URI. */
  | { action: "redirect"; target: string };

export type SipUserAgentOptions = {
  bindAddress?: string;
  port?: number;
  publicAddress?: { host: string; port?: number };
  rtpPorts?: { min: number; max: number };
  timers?: Partial<SipTimers>;
  userAgent?: string;
  /** RFC 4028 interval we ask for (s, default 1800) and the least we accept (default 90). */
  sessionExpires?: number;
  minSessionExpires?: number;
  /** In-dialog OPTIONS interval when the far end has no session timer (default 30 s). */
  keepAliveIntervalMs?: number;
  transferTimeoutMs?: number;
  jitterFrames?: number;
  inbound?: {
    /** Static trunks, checked before `decide`; omitted: every source reaches `decide`, which routes. */
    trunks?: InboundTrunk[];
    decide(invite: InboundInvite): InboundDecision | Promise<InboundDecision>;
    /** Longest wait for `decide` before answering 503 (default 5 s). */
    decideTimeoutMs?: number;
  };
};

export class SipDialError extends Error {
  constructor(
    message: string,
    /** The custom header at fault, when there is one. */
    readonly header?: string,
  ) {
    super(message);
    this.name = "SipDialError";
  }
}

/** The options `loadSipConfig()` gives (bind address, port, public address, RTP ports). */
export function userAgentOptionsFromConfig(config: SipConfig): SipUserAgentOptions {
  return { bindAddress: config.bindAddress, port: config.port, publicAddress: config.publicAddress, rtpPorts: { min: config.rtpPortMin, max: config.rtpPortMax } };
}

const newTag = () => randomBytes(8).toString("hex");

export class SipUserAgent {
  private readonly dialogs = new Map<string, SipCall>();
  private readonly byCallId = new Map<string, SipCall>();
  private readonly pendingInvites = new Map<string, { canceled: boolean; call?: InboundCall }>();
  private readonly allowLists: { trunk: InboundTrunk; allows: (address: string) => boolean }[];
  private readonly context: CallContext;
  private readonly inFlight = new Set<Promise<unknown>>();
  private closing = false;

  private constructor(
    readonly transport: SipTransport,
    readonly layer: TransactionLayer,
    private readonly rtpPorts: RtpPortRange,
    private readonly options: SipUserAgentOptions,
    readonly publicHost: string,
    readonly publicPort: number,
  ) {
    this.allowLists = (options.inbound?.trunks ?? []).map((trunk) => ({ trunk, allows: allowList(trunk) }));
    this.context = {
      layer,
      timers: layer.timers,
      mediaHost: publicHost,
      contact: (kind) => `<sip:${uriHost(publicHost)}:${publicPort}${kind === "tcp" ? ";transport=tcp" : ""}>`,
      userAgent: options.userAgent ?? "voice-agent-sip/1.0",
      sessionExpires: options.sessionExpires ?? 1800,
      minSessionExpires: options.minSessionExpires ?? 90,
      keepAliveIntervalMs: options.keepAliveIntervalMs ?? 30_000,
      transferTimeoutMs: options.transferTimeoutMs ?? 30_000,
      registerDialog: (call, dialog) => this.dialogs.set(dialog.key, call),
      forget: (call) => this.forget(call),
      track: (work) => {
        const done = work.finally(() => this.inFlight.delete(done));
        this.inFlight.add(done);
      },
    };
    layer.core = {
      onRequest: (request, transaction, source) => this.onRequest(request, transaction, source),
      onStrayResponse: (response) => this.onStrayResponse(response),
    };
  }

  static async start(options: SipUserAgentOptions = {}): Promise<SipUserAgent> {
    const bindAddress = options.bindAddress ?? "0.0.0.0";
    const rtpPorts = new RtpPortRange(options.rtpPorts?.min ?? 10000, options.rtpPorts?.max ?? 20000);
    for (const trunk of options.inbound?.trunks ?? []) allowList(trunk); // fail fast on a bad entry
    const transport = await SipTransport.open({ bindAddress, port: options.port ?? 5060 });
    const publicHost = options.publicAddress?.host ?? defaultPublicHost(bindAddress);
    const publicPort = options.publicAddress?.port ?? transport.port;
    const layer = new TransactionLayer(transport, { ...defaultTimers, ...options.timers }, { host: uriHost(publicHost), port: publicPort });
    return new SipUserAgent(transport, layer, rtpPorts, options, publicHost, publicPort);
  }

  get port(): number {
    return this.transport.port;
  }

  /** Live calls. */
  get calls(): SipCall[] {
    return [...new Set(this.byCallId.values())];
  }

  /** Places a call through a trunk. Throws SipDialError (naming the header) for bad custom headers. */
  async dial(options: DialOptions): Promise<OutboundCall> {
    if (this.closing) throw new SipDialError("the SIP user agent is shutting down");
    if (options.customHeaders) {
      const check = validateCustomHeaders(options.customHeaders);
      if (!check.ok) throw new SipDialError(check.message, check.header);
    }
    if (!/^[^\s@<>"]+$/.test(options.to) || !/^[^\s@<>"]+$/.test(options.from)) throw new SipDialError("to and from must be numbers or SIP user parts");
    const rtp = await this.openRtp();
    const call = new OutboundCall(this.context, `${randomUUID()}@${uriHost(this.publicHost)}`, rtp, options, newTag());
    this.byCallId.set(call.callId, call);
    call.start();
    return call;
  }

  /**
   * Stops taking calls (new INVITEs and OPTIONS probes get 503, so a dispatcher moves on) and
   * resolves once the live calls have ended on their own.
   */
  async drain(): Promise<void> {
    this.closing = true;
    await Promise.all(this.calls.map((call) => call.ended));
  }

  /** Stops taking calls, hangs up live ones (waiting up to `graceMs`) and closes the sockets. */
  async close(graceMs = 2_000): Promise<void> {
    this.closing = true;
    const hangups = this.calls.map((call) => call.hangup().catch(() => {}));
    await Promise.race([Promise.all([...hangups, ...this.inFlight]), new Promise((resolve) => setTimeout(resolve, graceMs))]);
    this.layer.close();
    await this.transport.close();
  }

  private async openRtp(): Promise<RtpSession> {
    const { socket, port } = await this.rtpPorts.bind(this.options.bindAddress ?? "0.0.0.0");
    return new RtpSession(socket, port, () => this.rtpPorts.release(port), { jitterFrames: this.options.jitterFrames });
  }

  private forget(call: SipCall): void {
    if (this.byCallId.get(call.callId) === call) this.byCallId.delete(call.callId);
    for (const [key, value] of this.dialogs) if (value === call) this.dialogs.delete(key);
  }

  private onStrayResponse(response: SipResponse): void {
    const call = this.byCallId.get(getHeader(response, "Call-ID") ?? "");
    if (call instanceof OutboundCall) call.handleStrayResponse(response);
  }

  private dialogCall(request: SipRequest): SipCall | undefined {
    const toTag = parseNameAddr(getHeader(request, "To")!)?.params.tag ?? "";
    const fromTag = parseNameAddr(getHeader(request, "From")!)?.params.tag ?? "";
    return this.dialogs.get(dialogKey(getHeader(request, "Call-ID")!, toTag, fromTag));
  }

  private onRequest(request: SipRequest, transaction: ServerTransaction | null, source: SipEndpoint): void {
    if (!transaction) {
      if (request.method === "ACK") this.dialogCall(request)?.handleAck(request);
      return;
    }
    const respond = (status: number, options: Parameters<typeof createResponse>[2] = {}) =>
      transaction.respond(createResponse(request, status, { toTag: newTag(), ...options }));
    if (request.method === "CANCEL") return this.onCancel(request, transaction);
    if (parseNameAddr(getHeader(request, "To")!)?.params.tag !== undefined) {
      const call = this.dialogCall(request);
      if (call) call.handleRequest(request, transaction);
      else respond(481);
      return;
    }
    switch (request.method) {
      case "INVITE":
        void this.onInvite(request, transaction, source).catch((error) => {
          console.error("sip: inbound INVITE failed:", error);
          if (!transaction.answered) respond(500);
        });
        return;
      case "OPTIONS":
        if (this.closing) return respond(503);
        respond(200, { headers: [{ name: "Allow", value: ALLOWED_METHODS }, { name: "Accept", value: "application/sdp" }, { name: "Supported", value: "timer" }] });
        return;
      case "BYE":
        respond(481);
        return;
      default:
        respond(405, { headers: [{ name: "Allow", value: ALLOWED_METHODS }] });
    }
  }

  private onCancel(cancel: SipRequest, transaction: ServerTransaction): void {
    const invite = this.layer.inviteTransactionFor(cancel);
    if (!invite) {
      transaction.respond(createResponse(cancel, 481));
      return;
    }
    transaction.respond(createResponse(cancel, 200));
    if (invite.answered) return;
    invite.respond(createResponse(invite.request, 487, { toTag: newTag() }));
    const pending = this.pendingInvites.get(invite.key);
    if (pending) {
      pending.canceled = true;
      pending.call?.canceledByCaller();
    }
  }

  private async onInvite(request: SipRequest, transaction: ServerTransaction, source: SipEndpoint): Promise<void> {
    const toTag = newTag();
    const reject = (status: number, reason?: string, headers: SipHeader[] = []) => transaction.respond(createResponse(request, status, { toTag, reason, headers }));
    if (this.closing) return reject(503);
    const trunk = this.allowLists.find(({ allows }) => allows(source.address))?.trunk;
    if (!this.options.inbound || (!trunk && this.options.inbound.trunks)) return reject(403, "Forbidden (source not allowed)");
    if (!getHeaders(request, "Contact").length) return reject(400, "Bad Request (Missing Contact header)");
    const unsupported = getHeaders(request, "Require").filter((option) => option.toLowerCase() !== "timer");
    if (unsupported.length) return reject(420, undefined, [{ name: "Unsupported", value: unsupported.join(", ") }]);
    const asked = parseSessionExpires(getHeader(request, "Session-Expires"));
    if (asked && asked.interval < this.context.minSessionExpires) return reject(422, undefined, [{ name: "Min-SE", value: String(this.context.minSessionExpires) }]);
    const calledNumbers = { requestUri: calledNumber(request, "request_uri"), to: calledNumber(request, "to") };
    const number = trunk ? calledNumbers[trunk.numberFrom === "to" ? "to" : "requestUri"] : (calledNumbers.requestUri ?? calledNumbers.to);
    if (!number) return reject(404, `Not Found (no number in the ${trunk?.numberFrom === "to" ? "To header" : "Request-URI"})`);

    let offer: NegotiatedAudio | null = null;
    if (request.body.length) {
      const type = getHeader(request, "Content-Type")?.split(";")[0].trim().toLowerCase();
      if (type !== "application/sdp") return reject(415, undefined, [{ name: "Accept", value: "application/sdp" }]);
      const description = parseSdp(request.body.toString("utf8"));
      offer = description ? answerOffer(description) : null;
      if (!offer) return reject(488, undefined, [{ name: "Warning", value: '304 - "no common audio codec (PCMU, PCMA)"' }]);
    }

    const pending: { canceled: boolean; call?: InboundCall } = { canceled: false };
    this.pendingInvites.set(transaction.key, pending);
    try {
      const fromAddress = parseNameAddr(getHeader(request, "From")!);
      const info: InboundInvite = {
        trunk,
        number,
        calledNumbers,
        from: userPart(fromAddress?.uri ?? "") ?? "",
        fromDisplayName: fromAddress?.displayName,
        requestUri: request.uri,
        callId: getHeader(request, "Call-ID")!,
        source,
        headers: request.headers.map((header) => ({ ...header })),
      };
      const decision = await this.decide(info);
      if (pending.canceled || transaction.answered) return;
      if (!decision) return reject(503, "Service Unavailable (no decision in time)");
      if (decision.action === "reject") {
        const status = decision.status >= 300 && decision.status <= 699 ? decision.status : 480;
        return reject(status, decision.reason, decision.headers);
      }
      if (decision.action === "redirect") {
        const target = /^(sips?|tel):/i.test(decision.target) ? decision.target : `sip:${decision.target}@${uriHost(source.address)}`;
        return reject(302, undefined, [{ name: "Contact", value: `<${target}>` }]);
      }
      const rtp = await this.openRtp().catch(() => null);
      if (!rtp) return reject(503, "Service Unavailable (no free RTP port)");
      if (pending.canceled) {
        rtp.close();
        return;
      }
      const call = new InboundCall(this.context, rtp, source, request, transaction, toTag);
      pending.call = call;
      this.byCallId.set(call.callId, call);
      decision.onCall(call);
      call.answer(offer);
    } finally {
      this.pendingInvites.delete(transaction.key);
    }
  }

  private async decide(info: InboundInvite): Promise<InboundDecision | null> {
    const inbound = this.options.inbound!;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), inbound.decideTimeoutMs ?? 5_000)));
    try {
      return await Promise.race([Promise.resolve(inbound.decide(info)), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

function allowList(trunk: InboundTrunk): (address: string) => boolean {
  try {
    return addressMatcher(trunk.allowedSources);
  } catch (error) {
    throw new Error(`Trunk ${trunk.id}: ${(error as Error).message}`);
  }
}

function userPart(uri: string): string | undefined {
  const tel = /^tel:([^;]+)/i.exec(uri)?.[1];
  const user = tel ?? parseUri(uri)?.user;
  if (!user) return undefined;
  try {
    return decodeURIComponent(user);
  } catch {
    return user;
  }
}

function calledNumber(request: SipRequest, from: InboundTrunk["numberFrom"]): string | undefined {
  const uri = from === "to" ? parseNameAddr(getHeader(request, "To")!)?.uri : request.uri;
  return uri ? userPart(uri) : undefined;
}
