import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SipCall } from "@/lib/telephony/sip/sip-call";
import { SipUserAgent } from "@/lib/telephony/sip/user-agent";
import { sineTone, toneShare } from "../helpers/audio/tones";
import { framesWithTone, playPaced } from "../helpers/sip/audio";
import { firstProject, freePort } from "../helpers/sip/sipp";
import { encodeWav, parseWav } from "../helpers/audio/wav";

// baresip, a real softphone, driven headless: its aufile module plays a WAV (a 1000 Hz tone) into
// the call, its sndfile module records what it decodes from us, and an ALSA null device plays it.
const baresipInstalled = firstProject && spawnSync("baresip", ["-h"], { encoding: "utf8" }).error === undefined;
const children: ChildProcess[] = [];
const agents: SipUserAgent[] = [];

afterEach(async () => {
  children.splice(0).forEach((child) => child.kill("SIGKILL"));
  await Promise.all(agents.splice(0).map((agent) => agent.close(500)));
});

async function startBaresip(dial?: string) {
  const directory = mkdtempSync(path.join(os.tmpdir(), "baresip-"));
  const recordings = path.join(directory, "recordings");
  mkdirSync(recordings);
  const sipPort = await freePort();
  const rtpBase = await freePort(true);
  writeFileSync(path.join(directory, "in.wav"), encodeWav({ sampleRate: 8000, samples: sineTone(1000, 8000) }));
  writeFileSync(
    path.join(directory, "config"),
    [
      "poll_method epoll",
      `sip_listen 127.0.0.1:${sipPort}`,
      "audio_player alsa,null",
      "audio_alert alsa,null",
      `audio_source aufile,${path.join(directory, "in.wav")}`,
      "ausrc_srate 8000",
      "auplay_srate 8000",
      "ausrc_channels 1",
      "auplay_channels 1",
      `rtp_ports ${rtpBase}-${rtpBase + 20}`,
      "module_path /usr/lib/baresip/modules",
      "module g711.so",
      "module aufile.so",
      "module alsa.so",
      "module sndfile.so",
      "module_app account.so",
      "module_app menu.so",
      `snd_path ${recordings}`,
      "",
    ].join("\n"),
  );
  writeFileSync(path.join(directory, "accounts"), "<sip:agent@127.0.0.1>;regint=0;answermode=auto;audio_codecs=PCMU\n");
  const child = spawn("baresip", ["-f", directory, ...(dial ? ["-e", `/dial ${dial}`] : [])], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  for (let i = 0; i < 100 && !output.includes("baresip is ready"); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!output.includes("baresip is ready")) throw new Error(`baresip did not start:\n${output}`);
  return {
    sipPort,
    output: () => output,
    /** What baresip decoded from us, once its call ended and the file was closed. */
    async recording(): Promise<Int16Array> {
      for (let i = 0; i < 60; i++) {
        const file = readdirSync(recordings).find((name) => name.endsWith("-dec.wav"));
        if (file && output.includes("terminated")) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          return parseWav(readFileSync(path.join(recordings, file))).samples;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no recording from baresip:\n${output}`);
    },
  };
}

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
