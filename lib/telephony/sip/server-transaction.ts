// Server transactions (RFC 3261 §17.2, with RFC 6026's Accepted state): INVITE (timers G, H, I, L)
// and non-INVITE (timer J). Final responses are retransmitted over UDP only.

import type { TransactionEnvironment } from "./client-transaction";
import { parseVia } from "./header-values";
import { createResponse, getHeaders, type SipRequest, type SipResponse } from "./message";
import type { SipEndpoint } from "./transport";
import { TimerSet } from "./timers";

type State = "proceeding" | "trying" | "completed" | "confirmed" | "accepted" | "terminated";

export class ServerTransaction {
  state: State;
  private readonly clock = new TimerSet();
  private readonly reliable: boolean;
  private lastResponse: SipResponse | undefined;
  /** Where responses go (RFC 3261 §18.2.2 with RFC 3581): the connection, else Via's received/rport. */
  readonly responseDestination: SipEndpoint;
  /** Called when no ACK came for a 3xx–6xx final response (timer H). */
  onAckTimeout: (() => void) | undefined;

  constructor(
    private readonly environment: TransactionEnvironment,
    readonly key: string,
    readonly request: SipRequest,
    readonly source: SipEndpoint,
  ) {
    this.reliable = source.transport !== "udp";
    this.state = request.method === "INVITE" ? "proceeding" : "trying";
    this.responseDestination = responseDestinationFor(request, source);
  }

  /** INVITE server transactions answer 100 Trying at once, so the client stops retransmitting. */
  start(): void {
    if (this.request.method === "INVITE") this.respond(createResponse(this.request, 100));
  }

  /** A retransmission of the request, or the ACK of a non-2xx final response. */
  receive(request: SipRequest): void {
    if (request.method === "ACK") {
      if (this.state === "completed") {
        this.state = "confirmed";
        this.clock.clear();
        this.clock.once("I", this.reliable ? 0 : this.environment.timers.t4, () => this.terminate());
      }
      return;
    }
    if (this.state === "accepted") return; // the TU retransmits 2xx itself
    if (this.lastResponse && this.state !== "confirmed") this.transmit(this.lastResponse);
  }

  respond(response: SipResponse): void {
    const { t1, t2 } = this.environment.timers;
    if (this.state === "terminated" || this.state === "completed" || this.state === "confirmed") return;
    if (this.state === "accepted") {
      if (response.status >= 200 && response.status < 300) this.transmit(response);
      return;
    }
    this.lastResponse = response;
    this.transmit(response);
    if (response.status < 200) {
      if (this.state === "trying") this.state = "proceeding";
      return;
    }
    if (this.request.method !== "INVITE") {
      this.state = "completed";
      this.clock.once("J", this.reliable ? 0 : 64 * t1, () => this.terminate());
    } else if (response.status < 300) {
      this.state = "accepted";
      this.clock.once("L", 64 * t1, () => this.terminate());
    } else {
      this.state = "completed";
      if (!this.reliable) this.clock.backoff("G", t1, t2, () => this.state === "completed" && this.transmit(response));
      this.clock.once("H", 64 * t1, () => {
        if (this.state !== "completed") return;
        this.terminate();
        this.onAckTimeout?.();
      });
    }
  }

  /** Whether a final response was sent. */
  get answered(): boolean {
    return this.lastResponse !== undefined && this.lastResponse.status >= 200;
  }

  terminate(): void {
    if (this.state === "terminated") return;
    this.state = "terminated";
    this.clock.clear();
    this.environment.terminated(this.key);
  }

  private transmit(response: SipResponse): void {
    this.environment.send(response, this.responseDestination).catch(() => {});
  }
}

export function responseDestinationFor(request: SipRequest, source: SipEndpoint): SipEndpoint {
  if (source.transport !== "udp") return source;
  const via = parseVia(getHeaders(request, "Via")[0] ?? "");
  if (!via) return source;
  const address = via.params.received ?? via.host.replace(/^\[|\]$/g, "");
  const port = via.params.rport ? Number(via.params.rport) : (via.port ?? 5060);
  return { transport: "udp", address, port };
}
