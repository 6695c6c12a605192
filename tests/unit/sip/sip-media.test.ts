import { describe, expect, it } from "vitest";
import type { CalledSipNumber } from "@/lib/services/phone-calls/inbound-phone-calls";
import type { CallOutcome } from "@/lib/telephony/sip/call-outcome";
import { CalledNumbersCache } from "@/lib/telephony/sip-media/called-numbers-cache";
import { routeInbound } from "@/lib/telephony/sip-media/inbound-route";
import { formatDispatcherList } from "@/lib/telephony/sip-media/kamailio-dispatcher";
import { sipCallEnd } from "@/lib/telephony/sip-media/sip-call-end";
import { trunkTarget } from "@/lib/telephony/sip-media/sip-trunk-target";

const settings = { terminationUri: "sip:trunk.example.com", transport: "udp" as const, authUsername: null };

describe("a number's trunk as the user agent dials it", () => {
  it("reads host, port and transport from the termination URI; its ;transport= wins", () => {
    expect(trunkTarget({ ...settings, terminationUri: "sip:10.0.0.5:5070;transport=tcp" }, null)).toEqual({
      ok: true,
      trunk: { host: "10.0.0.5", port: 5070, transport: "tcp", domain: "10.0.0.5:5070" },
    });
    expect(trunkTarget({ ...settings, terminationUri: "sip:[2001:db8::1]" }, null)).toMatchObject({ ok: true, trunk: { host: "2001:db8::1", domain: "[2001:db8::1]" } });
    expect(trunkTarget({ ...settings, authUsername: "acme" }, "pw")).toMatchObject({ ok: true, trunk: { username: "acme", password: "pw" } });
  });

  it("refuses TLS with a reason the call keeps", () => {
    expect(trunkTarget({ ...settings, terminationUri: "sips:trunk.example.com" }, null)).toMatchObject({ ok: false, reason: expect.stringMatching(/TLS/) });
    expect(trunkTarget({ ...settings, transport: "tls" }, null)).toMatchObject({ ok: false });
  });
});

describe("how a SIP call's end is recorded", () => {
  const outcome = (fields: Partial<CallOutcome>): CallOutcome => ({
    kind: "completed",
    sipStatus: null,
    reason: "",
    hungUpBy: null,
    startedAt: new Date(0),
    answeredAt: null,
    endedAt: new Date(1000),
    durationMs: 0,
    ...fields,
  });
  it.each([
    [{ kind: "busy", sipStatus: 486 }, "ended", "busy"],
    [{ kind: "no_answer", sipStatus: 480 }, "ended", "no_answer"],
    [{ kind: "failed", sipStatus: 503 }, "failed", "failed"],
    [{ kind: "failed", sipStatus: 408, answeredAt: new Date(0) }, "ended", "error"],
    [{ kind: "completed", hungUpBy: "remote", answeredAt: new Date(0) }, "ended", "user_hangup"],
    [{ kind: "completed", hungUpBy: "local", answeredAt: new Date(0) }, "ended", "agent_hangup"],
    [{ kind: "completed", hungUpBy: "local", answeredAt: new Date(0), transferredTo: "+15550001111" }, "ended", "transferred"],
    [{ kind: "canceled", hungUpBy: "remote", sipStatus: 487 }, "ended", "user_hangup"],
  ] as [Partial<CallOutcome>, string, string][])("%j → %s/%s", (fields, status, endReason) => {
    expect(sipCallEnd(outcome(fields))).toMatchObject({ status, endReason, sipStatus: fields.sipStatus ?? null });
  });
});

describe("inbound routing", () => {
  const number = (fields: Partial<CalledSipNumber> & { sources: string[]; match?: "request_uri" | "to" }): CalledSipNumber => ({
    id: "n",
    organizationId: "org-a",
    number: "+15550001111",
    inboundAgentId: "agent",
    redirect: false,
    redirectPhoneNumber: null,
    trunk: { ...settings, allowedSourceAddresses: fields.sources, inboundMatch: fields.match ?? "request_uri" },
    ...fields,
  });
  const invite = (address: string, requestUri?: string, to?: string) => ({ source: { transport: "udp" as const, address, port: 5060 }, calledNumbers: { requestUri, to } });

  it("keeps the number whose trunk lists the source and reads the number where that trunk says", () => {
    const a = number({ sources: ["203.0.113.0/24"] });
    const b = number({ organizationId: "org-b", sources: ["198.51.100.7"], match: "to" });
    expect(routeInbound(invite("203.0.113.9", "+15550001111"), [a, b])).toEqual({ kind: "number", number: a });
    expect(routeInbound(invite("198.51.100.7", "gateway", "15550001111"), [a, b])).toEqual({ kind: "number", number: b });
    expect(routeInbound(invite("198.51.100.7", "+15550001111"), [a, b])).toEqual({ kind: "unknown" });
    expect(routeInbound(invite("192.0.2.1", "+15550001111"), [a, b])).toEqual({ kind: "unknown" });
  });

  it("is ambiguous when two organizations' trunks claim the number from the same source; an empty list admits nobody", () => {
    const a = number({ sources: ["10.0.0.0/8"] });
    const b = number({ organizationId: "org-b", sources: ["10.1.2.3"] });
    expect(routeInbound(invite("10.1.2.3", "+15550001111"), [a, b])).toEqual({ kind: "ambiguous", count: 2 });
    expect(routeInbound(invite("10.1.2.3", "+15550001111"), [number({ sources: [] })])).toEqual({ kind: "unknown" });
  });

  it("reuses a lookup for its lifetime and shares one in flight", async () => {
    let loads = 0;
    const cache = new CalledNumbersCache(async () => (loads++, [number({ sources: [] })]), 50, 10);
    await Promise.all([cache.find(["+1", "1"]), cache.find(["1", "+1"])]);
    expect(loads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await cache.find(["1", "+1"]);
    expect(loads).toBe(2);
  });
});

it("writes Kamailio's dispatcher list (set 1) from the registry", () => {
  expect(formatDispatcherList([{ id: "a", host: "10.0.0.11", port: 5060 }, { id: "b", host: "2001:db8::2", port: 5080 }], "tcp").split("\n").slice(1)).toEqual([
    "1 sip:10.0.0.11:5060;transport=tcp 0 0 instance=a",
    "1 sip:[2001:db8::2]:5080;transport=tcp 0 0 instance=b",
    "",
  ]);
});
