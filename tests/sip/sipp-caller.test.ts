import { afterEach, describe, expect, it } from "vitest";
import type { SipCall } from "@/lib/telephony/sip/sip-call";
import { SipUserAgent, type InboundDecision, type InboundInvite, type InboundTrunk } from "@/lib/telephony/sip/user-agent";
import { sineTone } from "../helpers/audio/tones";
import { framesWithTone, playPaced } from "../helpers/sip/audio";
import { runningAsRoot, sippInstalled, startSipp, type SippResult, type SippRun } from "../helpers/sip/sipp";

// SIPp places calls to our user agent (the inbound side of a trunk).
const timers = { t1: 50, t2: 400, t4: 500 };
const agents: SipUserAgent[] = [];
const runs: SippRun[] = [];
const loopback: InboundTrunk = { id: "trunk-1", allowedSources: ["127.0.0.1"], numberFrom: "to" };

async function agent(decide: (invite: InboundInvite) => InboundDecision | Promise<InboundDecision>, trunk: InboundTrunk = loopback) {
  const ua = await SipUserAgent.start({ bindAddress: "127.0.0.1", port: 0, rtpPorts: { min: 33000, max: 33999 }, timers, inbound: { trunks: [trunk], decide } });
  agents.push(ua);
  return ua;
}

async function call(ua: SipUserAgent, scenario: string, options: { transport?: "udp" | "tcp"; rtpEcho?: boolean; fill?: Record<string, string> } = {}) {
  const run = await startSipp({
    scenario,
    remote: `127.0.0.1:${ua.port}`,
    service: "+15550001111",
    transport: options.transport,
    rtpEcho: options.rtpEcho,
    fill: { request_user: "+15550001111", ...options.fill },
  });
  runs.push(run);
  return run.done;
}

function expectScenarioPassed(result: SippResult) {
  expect(result.code, `SIPp failed:\n${result.errors}\n${result.output.slice(-3000)}`).toBe(0);
}

afterEach(async () => {
  runs.splice(0).forEach((run) => run.stop());
  await Promise.all(agents.splice(0).map((agent) => agent.close(200)));
});

