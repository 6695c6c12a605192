import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isSupportedRate } from "@/lib/media/audio/pcm";
import { channelOf, decodeWav } from "@/lib/media/audio/wav";
import { FileRecordingSink, MemoryRecordingSink, StereoRecorder } from "@/lib/media/session/recorder";
import { dominantFrequency, rmsDbfs, tone } from "../../helpers/audio-analysis";

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function record(recorder: StereoRecorder): void {
  // 1 s: the caller's 300 Hz tone for the first half; the agent's 1 kHz (played at 24 kHz) for the second.
  const caller = tone(300, 500, 16000);
  const agent = tone(1000, 500, 24000);
  for (let frame = 0; frame < 50; frame++) {
    if (frame >= 25) recorder.agentPlayed(agent.subarray((frame - 25) * 480, (frame - 24) * 480));
    recorder.callerFrame(frame < 25 ? caller.subarray(frame * 320, (frame + 1) * 320) : new Int16Array(320));
  }
}

describe("stereo recorder", () => {
  it("streams to a file as the call goes and finishes a WAV as long as the call", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "recording-"));
    const file = path.join(dir, "call.wav");
    const recorder = new StereoRecorder(new FileRecordingSink(file), 24000);
    record(recorder);
    const summary = await recorder.finish(1500);
    const wav = decodeWav(readFileSync(file));
    expect(wav).toMatchObject({ sampleRate: 16000, channels: 2 });
    expect(summary).toEqual({ sampleRate: 16000, channels: 2, durationMs: 1500, bytes: readFileSync(file).length });
    const left = channelOf(wav, 0);
    const right = channelOf(wav, 1);
    expect(left.length).toBe(24000);
    expect(dominantFrequency(left.subarray(1000, 7000), 16000)).toBeCloseTo(300, -1);
    expect(rmsDbfs(right.subarray(0, 8000))).toBe(-Infinity);
    expect(dominantFrequency(right.subarray(9000, 15000), 16000)).toBeCloseTo(1000, -1);
    expect(rmsDbfs(left.subarray(8000))).toBe(-Infinity);
    expect(rmsDbfs(right.subarray(16500))).toBe(-Infinity); // padding to the call's end
  });

  it("leaves the writes to the thread pool: the call's tick never waits for the disk, and a failed write fails only the recording", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "recording-"));
    const file = path.join(dir, "call.wav");
    const recorder = new StereoRecorder(new FileRecordingSink(file), 24000);
    record(recorder); // 64 KB: several batches handed over
    expect(existsSync(file) ? statSync(file).size : 0).toBe(0);
    await recorder.finish(1000);
    expect(statSync(file).size).toBe(44 + 64_000);

    const lost = new StereoRecorder(new FileRecordingSink(path.join(dir, "missing", "call.wav")), 24000);
    expect(() => record(lost)).not.toThrow();
    await expect(lost.finish(1000)).rejects.toThrow(/ENOENT/);
  });

  it("keeps what a memory sink was given even though the recorder reuses its buffer", async () => {
    const sink = new MemoryRecordingSink();
    const recorder = new StereoRecorder(sink, 16000);
    record(recorder);
    await recorder.finish(1000);
    const left = channelOf(decodeWav(sink.wav!), 0);
    expect(dominantFrequency(left.subarray(0, 8000), 16000)).toBeCloseTo(300, -1);
  });

  it("knows the rates a transport may declare", () => {
    expect([8000, 16000, 24000, 48000].every(isSupportedRate)).toBe(true);
    expect(isSupportedRate(44100)).toBe(false);
  });
});
