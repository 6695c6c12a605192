// Matches messages to transactions (RFC 3261 §17.1.3, §17.2.3), adds our Via to requests, and
// answers malformed requests: 400 (or 416/505) with the reason when it can, dropped otherwise.

import { randomBytes } from "node:crypto";
import { ClientTransaction, type ClientTransactionUser, type TransactionEnvironment } from "./client-transaction";
import { formatVia, parseCSeq, parseNameAddr, parseVia } from "./header-values";
import { addHeader, createResponse, getHeader, getHeaders, reasonPhrase, type SipMessage, type SipRequest, type SipResponse } from "./message";
import type { SipParseError } from "./parser";
import { ServerTransaction } from "./server-transaction";
import type { SipTimers } from "./timers";
import type { SipEndpoint, SipTransport } from "./transport";

export type TransactionCore = {
  /** A new request. `transaction` is null for an ACK that matched none (the ACK of a 2xx). */
  onRequest(request: SipRequest, transaction: ServerTransaction | null, source: SipEndpoint): void;
  /** A response matching no transaction: a retransmitted 2xx to an INVITE whose transaction ended. */
  onStrayResponse(response: SipResponse, source: SipEndpoint): void;
};

export const MAGIC_COOKIE = "z9hG4bK";
export const newBranch = () => MAGIC_COOKIE + randomBytes(10).toString("hex");

export class TransactionLayer {
  private readonly clients = new Map<string, ClientTransaction>();
  private readonly servers = new Map<string, ServerTransaction>();
  private readonly environment: TransactionEnvironment;
  core: TransactionCore = { onRequest: () => {}, onStrayResponse: () => {} };

  constructor(
    readonly transport: SipTransport,
    readonly timers: SipTimers,
    /** The host and port we put in Via and Contact (the public address behind NAT). */
    readonly sentBy: { host: string; port: number },
  ) {
    this.environment = {
      send: (message, destination) => transport.send(message, destination),
      timers,
      terminated: (key) => {
        this.clients.delete(key);
        this.servers.delete(key);
      },
    };
    transport.handlers = {
      onMessage: (message, source) => this.receive(message, source),
      onMalformed: (error, source) => this.answerMalformed(error, source),
    };
  }

  /** Sends a request in a new client transaction, with our Via on top (its branch given for CANCEL). */
  sendRequest(request: SipRequest, destination: SipEndpoint, user: ClientTransactionUser, branch = newBranch()): ClientTransaction {
    addHeader(request, "Via", this.via(destination, branch), "first");
    const key = clientKey(branch, request.method);
    const transaction = new ClientTransaction(this.environment, key, request, destination, user);
    this.clients.set(key, transaction);
    transaction.start();
    return transaction;
  }

  /** Sends outside any transaction: the ACK of a 2xx (with a Via of its own) or a retransmitted 2xx. */
  sendStateless(message: SipMessage, destination: SipEndpoint): Promise<void> {
    if (message.kind === "request" && !getHeader(message, "Via")) addHeader(message, "Via", this.via(destination, newBranch()), "first");
    return this.transport.send(message, destination).catch(() => {});
  }

  /** The INVITE server transaction a CANCEL refers to (same branch and sent-by). */
  inviteTransactionFor(cancel: SipRequest): ServerTransaction | undefined {
    const key = serverKey(cancel, "INVITE");
    return key ? this.servers.get(key) : undefined;
  }

  close(): void {
    for (const transaction of [...this.clients.values(), ...this.servers.values()]) transaction.terminate();
  }

  private via(destination: SipEndpoint, branch: string): string {
    return formatVia({ transport: destination.transport.toUpperCase(), host: this.sentBy.host, port: this.sentBy.port, params: { rport: null, branch } });
  }

  private receive(message: SipMessage, source: SipEndpoint): void {
    if (message.kind === "response") {
      const via = parseVia(getHeaders(message, "Via")[0]);
      const cseq = parseCSeq(getHeader(message, "CSeq")!);
      const transaction = via?.params.branch && cseq ? this.clients.get(clientKey(via.params.branch, cseq.method)) : undefined;
      if (transaction) transaction.receive(message);
      else this.core.onStrayResponse(message, source);
      return;
    }
    const key = serverKey(message, message.method === "ACK" ? "INVITE" : message.method);
    const existing = key ? this.servers.get(key) : undefined;
    if (existing) {
      // an ACK for our 2xx that reuses the INVITE's branch (RFC 2543 style) still belongs to the dialog
      if (message.method === "ACK" && existing.state === "accepted") this.core.onRequest(message, null, source);
      else existing.receive(message);
      return;
    }
    if (message.method === "ACK") {
      this.core.onRequest(message, null, source);
      return;
    }
    const transaction = new ServerTransaction(this.environment, key ?? `stateless:${newBranch()}`, message, source);
    if (key) this.servers.set(key, transaction);
    transaction.start();
    this.core.onRequest(message, transaction, source);
  }

  private answerMalformed(error: SipParseError, source: SipEndpoint): void {
    if (!error.answerable) return;
    const reason = `${reasonPhrase(error.status)} (${error.reason})`;
    const response = createResponse(error.answerable, error.status, { reason, toTag: newBranch().slice(7, 17) });
    this.transport.send(response, source).catch(() => {});
  }
}

const clientKey = (branch: string, method: string) => `c|${branch}|${method === "ACK" ? "INVITE" : method}`;

/** RFC 3261 §17.2.3 for magic-cookie branches; RFC 2543 requests are matched by their dialog fields. */
function serverKey(request: SipRequest, method: string): string | null {
  const topVia = getHeaders(request, "Via")[0];
  const via = parseVia(topVia ?? "");
  if (!via) return null;
  const sentBy = `${via.host}:${via.port ?? ""}`;
  const branch = via.params.branch;
  if (branch?.startsWith(MAGIC_COOKIE)) return `s|${branch}|${sentBy}|${method}`;
  const cseq = parseCSeq(getHeader(request, "CSeq") ?? "");
  const fromTag = parseNameAddr(getHeader(request, "From") ?? "")?.params.tag;
  return `s2543|${getHeader(request, "Call-ID")}|${cseq?.seq}|${fromTag}|${sentBy}|${branch}|${method}`;
}
