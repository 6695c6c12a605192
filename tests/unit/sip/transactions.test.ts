import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClientTransaction, type TransactionEnvironment } from "@/lib/telephony/sip/client-transaction";
import { createResponse, type SipRequest, type SipResponse } from "@/lib/telephony/sip/message";
import { ServerTransaction } from "@/lib/telephony/sip/server-transaction";
import type { SipEndpoint } from "@/lib/telephony/sip/transport";

// RFC 3261 §17 timers with T1 = 500 ms, T2 = 4 s, T4 = 5 s, on a fake clock.
const udp: SipEndpoint = { transport: "udp", address: "192.0.2.1", port: 5060 };
const tcp: SipEndpoint = { transport: "tcp", address: "192.0.2.1", port: 5060 };

function request(method: string): SipRequest {
  return {
    kind: "request",
    method,
    uri: "sip:bob@192.0.2.1",
    headers: [
      { name: "Via", value: "SIP/2.0/UDP 192.0.2.9:5060;branch=z9hG4bKtest" },
      { name: "From", value: "<sip:alice@192.0.2.9>;tag=a" },
      { name: "To", value: "<sip:bob@192.0.2.1>" },
      { name: "Call-ID", value: "call-1" },
      { name: "CSeq", value: `1 ${method}` },
    ],
    body: Buffer.alloc(0),
  };
}

