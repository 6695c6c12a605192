import { afterEach, describe, expect, it } from "vitest";
import type { SipCall } from "@/lib/telephony/sip/sip-call";
import { SipUserAgent } from "@/lib/telephony/sip/user-agent";
import { sineTone, toneShare } from "../helpers/audio/tones";
import { framesWithTone, playPaced } from "../helpers/sip/audio";
import { baresipInstalled, startBaresip, stopBaresips } from "../helpers/sip/baresip";

// baresip (tests/helpers/sip/baresip.ts) plays a 1000 Hz tone and records what it decodes from us.
const agents: SipUserAgent[] = [];

afterEach(async () => {
  stopBaresips();
  await Promise.all(agents.splice(0).map((agent) => agent.close(500)));
});

function frames(samples: Int16Array): Int16Array[] {
  return Array.from({ length: Math.floor(samples.length / 160) }, (_, i) => samples.subarray(i * 160, (i + 1) * 160));
}

async function talk(call: SipCall) {
  const heard: Int16Array[] = [];
  call.audio.onAudio((frame) => heard.push(frame));
  await playPaced(sineTone(440, 2000), (frame) => call.audio.sendAudio(frame));
  await call.hangup();
  return heard;
}

describe.skipIf(!baresipInstalled)("baresip end to end", () => {
  it("we call baresip: each side hears the other's tone", async () => {
    const baresip = await startBaresip();
    const ua = await SipUserAgent.start({ bindAddress: "127.0.0.1", port: 0, rtpPorts: { min: 36000, max: 36999 }, timers: { t1: 100, t2: 800, t4: 1000 } });
    agents.push(ua);
    const call = await ua.dial({ trunk: { host: "127.0.0.1", port: baresip.sipPort }, to: "agent", from: "+15550001111" });
    await new Promise<void>((resolve) => call.on("answered", resolve));
    const heard = await talk(call);
    expect(framesWithTone(heard, 1000)).toBeGreaterThan(80); // of ~100 frames
    expect((await call.ended).kind).toBe("completed");
    const recorded = frames(await baresip.recording());
    expect(framesWithTone(recorded, 440)).toBeGreaterThan(80);
    expect(recorded.filter((frame) => toneShare(frame, 1000) > 0.3)).toHaveLength(0);
  });

  it("baresip calls us: answered, tones both ways, we hang up", async () => {
    const calls: SipCall[] = [];
    let talking: Promise<Int16Array[]> | undefined;
    const ua = await SipUserAgent.start({
      bindAddress: "127.0.0.1",
      port: 0,
      rtpPorts: { min: 37000, max: 37999 },
      timers: { t1: 100, t2: 800, t4: 1000 },
      inbound: {
        trunks: [{ id: "baresip", allowedSources: ["127.0.0.1"], numberFrom: "request_uri" }],
        decide: (invite) =>
          invite.number === "+15550001111"
            ? { action: "accept", onCall: (call) => (calls.push(call), (talking = talk(call))) }
            : { action: "reject", status: 404 },
      },
    });
    agents.push(ua);
    const baresip = await startBaresip(`sip:+15550001111@127.0.0.1:${ua.port}`);
    for (let i = 0; i < 100 && !talking; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(talking, baresip.output()).toBeDefined();
    const heard = await talking!;
    expect(framesWithTone(heard, 1000)).toBeGreaterThan(80);
    expect(await calls[0].ended).toMatchObject({ kind: "completed", hungUpBy: "local" });
    expect(framesWithTone(frames(await baresip.recording()), 440)).toBeGreaterThan(80);
  });
});
