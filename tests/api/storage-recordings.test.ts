import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blobs, calls } from "@/lib/db/schema";
import { seedCalls } from "@/lib/db/seed/calls";
import { toneWav } from "@/lib/db/seed/recording-wav";
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
  it("about 30% of answered calls get one, all sharing a single blob, and recording_url serves it without the key", async () => {
    await seedCalls(api.db, { organizationId: org.organizationId, count: 300, seed: 42, storage: api.storage });
    const rows = await api.db.select({ answerType: calls.answerType, key: calls.recordingBlobKey }).from(calls).where(eq(calls.organizationId, org.organizationId));
    const answered = rows.filter((row) => row.answerType === "human");
    const withRecording = rows.filter((row) => row.key);
    expect(withRecording.every((row) => row.answerType === "human")).toBe(true);
    expect(withRecording.length / answered.length).toBeGreaterThan(0.2);
    expect(withRecording.length / answered.length).toBeLessThan(0.4);
    expect(new Set(withRecording.map((row) => row.key)).size).toBe(1);
    const stored = await api.db.select({ key: blobs.key, contentType: blobs.contentType }).from(blobs).where(eq(blobs.organizationId, org.organizationId));
    expect(stored).toEqual([{ key: withRecording[0].key, contentType: "audio/wav" }]);

    // A second seed run reuses the same blob.
    await seedCalls(api.db, { organizationId: org.organizationId, count: 20, seed: 43, storage: api.storage });
    expect(await api.db.select({ key: blobs.key }).from(blobs).where(eq(blobs.organizationId, org.organizationId))).toHaveLength(1);

    const list = await api.request("GET", "/v1/calls?limit=1000", { apiKey: org.apiKey });
    const listed = (await list.json()).data as CallView[];
    const recorded = listed.filter((call) => call.recording_url);
    expect(recorded.length).toBeGreaterThan(0);
    expect(listed.filter((call) => !call.recording_url).length).toBeGreaterThan(0);
    expect(recorded[0].recording_url).toMatch(/^http:\/\/localhost\/files\/organizations\/[\w-]+\/recordings\/seed-sample\.wav\?expires=\d+&signature=/);

    const single = (await (await api.request("GET", `/v1/calls/${recorded[0].id}`, { apiKey: org.apiKey })).json()).data as CallView;
    const audio = await serveSignedFile(new Request(single.recording_url!), { storage: api.storage, links: api.links });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    expect(describeWav(new Uint8Array(await audio.arrayBuffer()))).toMatchObject({ riff: "RIFF", wave: "WAVE", sampleRate: 8000 });
  });

  it("is null for a call without one", async () => {
    const agent = await insertAgent(api.db, org.organizationId, "Plain");
    const callId = await insertCall(api.db, org.organizationId, agent);
    const call = (await (await api.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data as CallView;
    expect(call.recording_url).toBeNull();
  });
});
