import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { SipUserAgent, type SipUserAgentOptions } from "@/lib/telephony/sip/user-agent";
import { framesWithTone } from "../helpers/sip/audio";
import { receivedMessages, sippInstalled, startSipp, type SippResult, type SippRun } from "../helpers/sip/sipp";

// SIPp plays the trunk; our user agent places the call. SIPp's exit code says whether every
// message matched its scenario (header checks, digest verification); we assert the call's outcome.
const timers = { t1: 50, t2: 400, t4: 500 };
const agents: SipUserAgent[] = [];
const runs: SippRun[] = [];

async function setup(scenario: string, options: { transport?: "udp" | "tcp"; fill?: Record<string, string>; ua?: SipUserAgentOptions } = {}) {
  const sipp = await startSipp({ scenario, transport: options.transport, fill: options.fill });
  runs.push(sipp);
  const ua = await SipUserAgent.start({ bindAddress: "127.0.0.1", port: 0, rtpPorts: { min: 32000, max: 32999 }, timers, ...options.ua });
  agents.push(ua);
  const trunk = { host: "127.0.0.1", port: sipp.port, transport: options.transport ?? "udp" };
  return { sipp, ua, trunk };
}

function expectScenarioPassed(result: SippResult) {
  expect(result.code, `SIPp failed:\n${result.errors}\n${result.output.slice(-3000)}`).toBe(0);
}

const answered = (call: { on(event: "answered", listener: () => void): () => void }) => new Promise<void>((resolve) => call.on("answered", resolve));

afterEach(async () => {
  runs.splice(0).forEach((run) => run.stop());
  await Promise.all(agents.splice(0).map((agent) => agent.close(200)));
});

