import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "@/lib/auth/organizations";
import { loadConfig } from "@/lib/config";
import type { DatabaseConnection } from "@/lib/db/client";
import { blobs } from "@/lib/db/schema";
import type { BlobStore } from "@/lib/storage/blob-store";
import { createBlobStore } from "@/lib/storage/create-blob-store";
import { postgresBlobStore } from "@/lib/storage/postgres-blob-store";
import { s3BlobStore } from "@/lib/storage/s3-blob-store";
import { startFakeS3, type FakeS3 } from "../helpers/fake-s3";
import { createTestDatabase } from "../helpers/test-database";

let connection: DatabaseConnection;
let organizationId: string;
let s3: FakeS3;

beforeAll(async () => {
  connection = await createTestDatabase();
  organizationId = (await createOrganization(connection.db, "Storage")).id;
  s3 = await startFakeS3({ bucket: "voice-blobs", accessKeyId: "AKIATEST" });
});
afterAll(async () => {
  await s3?.close();
  await connection?.close();
});

const bytes = (text: string) => new TextEncoder().encode(text);
const env = (variables: Record<string, string> = {}) => variables as NodeJS.ProcessEnv;

/** The contract every store keeps, run against each. */
function contract(name: string, store: () => BlobStore) {
  describe(`${name} blob store`, () => {
    it("stores, reads back, replaces and deletes blobs; missing keys are null and deleting them is no error", async () => {
      const key = `organizations/${organizationId}/contract/${name}/menu card (1).pdf`;
      await store().put(key, bytes("%PDF-1.4 first"), { contentType: "application/pdf", organizationId });
      expect(await store().get(key)).toEqual({ bytes: expect.any(Uint8Array), contentType: "application/pdf" });
      expect(new TextDecoder().decode((await store().get(key))!.bytes)).toBe("%PDF-1.4 first");

      await store().put(key, bytes("second"), { contentType: "text/plain; charset=utf-8", organizationId });
      const replaced = await store().get(key);
      expect(new TextDecoder().decode(replaced!.bytes)).toBe("second");
      expect(replaced!.contentType).toBe("text/plain; charset=utf-8");

      const other = `organizations/${organizationId}/contract/${name}/other.bin`;
      await store().put(other, new Uint8Array([0, 255, 1, 254]), { contentType: "application/octet-stream", organizationId });
      expect([...(await store().get(other))!.bytes]).toEqual([0, 255, 1, 254]);

      await store().delete([key, other, `${key}.missing`]);
      expect(await store().get(key)).toBeNull();
      expect(await store().get(other)).toBeNull();
      await store().delete([]);
    });
  });
}

contract("postgres", () => postgresBlobStore(connection.db));
contract("s3", () =>
  s3BlobStore({
    bucket: "voice-blobs",
    region: "us-east-1",
    endpoint: s3.endpoint,
    accessKeyId: "AKIATEST",
    secretAccessKey: "secret",
    forcePathStyle: true,
  }),
);

describe("postgres blob store", () => {
  it("keeps the organization and size beside the bytes, and commits or rolls back with a transaction", async () => {
    const key = `organizations/${organizationId}/tx/a.txt`;
    await expect(
      connection.db.transaction(async (tx) => {
        await postgresBlobStore(connection.db).withDatabase!(tx as never).put(key, bytes("rolled back"), { contentType: "text/plain", organizationId });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await postgresBlobStore(connection.db).get(key)).toBeNull();

    await postgresBlobStore(connection.db).put(key, bytes("kept"), { contentType: "text/plain", organizationId });
    const [row] = await connection.db.select().from(blobs).where(eq(blobs.key, key));
    expect(row).toMatchObject({ organizationId, byteSize: 4, contentType: "text/plain" });
  });
});

describe("s3 blob store", () => {
  it("talks the S3 protocol: path-style PUT with content type and organization metadata, DeleteObjects in one request", async () => {
    const store = s3BlobStore({
      bucket: "voice-blobs",
      region: "eu-central-1",
      endpoint: s3.endpoint,
      accessKeyId: "AKIATEST",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
    s3.requests.length = 0;
    await store.put("organizations/x/recordings/a.wav", bytes("RIFF"), { contentType: "audio/wav", organizationId });
    await store.put("organizations/x/recordings/b.wav", bytes("RIFF"), { contentType: "audio/wav", organizationId });
    expect(s3.objects.get("organizations/x/recordings/a.wav")).toMatchObject({ contentType: "audio/wav", metadata: { "organization-id": organizationId } });
    await store.delete(["organizations/x/recordings/a.wav", "organizations/x/recordings/b.wav"]);
    expect(s3.objects.size).toBe(0);
    expect(s3.requests.filter((request) => request.startsWith("POST"))).toEqual([expect.stringMatching(/^POST \/voice-blobs\/?\?delete/)]);
  });

  it("surfaces credentials the server refuses as an error, not as a missing blob", async () => {
    const store = s3BlobStore({ bucket: "voice-blobs", region: "us-east-1", endpoint: s3.endpoint, accessKeyId: "WRONG", secretAccessKey: "x", forcePathStyle: true });
    await expect(store.get("anything")).rejects.toThrow();
  });
});

describe("configuration", () => {
  it("selects Postgres by default and S3 with STORAGE_BACKEND=s3, which needs a bucket", async () => {
    expect(loadConfig(env()).storage).toEqual({ backend: "postgres" });
    expect(() => loadConfig(env({ STORAGE_BACKEND: "s3" }))).toThrow(/S3_BUCKET/);
    expect(() => loadConfig(env({ STORAGE_BACKEND: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "only-one" }))).toThrow(/S3_SECRET_ACCESS_KEY/);
    const config = loadConfig(
      env({
        STORAGE_BACKEND: "s3",
        S3_BUCKET: "voice-blobs",
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: "AKIATEST",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }),
    );
    expect(config.storage).toMatchObject({ backend: "s3", bucket: "voice-blobs", region: "us-east-1", forcePathStyle: true });

    const store = createBlobStore(config.storage, connection.db);
    await store.put("configured/by/env.txt", bytes("via env"), { contentType: "text/plain", organizationId: null });
    expect(s3.objects.has("configured/by/env.txt")).toBe(true);
    expect(store.withDatabase).toBeUndefined();
    expect(createBlobStore(loadConfig(env()).storage, connection.db).withDatabase).toBeTypeOf("function");
  });

  it("reads the link and upload settings with their defaults", () => {
    expect(loadConfig(env())).toMatchObject({
      signedLinks: { secret: undefined, ttlSeconds: 3600, publicBaseUrl: undefined },
      knowledgeBase: { maxFileBytes: 25 * 1024 * 1024, maxRequestBytes: 50 * 1024 * 1024 },
    });
    expect(() => loadConfig(env({ SIGNING_SECRET: "short" }))).toThrow(/SIGNING_SECRET/);
    expect(loadConfig(env({ SIGNED_URL_TTL_SECONDS: "60", PUBLIC_BASE_URL: "https://voice.example.com" })).signedLinks).toMatchObject({
      ttlSeconds: 60,
      publicBaseUrl: "https://voice.example.com",
    });
  });
});