describe.skipIf(!sippInstalled)("SIPp as the caller", () => {
  for (const transport of ["udp", "tcp"] as const) {
    it(`is answered, hears SIPp's tone, sends its own, and ends on SIPp's BYE (${transport})`, async () => {
      const calls: SipCall[] = [];
      const invites: InboundInvite[] = [];
      const heard: Int16Array[] = [];
      let playing: Promise<void> | undefined;
      const ua = await agent((invite) => {
        invites.push(invite);
        return {
          action: "accept",
          onCall: (accepted) => {
            calls.push(accepted);
            accepted.audio.onAudio((frame) => heard.push(frame));
            playing = playPaced(sineTone(440, 1500), (frame) => accepted.audio.sendAudio(frame));
          },
        };
      });
      expectScenarioPassed(await call(ua, "caller-tone.xml", { transport }));
      await playing;
      expect(invites[0]).toMatchObject({ number: "+15550001111", from: "+15553334444", fromDisplayName: "SIPp Caller", trunk: { id: "trunk-1" } });
      const outcome = await calls[0].ended;
      expect(outcome).toMatchObject({ kind: "completed", hungUpBy: "remote" });
      expect(outcome.durationMs).toBeGreaterThan(2000);
      expect(framesWithTone(heard, 1400)).toBeGreaterThan(75); // of the 100 frames SIPp streamed
      expect(calls[0].mediaStats.packetsSent).toBeGreaterThan(70);
    });
  }

  it("gets its audio and DTMF back from SIPp's RTP echo: SIPp received what we sent (symmetric RTP)", async () => {
    const heard: Int16Array[] = [];
    const digits: string[] = [];
    const ua = await agent(() => ({
      action: "accept",
      onCall: (accepted) => {
        accepted.audio.onAudio((frame) => heard.push(frame));
        accepted.audio.onDtmf((digit) => digits.push(digit));
        void (async () => {
          await playPaced(sineTone(700, 1000), (frame) => accepted.audio.sendAudio(frame));
          await accepted.audio.sendDtmf("4*9");
          await new Promise((resolve) => setTimeout(resolve, 200));
          await accepted.hangup();
        })();
      },
    }));
    expectScenarioPassed(await call(ua, "caller-echo.xml", { rtpEcho: true }));
    expect(framesWithTone(heard, 700)).toBeGreaterThan(35);
    expect(digits).toEqual(["4", "*", "9"]);
  });

  it("takes a late offer: our 200 OK offers, the ACK answers PCMA, and audio flows in PCMA", async () => {
    const heard: Int16Array[] = [];
    let codec: string | undefined;
    let codecAtAnswer: string | undefined = "not yet seen";
    const ua = await agent(() => ({
      action: "accept",
      onCall: (accepted) => {
        accepted.audio.onAudio((frame) => heard.push(frame));
        void (async () => {
          codecAtAnswer = accepted.codec; // none until the ACK brings the answer
          while (!accepted.codec) await new Promise((resolve) => setTimeout(resolve, 10));
          codec = accepted.codec;
          await playPaced(sineTone(900, 1000), (frame) => accepted.audio.sendAudio(frame));
          await new Promise((resolve) => setTimeout(resolve, 100));
          await accepted.hangup();
        })();
      },
    }));
    const result = await call(ua, "caller-late-offer.xml", { rtpEcho: true });
    expectScenarioPassed(result);
    expect(codecAtAnswer).toBeUndefined();
    expect(codec).toBe("PCMA");
    expect(framesWithTone(heard, 900)).toBeGreaterThan(35);
  });

  it.skipIf(!runningAsRoot)("reports each RFC 4733 digit of SIPp's captures once", async () => {
    const digits: string[] = [];
    const ua = await agent(() => ({ action: "accept", onCall: (accepted) => accepted.audio.onDtmf((digit) => digits.push(digit)) }));
    expectScenarioPassed(await call(ua, "caller-dtmf.xml"));
    expect(digits).toEqual(["1", "5", "#"]);
  });

  it("refuses a source outside the trunk's allow-list with 403, without asking the hook", async () => {
    let asked = 0;
    const ua = await agent(
      () => {
        asked++;
        return { action: "reject", status: 404 };
      },
      { ...loopback, allowedSources: ["10.0.0.0/8", "192.0.2.7"] },
    );
    expectScenarioPassed(await call(ua, "caller-refused.xml", { fill: { status: "403", check_header: "CSeq:", check_value: "1 INVITE" } }));
    expect(asked).toBe(0);
    expect(ua.calls).toHaveLength(0);
  });

  it("redirects a number with a 302 to the redirect number", async () => {
    const ua = await agent(() => ({ action: "redirect", target: "+15556667777" }));
    expectScenarioPassed(await call(ua, "caller-refused.xml", { fill: { status: "302", check_header: "Contact:", check_value: "&lt;sip:\\+15556667777@127\\.0\\.0\\.1&gt;" } }));
  });

  it("reads the called number from the To header or the Request-URI, as the trunk says", async () => {
    const seen: string[] = [];
    const decide = (invite: InboundInvite): InboundDecision => {
      seen.push(invite.number);
      return { action: "reject", status: 404, reason: "No Such Number" };
    };
    const byTo = await agent(decide, { ...loopback, numberFrom: "to" });
    const byUri = await agent(decide, { ...loopback, numberFrom: "request_uri" });
    const fill = { status: "404", check_header: "CSeq:", check_value: "INVITE", request_user: "gateway" };
    expectScenarioPassed(await call(byTo, "caller-refused.xml", { fill }));
    expectScenarioPassed(await call(byUri, "caller-refused.xml", { fill }));
    expect(seen).toEqual(["+15550001111", "gateway"]);
  });

  it("answers 487 when the caller cancels while the hook decides, and creates no call", async () => {
    let onCallRan = false;
    const ua = await agent(async () => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      return { action: "accept", onCall: () => (onCallRan = true) };
    });
    expectScenarioPassed(await call(ua, "caller-cancel.xml"));
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(onCallRan).toBe(false);
    expect(ua.calls).toHaveLength(0);
  });

  it("answers malformed requests with 400 naming the problem, and keeps serving", async () => {
    const ua = await agent(() => ({ action: "reject", status: 404 }));
    expectScenarioPassed(await call(ua, "caller-malformed.xml"));
    expect(ua.transport.counters.malformed).toBe(3);
  });
});
