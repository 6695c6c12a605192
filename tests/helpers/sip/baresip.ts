// baresip, a real softphone, driven headless: its aufile module plays a WAV into the call, its
// sndfile module records what it decodes from us, and an ALSA null device plays it.

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sineTone } from "../audio/tones";
import { encodeWav, parseWav } from "../audio/wav";
import { firstProject, freePort } from "./sipp";

export const baresipInstalled = firstProject && spawnSync("baresip", ["-h"], { encoding: "utf8" }).error === undefined;

const children: ChildProcess[] = [];

/** Kills every baresip started so far (afterEach). */
export function stopBaresips(): void {
  children.splice(0).forEach((child) => child.kill("SIGKILL"));
}

/** Starts baresip answering as sip:agent@127.0.0.1, or dialling `dial`; it plays `input` (8 kHz; default an 8 s 1000 Hz tone). */
export async function startBaresip(dial?: string, input: Int16Array = sineTone(1000, 8000)) {
  const directory = mkdtempSync(path.join(os.tmpdir(), "baresip-"));
  const recordings = path.join(directory, "recordings");
  mkdirSync(recordings);
  const sipPort = await freePort();
  const rtpBase = await freePort(true);
  writeFileSync(path.join(directory, "in.wav"), encodeWav({ sampleRate: 8000, samples: input }));
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
