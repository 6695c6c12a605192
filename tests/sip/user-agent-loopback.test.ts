import { afterEach, describe, expect, it } from "vitest";
import type { SipCall } from "@/lib/telephony/sip/sip-call";
import { SipUserAgent, type InboundInvite } from "@/lib/telephony/sip/user-agent";
import { sineTone } from "../helpers/audio/tones";
import { framesWithTone, playPaced } from "../helpers/sip/audio";
import { firstProject } from "../helpers/sip/sipp";

// Two of our user agents on loopback: one places the call through the other as its "trunk".
const timers = { t1: 50, t2: 400, t4: 500 };
const agents: SipUserAgent[] = [];

async function pair(transport: "udp" | "tcp", accept = true) {
  const answered: SipCall[] = [];
  const invites: InboundInvite[] = [];
  const callee = await SipUserAgent.start({
    bindAddress: "127.0.0.1",
    port: 0,
    rtpPorts: { min: 30000, max: 30999 },
    timers,
    inbound: {
      trunks: [{ id: "loop", allowedSources: ["127.0.0.0/8"], numberFrom: "request_uri" }],
      decide: (invite) => {
        invites.push(invite);
        return accept ? { action: "accept", onCall: (call) => answered.push(call) } : { action: "reject", status: 486 };
      },
    },
  });
  const caller = await SipUserAgent.start({ bindAddress: "127.0.0.1", port: 0, rtpPorts: { min: 31000, max: 31999 }, timers });
  agents.push(callee, caller);
  const call = await caller.dial({ trunk: { host: "127.0.0.1", port: callee.port, transport }, to: "+15550001111", from: "+15550002222", ringTimeoutMs: 5000 });
  return { caller, callee, call, answered, invites };
}

afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close(200)));
});

describe.runIf(firstProject)("our user agent calling our user agent", () => {
  for (const transport of ["udp", "tcp"] as const) {
    it(`exchanges audio both ways and DTMF, then the callee hangs up (${transport})`, async () => {
      const { call, answered, invites } = await pair(transport);
      await new Promise<void>((resolve) => call.on("answered", resolve));
      expect(invites[0]).toMatchObject({ number: "+15550001111", from: "+15550002222", trunk: { id: "loop" } });
      const inbound = answered[0];
      const heardByCallee: Int16Array[] = [];
      const heardByCaller: Int16Array[] = [];
      const digits: string[] = [];
      inbound.audio.onAudio((frame) => heardByCallee.push(frame));
      inbound.audio.onDtmf((digit) => digits.push(digit));
      call.audio.onAudio((frame) => heardByCaller.push(frame));
      await Promise.all([playPaced(sineTone(440, 1000), (frame) => call.audio.sendAudio(frame)), playPaced(sineTone(1000, 1000), (frame) => inbound.audio.sendAudio(frame))]);
      expect(await call.audio.sendDtmf("12#")).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(framesWithTone(heardByCallee, 440)).toBeGreaterThan(40);
      expect(framesWithTone(heardByCaller, 1000)).toBeGreaterThan(40);
      expect(framesWithTone(heardByCallee, 1000)).toBe(0);
      expect(digits).toEqual(["1", "2", "#"]);
      await inbound.hangup();
      const outcome = await call.ended;
      expect(outcome).toMatchObject({ kind: "completed", hungUpBy: "remote", sipStatus: null });
      expect(outcome.durationMs).toBeGreaterThan(1000);
      expect((await inbound.ended).hungUpBy).toBe("local");
    });
  }

  it("reports busy when the callee rejects with 486", async () => {
    const { call } = await pair("udp", false);
    expect(await call.ended).toMatchObject({ kind: "busy", sipStatus: 486, hungUpBy: "remote", answeredAt: null, durationMs: 0 });
  });

  it("drains: new calls and OPTIONS probes get 503 while a live call goes on to its end", async () => {
    const { caller, callee, call, answered } = await pair("udp");
    await new Promise<void>((resolve) => call.on("answered", resolve));
    const drained = callee.drain();
    const refused = await caller.dial({ trunk: { host: "127.0.0.1", port: callee.port }, to: "+15550001111", from: "+15550002222" });
    expect(await refused.ended).toMatchObject({ kind: "failed", sipStatus: 503 });
    expect(call.state).toBe("answered");
    let done = false;
    void drained.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    await answered[0].hangup();
    await drained;
  });
});