describe.skipIf(!sippInstalled)("SIPp as the trunk", () => {
  for (const transport of ["udp", "tcp"] as const) {
    it(`sends every custom header in the INVITE, From/To/P-Asserted-Identity replaced, our tag kept (${transport})`, async () => {
      const { sipp, ua, trunk } = await setup("trunk-custom-headers.xml", { transport });
      const call = await ua.dial({
        trunk,
        to: "+15551230000",
        from: "+15557770000",
        customHeaders: {
          "X-Campaign": "spring-2026",
          "X-Account-Id": "acct_42;region=eu",
          Diversion: "<sip:+15550009999@pbx.example>;reason=unconditional",
          From: '"Sales Desk" <sip:+15557770000@example.org>',
          To: "<sip:+15551230000@carrier.example>",
          "P-Asserted-Identity": "<sip:+15557770000@example.org;user=phone>",
        },
      });
      await answered(call);
      await call.hangup();
      const outcome = await call.ended;
      expect(outcome).toMatchObject({ kind: "completed", hungUpBy: "local" });
      const result = await sipp.done;
      expectScenarioPassed(result);
      const invite = receivedMessages(result.messages).find((message) => message.startsWith("INVITE "))!;
      expect(invite.match(/^From:/gim)).toHaveLength(1);
      expect(invite.match(/^To:/gim)).toHaveLength(1);
      expect(invite.match(/^P-Asserted-Identity:/gim)).toHaveLength(1);
      expect(invite).toMatch(/^X-Campaign: spring-2026\r$/m);
      // the BYE keeps the dialog's From (the custom one, with our tag) and the trunk's To tag
      const bye = receivedMessages(result.messages).find((message) => message.startsWith("BYE "))!;
      expect(bye).toMatch(/^From: "Sales Desk" <sip:\+15557770000@example\.org>;tag=[0-9a-f]{16}\r$/m);
      expect(bye).toMatch(/^To: <sip:\+15551230000@carrier\.example>;tag=\d+SIPpTag01\d+\r$/m);
    });
  }

  it("answers a 401 challenge (MD5, qop=auth) that SIPp verifies, then takes the trunk's BYE", async () => {
    const { sipp, ua, trunk } = await setup("trunk-digest-401.xml");
    const call = await ua.dial({ trunk: { ...trunk, username: "alice", password: "s3cret-pass" }, to: "+15551230000", from: "+15557770000" });
    await answered(call);
    const outcome = await call.ended;
    expect(outcome).toMatchObject({ kind: "completed", hungUpBy: "remote", reason: "BYE from the far end" });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(250);
    expectScenarioPassed(await sipp.done);
  });

  it("fails the scenario when the digest is wrong (the check can fail)", async () => {
    const { sipp, ua, trunk } = await setup("trunk-digest-401.xml");
    const call = await ua.dial({ trunk: { ...trunk, username: "alice", password: "wrong" }, to: "+15551230000", from: "+15557770000" });
    expect(await call.ended).toMatchObject({ kind: "failed", sipStatus: 403 });
    expect((await sipp.done).code).not.toBe(0);
  });

  it("answers a 407 proxy challenge with SHA-256 (RFC 7616), in Proxy-Authorization", async () => {
    const { sipp, ua, trunk } = await setup("trunk-digest-407.xml");
    const call = await ua.dial({ trunk: { ...trunk, username: "bob", password: "pa55" }, to: "+15551230000", from: "+15557770000" });
    await answered(call);
    await call.hangup();
    const result = await sipp.done;
    expectScenarioPassed(result);
    const invites = receivedMessages(result.messages).filter((message) => message.startsWith("INVITE "));
    expect(invites).toHaveLength(2);
    const cseq = (message: string) => Number(/^CSeq: (\d+) INVITE/m.exec(message)![1]);
    expect(cseq(invites[1])).toBe(cseq(invites[0]) + 1);
    expect(invites[1]).not.toMatch(/^Authorization:/m);
    const header = /^Proxy-Authorization: Digest (.*)\r$/m.exec(invites[1])![1];
    const param = (name: string) => new RegExp(`${name}="?([^",]+)"?`).exec(header)![1];
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    const ha1 = sha(`bob:proxy.sipp.test:pa55`);
    const ha2 = sha(`INVITE:${param("uri")}`);
    expect(param("uri")).toBe(/^INVITE (\S+) /.exec(invites[1])![1]);
    expect(param("nc")).toBe("00000001");
    expect(param("response")).toBe(sha(`${ha1}:c2hhMjU2LW5vbmNl:${param("nc")}:${param("cnonce")}:auth:${ha2}`));
  });

  it("gives up when the same challenge comes back: failed with 401", async () => {
    const { sipp, ua, trunk } = await setup("trunk-digest-rejected.xml");
    const call = await ua.dial({ trunk: { ...trunk, username: "alice", password: "nope" }, to: "+15551230000", from: "+15557770000" });
    expect(await call.ended).toMatchObject({ kind: "failed", sipStatus: 401, hungUpBy: "remote" });
    const result = await sipp.done;
    expectScenarioPassed(result);
    expect(receivedMessages(result.messages).filter((message) => message.startsWith("INVITE "))).toHaveLength(2);
  });

  const finals: [string, string, string][] = [
    ["486", "Busy Here", "busy"],
    ["600", "Busy Everywhere", "busy"],
    ["480", "Temporarily Unavailable", "no_answer"],
    ["408", "Request Timeout", "no_answer"],
    ["404", "Not Found", "failed"],
    ["503", "Service Unavailable", "failed"],
    ["603", "Decline", "failed"],
  ];
  for (const [status, reason, kind] of finals) {
    it(`maps a ${status} ${reason} to ${kind}, keeping the code, and ACKs it`, async () => {
      const { sipp, ua, trunk } = await setup("trunk-final-response.xml", { fill: { status, reason } });
      const call = await ua.dial({ trunk, to: "+15551230000", from: "+15557770000" });
      const rang = new Promise<void>((resolve) => call.on("ringing", resolve));
      expect(await call.ended).toMatchObject({ kind, sipStatus: Number(status), reason: `${status} ${reason}`, answeredAt: null, durationMs: 0 });
      await rang;
      expectScenarioPassed(await sipp.done);
    });
  }

  it("CANCELs at the ring timeout (same branch), ACKs the 487, and reports no_answer", async () => {
    const { sipp, ua, trunk } = await setup("trunk-ringing-cancel.xml");
    const started = Date.now();
    const call = await ua.dial({ trunk, to: "+15551230000", from: "+15557770000", ringTimeoutMs: 700 });
    expect(await call.ended).toMatchObject({ kind: "no_answer", sipStatus: 487, hungUpBy: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
    expectScenarioPassed(await sipp.done);
  });

  it("CANCELs when hung up while ringing, and reports canceled by us", async () => {
    const { sipp, ua, trunk } = await setup("trunk-ringing-cancel.xml", { transport: "tcp" });
    const call = await ua.dial({ trunk, to: "+15551230000", from: "+15557770000" });
    await new Promise<void>((resolve) => call.on("ringing", resolve));
    await call.hangup();
    expect(call.outcome).toMatchObject({ kind: "canceled", sipStatus: 487, hungUpBy: "local" });
    expectScenarioPassed(await sipp.done);
  });

  it("plays early media from a 183 with SDP before the answer", async () => {
    const { sipp, ua, trunk } = await setup("trunk-early-media.xml");
    const call = await ua.dial({ trunk, to: "+15551230000", from: "+15557770000" });
    const heard: Int16Array[] = [];
    call.audio.onAudio((frame) => heard.push(frame));
    await new Promise<void>((resolve) => call.on("early_media", resolve));
    expect(call.state).toBe("early_media");
    await answered(call);
    const beforeAnswer = framesWithTone(heard, 1000);
    expect(beforeAnswer).toBeGreaterThan(40); // most of the 1.2 s before the 200 OK
    await call.hangup();
    expectScenarioPassed(await sipp.done);
  });

  it("transfers by REFER: 202, NOTIFY 100 then 200 (sipfrag), then hangs up", async () => {
    const { sipp, ua, trunk } = await setup("trunk-refer.xml", { fill: { final: "200 OK" } });
    const call = await ua.dial({ trunk, to: "+15551230000", from: "+15557770000" });
    await answered(call);
    expect(await call.transfer("+15559990000")).toEqual({ outcome: "transferred", status: 200 });
    expect(await call.ended).toMatchObject({ kind: "completed", hungUpBy: "local", transferredTo: "+15559990000" });
    expectScenarioPassed(await sipp.done);
  });

  it("reports a transfer whose target failed (NOTIFY sipfrag 486): the call goes on", async () => {
    const { sipp, ua, trunk } = await setup("trunk-refer.xml", { fill: { final: "486 Busy Here" } });
    const call = await ua.dial({ trunk, to: "+15551230000", from: "+15557770000" });
    await answered(call);
    expect(await call.transfer("+15559990000")).toEqual({ outcome: "failed", status: 486, reason: "486 Busy Here" });
    expect(call.state).toBe("answered");
    await call.hangup();
    expectScenarioPassed(await sipp.done);
  });

  it("ends the call when the far end misses its own session refresh (refresher=uas)", async () => {
    const { sipp, ua, trunk } = await setup("trunk-session-expired.xml");
    const call = await ua.dial({ trunk, to: "+15551230000", from: "+15557770000" });
    await answered(call);
    const outcome = await call.ended;
    expect(outcome).toMatchObject({ kind: "failed", hungUpBy: null });
    expect(outcome.reason).toMatch(/missed its session refresh/);
    expect(outcome.durationMs).toBeGreaterThanOrEqual(1900);
    expect(outcome.durationMs).toBeLessThan(3000);
    expectScenarioPassed(await sipp.done);
  });

  it("reports a refused REFER (405) so the caller can fall back; the call goes on", async () => {
    const { sipp, ua, trunk } = await setup("trunk-refer-refused.xml", { transport: "tcp" });
    const call = await ua.dial({ trunk, to: "+15551230000", from: "+15557770000" });
    await answered(call);
    expect(await call.transfer("+15559990000")).toEqual({ outcome: "refused", status: 405, reason: "405 Method Not Allowed" });
    expect(call.state).toBe("answered");
    await call.hangup();
    expect(call.outcome).toMatchObject({ kind: "completed", hungUpBy: "local" });
    expectScenarioPassed(await sipp.done);
  });

  it("answers hold (sendonly → recvonly) and unhold re-INVITEs, stops sending while held", async () => {
    const { sipp, ua, trunk } = await setup("trunk-hold.xml");
    const call = await ua.dial({ trunk, to: "+15551230000", from: "+15557770000" });
    const holds: boolean[] = [];
    call.on("hold", (held) => holds.push(held));
    await answered(call);
    const sentWhileHeld: number[] = [];
    const ticker = setInterval(() => {
      const before = call.mediaStats.packetsSent;
      call.audio.sendAudio(new Int16Array(160));
      if (call.isOnHold) sentWhileHeld.push(call.mediaStats.packetsSent - before);
    }, 20);
    const outcome = await call.ended;
    clearInterval(ticker);
    expect(holds).toEqual([true, false]);
    expect(sentWhileHeld.length).toBeGreaterThan(5);
    expect(sentWhileHeld.every((sent) => sent === 0)).toBe(true);
    expect(outcome).toMatchObject({ kind: "completed", hungUpBy: "remote" });
    expectScenarioPassed(await sipp.done);
  });

  it("refreshes an RFC 4028 session timer by re-INVITE when it is the refresher", async () => {
    const { sipp, ua, trunk } = await setup("trunk-session-timer.xml");
    const call = await ua.dial({ trunk, to: "+15551230000", from: "+15557770000" });
    await answered(call);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(call.state).toBe("answered");
    await call.hangup();
    const result = await sipp.done;
    expectScenarioPassed(result);
    expect(receivedMessages(result.messages).filter((message) => message.startsWith("INVITE "))).toHaveLength(2);
  });

  it("ends a dead dialog: in-dialog OPTIONS unanswered → BYE, failed with no one hanging up", async () => {
    const { sipp, ua, trunk } = await setup("trunk-keepalive-lost.xml", { transport: "tcp", ua: { keepAliveIntervalMs: 300 } });
    const call = await ua.dial({ trunk, to: "+15551230000", from: "+15557770000" });
    await answered(call);
    const outcome = await call.ended;
    expect(outcome).toMatchObject({ kind: "failed", hungUpBy: null });
    expect(outcome.reason).toMatch(/keep-alive OPTIONS/);
    expectScenarioPassed(await sipp.done);
  });

  it("puts SIP_PUBLIC_ADDRESS in Via, Contact and the SDP, and still gets its responses (rport)", async () => {
    const { sipp, ua, trunk } = await setup("trunk-final-response.xml", { fill: { status: "486", reason: "Busy Here" }, ua: { publicAddress: { host: "192.0.2.50", port: 15060 } } });
    const call = await ua.dial({ trunk, to: "+15551230000", from: "+15557770000" });
    expect(await call.ended).toMatchObject({ kind: "busy", sipStatus: 486 });
    const result = await sipp.done;
    expectScenarioPassed(result);
    const invite = receivedMessages(result.messages).find((message) => message.startsWith("INVITE "))!;
    expect(invite).toMatch(/^Via: SIP\/2\.0\/UDP 192\.0\.2\.50:15060;rport;branch=z9hG4bK\w+\r$/m);
    expect(invite).toMatch(/^Contact: <sip:192\.0\.2\.50:15060>\r$/m);
    expect(invite).toMatch(/^c=IN IP4 192\.0\.2\.50\r$/m);
    expect(invite).toMatch(/^o=- \d+ \d+ IN IP4 192\.0\.2\.50\r$/m);
  });
});
