import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blobs, calls } from "@/lib/db/schema";
import { seedCalls } from "@/lib/demo/calls";
import { toneWav } from "@/lib/demo/recording-wav";
import { serveSignedFile } from "@/lib/storage/serve-signed-file";
import { insertAgent, insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let org: { organizationId: string; apiKey: string };

beforeAll(async () => {
  api = await createTestApi();
  org = await api.createOrganization("Recordings");
  await insertAgent(api.db, org.organizationId);
});
afterAll(async () => api?.close());

type CallView = { id: string; recording_url: string | null; answer_type: string | null; duration_seconds: number };

function describeWav(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  return {
    riff: text(0),
    riffSize: view.getUint32(4, true),
    wave: text(8),
    fmt: text(12),
    format: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    bitsPerSample: view.getUint16(34, true),
    data: text(36),
    dataSize: view.getUint32(40, true),
  };
}

describe("generated recording", () => {
  it("is a valid 8 kHz mono PCM WAV of a few seconds and a few kilobytes, with sound in it", () => {
    const wav = toneWav();
    const header = describeWav(wav);
    expect(header).toMatchObject({ riff: "RIFF", wave: "WAVE", fmt: "fmt ", format: 1, channels: 1, sampleRate: 8000, bitsPerSample: 8, data: "data" });
    expect(header.riffSize).toBe(wav.byteLength - 8);
    expect(header.dataSize).toBe(wav.byteLength - 44);
    const seconds = header.dataSize / 8000;
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(5);
    const samples = wav.subarray(44);
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(100);
  });
});

describe("recordings of seeded calls", () => {
  it("answered calls get one of their own, as long as the call, up to the limit, and recording_url serves it without the key", async () => {
    await seedCalls(api.db, { organizationId: org.organizationId, count: 600, seed: 42, storage: api.storage, recordingShare: 1, maxRecordings: 25 });
    const rows = await api.db
      .select({ id: calls.id, answerType: calls.answerType, key: calls.recordingBlobKey, duration: calls.durationSeconds, start: calls.startTime })
      .from(calls)
      .where(eq(calls.organizationId, org.organizationId));
    const withRecording = rows.filter((row) => row.key);
    expect(withRecording.every((row) => row.answerType === "human")).toBe(true);
    expect(withRecording).toHaveLength(25);
    // The recent ones: what people open first.
    expect(withRecording.every((row) => Date.now() - row.start.getTime() <= 7 * 86_400_000)).toBe(true);
    expect(new Set(withRecording.map((row) => row.key)).size).toBe(25);
    for (const row of withRecording) expect(row.key).toBe(`organizations/${org.organizationId}/recordings/${row.id}.wav`);
    const stored = await api.db.select({ key: blobs.key, contentType: blobs.contentType }).from(blobs).where(eq(blobs.organizationId, org.organizationId));
    expect(stored).toHaveLength(25);
    expect(stored.every((blob) => blob.contentType === "audio/wav")).toBe(true);

    const list = await api.request("GET", "/v1/calls?limit=1000", { apiKey: org.apiKey });
    const listed = (await list.json()).data as CallView[];
    const recorded = listed.filter((call) => call.recording_url);
    expect(recorded).toHaveLength(25);
    expect(recorded[0].recording_url).toMatch(/^http:\/\/localhost\/files\/organizations\/[\w-]+\/recordings\/[\w-]+\.wav\?expires=\d+&signature=/);

    const single = (await (await api.request("GET", `/v1/calls/${recorded[0].id}`, { apiKey: org.apiKey })).json()).data as CallView;
    const audio = await serveSignedFile(new Request(single.recording_url!), { storage: api.storage, links: api.links });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    const wav = describeWav(new Uint8Array(await audio.arrayBuffer()));
    expect(wav).toMatchObject({ riff: "RIFF", wave: "WAVE", sampleRate: 8000 });
    const duration = rows.find((row) => row.id === recorded[0].id)!.duration!;
    expect(wav.dataSize / 8000).toBe(duration);
  });

  it("is null for a call without one", async () => {
    const agent = await insertAgent(api.db, org.organizationId, "Plain");
    const callId = await insertCall(api.db, org.organizationId, agent);
    const call = (await (await api.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data as CallView;
    expect(call.recording_url).toBeNull();
  });
});
