// A dialog (RFC 3261 §12): the Call-ID and tags that name it, both CSeq spaces, the remote target
// and route set, and the requests sent inside it (loose routing, RFC 3261 §12.2.1.1).

import { randomInt } from "node:crypto";
import { parseCSeq, parseNameAddr } from "./header-values";
import { getHeader, getHeaders, type SipHeader, type SipRequest, type SipResponse } from "./message";

export class Dialog {
  private constructor(
    readonly callId: string,
    /** Our From (UAC) or To (UAS) header value, with our tag. */
    readonly local: string,
    readonly localTag: string,
    /** The far end's header value, with its tag. */
    readonly remote: string,
    readonly remoteTag: string,
    public localSeq: number,
    public remoteSeq: number | undefined,
    public remoteTarget: string,
    readonly routeSet: string[],
  ) {}

  /** Our dialog as the caller, from the INVITE we sent and the 2xx (or 1xx with a tag) it got. */
  static asCaller(invite: SipRequest, response: SipResponse): Dialog {
    const to = getHeader(response, "To")!;
    const from = getHeader(invite, "From")!;
    // lenient with a broken 2xx (no To tag, no Contact), so it can still be ACKed and ended
    const remoteTag = parseNameAddr(to)?.params.tag ?? "";
    const localTag = parseNameAddr(from)?.params.tag ?? "";
    const target = parseNameAddr(getHeaders(response, "Contact")[0] ?? "")?.uri ?? invite.uri;
    const routes = getHeaders(response, "Record-Route").reverse();
    return new Dialog(getHeader(invite, "Call-ID")!, from, localTag, to, remoteTag, parseCSeq(getHeader(invite, "CSeq")!)!.seq, undefined, target, routes);
  }

  /** Our dialog as the called party, from the INVITE we received and the tag we answer with. */
  static asCallee(invite: SipRequest, localTag: string): Dialog | null {
    const from = getHeader(invite, "From")!;
    const remoteTag = parseNameAddr(from)?.params.tag;
    const target = parseNameAddr(getHeaders(invite, "Contact")[0] ?? "")?.uri;
    if (!remoteTag || !target) return null;
    const to = `${getHeader(invite, "To")!};tag=${localTag}`;
    const routes = getHeaders(invite, "Record-Route");
    return new Dialog(getHeader(invite, "Call-ID")!, to, localTag, from, remoteTag, randomInt(1, 10_000), parseCSeq(getHeader(invite, "CSeq")!)!.seq, target, routes);
  }

  get key(): string {
    return dialogKey(this.callId, this.localTag, this.remoteTag);
  }

  /** A new request inside the dialog, with the next local CSeq (or `cseq` for an ACK). */
  request(method: string, options: { headers?: SipHeader[]; body?: Buffer; cseq?: number } = {}): SipRequest {
    const seq = options.cseq ?? ++this.localSeq;
    const headers: SipHeader[] = [
      ...this.routeSet.map((value) => ({ name: "Route", value })),
      { name: "Max-Forwards", value: "70" },
      { name: "From", value: this.local },
      { name: "To", value: this.remote },
      { name: "Call-ID", value: this.callId },
      { name: "CSeq", value: `${seq} ${method}` },
      ...(options.headers ?? []),
    ];
    return { kind: "request", method, uri: this.remoteTarget, headers, body: options.body ?? Buffer.alloc(0) };
  }

  /**
   * Checks a request's CSeq against the last one (RFC 3261 §12.2.2): false for an old or repeated
   * one, which gets 500. ACK and CANCEL reuse their INVITE's number and are not checked.
   */
  acceptRemoteSeq(request: SipRequest): boolean {
    if (request.method === "ACK" || request.method === "CANCEL") return true;
    const seq = parseCSeq(getHeader(request, "CSeq")!)!.seq;
    if (this.remoteSeq !== undefined && seq <= this.remoteSeq) return false;
    this.remoteSeq = seq;
    return true;
  }

  /** A target refresh (re-INVITE, UPDATE) may move the far end's Contact. */
  refreshTarget(message: SipRequest | SipResponse): void {
    const target = parseNameAddr(getHeaders(message, "Contact")[0] ?? "")?.uri;
    if (target) this.remoteTarget = target;
  }
}

export const dialogKey = (callId: string, localTag: string, remoteTag: string) => `${callId}|${localTag}|${remoteTag}`;
