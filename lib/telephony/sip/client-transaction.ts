// Client transactions (RFC 3261 §17.1, with RFC 6026's Accepted state): INVITE (timers A, B, D, M)
// and non-INVITE (timers E, F, K). Retransmission only over UDP.

import { getHeader, getHeaders, type SipRequest, type SipResponse } from "./message";
import type { SipEndpoint } from "./transport";
import { TimerSet, type SipTimers } from "./timers";

export type ClientTransactionUser = {
  onResponse(response: SipResponse): void;
  /** No final response in time (408, timer B or F) or the transport failed (503), RFC 3261 §8.1.3.1. */
  onFailure(status: 408 | 503, reason: string): void;
};

export type TransactionEnvironment = {
  send(message: SipRequest | SipResponse, destination: SipEndpoint): Promise<void>;
  timers: SipTimers;
  terminated(key: string): void;
};

type State = "calling" | "trying" | "proceeding" | "completed" | "accepted" | "terminated";

export class ClientTransaction {
  state: State;
  private readonly clock = new TimerSet();
  private readonly reliable: boolean;
  private ack: SipRequest | undefined;

  constructor(
    private readonly environment: TransactionEnvironment,
    readonly key: string,
    readonly request: SipRequest,
    readonly destination: SipEndpoint,
    private readonly user: ClientTransactionUser,
  ) {
    this.reliable = destination.transport !== "udp";
    this.state = request.method === "INVITE" ? "calling" : "trying";
  }

  start(): void {
    const { t1, t2 } = this.environment.timers;
    this.transmit();
    if (this.request.method === "INVITE") {
      if (!this.reliable) this.clock.backoff("A", t1, Infinity, () => this.state === "calling" && this.transmit());
      this.clock.once("B", 64 * t1, () => this.state === "calling" && this.fail(408, "No response (timer B)"));
    } else {
      if (!this.reliable) this.clock.backoff("E", t1, t2, () => (this.state === "trying" || this.state === "proceeding") && this.transmit());
      this.clock.once("F", 64 * t1, () => (this.state === "trying" || this.state === "proceeding") && this.fail(408, "No response (timer F)"));
    }
  }

  receive(response: SipResponse): void {
    if (this.state === "terminated") return;
    if (this.request.method === "INVITE") this.receiveForInvite(response);
    else this.receiveForNonInvite(response);
  }

  terminate(): void {
    if (this.state === "terminated") return;
    this.state = "terminated";
    this.clock.clear();
    this.environment.terminated(this.key);
  }

  private receiveForInvite(response: SipResponse): void {
    const { t1 } = this.environment.timers;
    if (this.state === "completed") {
      if (response.status >= 300 && this.ack) this.sendAck(); // the final response was retransmitted
      return;
    }
    if (this.state === "accepted") {
      if (response.status >= 200 && response.status < 300) this.user.onResponse(response);
      return;
    }
    if (response.status < 200) {
      this.state = "proceeding";
      this.clock.cancel("A");
      this.user.onResponse(response);
    } else if (response.status < 300) {
      this.state = "accepted";
      this.clock.clear();
      this.clock.once("M", 64 * t1, () => this.terminate());
      this.user.onResponse(response);
    } else {
      this.state = "completed";
      this.clock.clear();
      this.ack = ackForFailure(this.request, response);
      this.sendAck();
      this.clock.once("D", this.reliable ? 0 : 64 * t1, () => this.terminate());
      this.user.onResponse(response);
    }
  }

  private receiveForNonInvite(response: SipResponse): void {
    const { t2, t4 } = this.environment.timers;
    if (this.state === "completed") return;
    if (response.status < 200) {
      if (this.state === "trying") {
        this.state = "proceeding";
        if (!this.reliable) this.clock.backoff("E", t2, t2, () => this.state === "proceeding" && this.transmit());
      }
      this.user.onResponse(response);
      return;
    }
    this.state = "completed";
    this.clock.clear();
    this.clock.once("K", this.reliable ? 0 : t4, () => this.terminate());
    this.user.onResponse(response);
  }

  private transmit(): void {
    this.environment.send(this.request, this.destination).catch((error: Error) => this.fail(503, `Transport error: ${error.message}`));
  }

  private sendAck(): void {
    if (this.ack) this.environment.send(this.ack, this.destination).catch(() => {});
  }

  private fail(status: 408 | 503, reason: string): void {
    if (this.state === "terminated" || this.state === "completed" || this.state === "accepted") return;
    this.terminate();
    this.user.onFailure(status, reason);
  }
}

/** The ACK for a non-2xx final response (RFC 3261 §17.1.1.3): part of the INVITE's transaction. */
function ackForFailure(invite: SipRequest, response: SipResponse): SipRequest {
  const cseq = getHeader(invite, "CSeq")!.split(/\s+/)[0];
  const headers = [
    { name: "Via", value: getHeaders(invite, "Via")[0] },
    ...getHeaders(invite, "Route").map((value) => ({ name: "Route", value })),
    { name: "Max-Forwards", value: "70" },
    { name: "From", value: getHeader(invite, "From")! },
    { name: "To", value: getHeader(response, "To") ?? getHeader(invite, "To")! },
    { name: "Call-ID", value: getHeader(invite, "Call-ID")! },
    { name: "CSeq", value: `${cseq} ACK` },
  ];
  return { kind: "request", method: "ACK", uri: invite.uri, headers, body: Buffer.alloc(0) };
}