function environment() {
  const sent: { at: number; message: SipRequest | SipResponse }[] = [];
  const terminated: string[] = [];
  const start = Date.now();
  const env: TransactionEnvironment = {
    send: async (message) => {
      sent.push({ at: Date.now() - start, message });
    },
    timers: { t1: 500, t2: 4000, t4: 5000 },
    terminated: (key) => terminated.push(key),
  };
  return { env, sent, terminated, times: () => sent.map((entry) => entry.at) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("INVITE client transaction", () => {
  it("retransmits on timer A (doubling from T1) over UDP and gives up with 408 at timer B (64·T1)", async () => {
    const { env, sent, times } = environment();
    const failures: number[] = [];
    new ClientTransaction(env, "k", request("INVITE"), udp, { onResponse: () => {}, onFailure: (status) => failures.push(status) }).start();
    await vi.advanceTimersByTimeAsync(32_000);
    expect(times()).toEqual([0, 500, 1500, 3500, 7500, 15500, 31500]);
    expect(failures).toEqual([408]);
    expect(sent.every((entry) => entry.message.kind === "request" && entry.message.method === "INVITE")).toBe(true);
  });

  it("does not retransmit over TCP; a provisional stops timers A and B", async () => {
    const { env, times } = environment();
    const failures: number[] = [];
    const tx = new ClientTransaction(env, "k", request("INVITE"), tcp, { onResponse: () => {}, onFailure: (status) => failures.push(status) });
    tx.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(times()).toEqual([0]);
    tx.receive(createResponse(request("INVITE"), 180, { toTag: "b" }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(failures).toEqual([]);
    expect(tx.state).toBe("proceeding");
  });

  it("ACKs a failure itself (same branch), again for each retransmission, and ends after timer D", async () => {
    const { env, sent, terminated } = environment();
    const responses: number[] = [];
    const tx = new ClientTransaction(env, "k", request("INVITE"), udp, { onResponse: (response) => responses.push(response.status), onFailure: () => {} });
    tx.start();
    const busy = createResponse(request("INVITE"), 486, { toTag: "b" });
    tx.receive(busy);
    tx.receive(busy);
    const acks = sent.filter((entry) => entry.message.kind === "request" && entry.message.method === "ACK").map((entry) => entry.message as SipRequest);
    expect(acks).toHaveLength(2);
    expect(acks[0].headers.find((header) => header.name === "Via")?.value).toContain("branch=z9hG4bKtest");
    expect(acks[0].headers.find((header) => header.name === "To")?.value).toBe("<sip:bob@192.0.2.1>;tag=b");
    expect(responses).toEqual([486]); // the retransmission is absorbed
    await vi.advanceTimersByTimeAsync(31_999);
    expect(terminated).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(terminated).toEqual(["k"]);
  });

  it("passes every 2xx to its user (RFC 6026 Accepted), which ACKs them, until timer M", async () => {
    const { env, terminated } = environment();
    const responses: number[] = [];
    const tx = new ClientTransaction(env, "k", request("INVITE"), udp, { onResponse: (response) => responses.push(response.status), onFailure: () => {} });
    tx.start();
    const ok = createResponse(request("INVITE"), 200, { toTag: "b" });
    tx.receive(ok);
    tx.receive(ok);
    expect(responses).toEqual([200, 200]);
    await vi.advanceTimersByTimeAsync(32_000);
    expect(terminated).toEqual(["k"]);
  });
});

describe("non-INVITE client transaction", () => {
  it("retransmits on timer E (doubling, capped at T2), at T2 once proceeding, and times out at timer F", async () => {
    const { env, times } = environment();
    const failures: number[] = [];
    const tx = new ClientTransaction(env, "k", request("BYE"), udp, { onResponse: () => {}, onFailure: (status) => failures.push(status) });
    tx.start();
    await vi.advanceTimersByTimeAsync(11_000);
    expect(times()).toEqual([0, 500, 1500, 3500, 7500]);
    tx.receive(createResponse(request("BYE"), 100));
    await vi.advanceTimersByTimeAsync(21_000);
    expect(times().slice(5)).toEqual([15000, 19000, 23000, 27000, 31000]);
    expect(failures).toEqual([408]);
  });

  it("waits timer K (T4) after the final response over UDP, none over TCP", async () => {
    for (const [destination, wait] of [[udp, 5000], [tcp, 0]] as const) {
      const { env, terminated } = environment();
      const tx = new ClientTransaction(env, "k", request("OPTIONS"), destination, { onResponse: () => {}, onFailure: () => {} });
      tx.start();
      tx.receive(createResponse(request("OPTIONS"), 200));
      await vi.advanceTimersByTimeAsync(Math.max(0, wait - 1));
      if (wait) expect(terminated).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(terminated).toEqual(["k"]);
    }
  });
});

describe("server transactions", () => {
  it("INVITE: sends 100 at once, retransmits a failure on timer G until the ACK, then absorbs for timer I", async () => {
    const { env, sent, terminated } = environment();
    const invite = request("INVITE");
    const tx = new ServerTransaction(env, "k", invite, udp);
    tx.start();
    tx.respond(createResponse(invite, 486, { toTag: "t" }));
    await vi.advanceTimersByTimeAsync(7600);
    const statuses = sent.map((entry) => (entry.message as SipResponse).status);
    expect(statuses).toEqual([100, 486, 486, 486, 486, 486]); // at 0, 500, 1500, 3500, 7500
    const ack = { ...request("ACK") };
    tx.receive(ack);
    tx.receive(invite); // a late INVITE retransmission is absorbed once confirmed
    await vi.advanceTimersByTimeAsync(4999);
    expect(sent).toHaveLength(6);
    expect(terminated).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(terminated).toEqual(["k"]);
  });

  it("INVITE: without an ACK, timer H (64·T1) ends it and says so", async () => {
    const { env } = environment();
    const invite = request("INVITE");
    const tx = new ServerTransaction(env, "k", invite, udp);
    let ackTimeout = false;
    tx.onAckTimeout = () => (ackTimeout = true);
    tx.respond(createResponse(invite, 603, { toTag: "t" }));
    await vi.advanceTimersByTimeAsync(32_000);
    expect(ackTimeout).toBe(true);
  });

  it("non-INVITE: answers retransmissions with the last response until timer J", async () => {
    const { env, sent, terminated } = environment();
    const bye = request("BYE");
    const tx = new ServerTransaction(env, "k", bye, udp);
    tx.respond(createResponse(bye, 200));
    tx.receive(bye);
    expect(sent.map((entry) => (entry.message as SipResponse).status)).toEqual([200, 200]);
    await vi.advanceTimersByTimeAsync(32_000);
    expect(terminated).toEqual(["k"]);
  });

  it("responds over UDP to Via's received address and rport", () => {
    const invite = request("INVITE");
    invite.headers[0] = { name: "Via", value: "SIP/2.0/UDP 10.0.0.5:5070;rport=40123;received=203.0.113.9;branch=z9hG4bKx" };
    expect(new ServerTransaction(environment().env, "k", invite, udp).responseDestination).toEqual({ transport: "udp", address: "203.0.113.9", port: 40123 });
  });
});
