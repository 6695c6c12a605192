import "server-only";
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { BlobStore } from "./blob-store";

export type S3BlobStoreOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
};

/** DeleteObjects takes at most 1,000 keys a request. */
const DELETE_BATCH = 1000;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Any S3-compatible store (AWS S3, MinIO, R2, Ceph...). Credentials from the options, else the SDK's
 * default chain. Checksums only where the protocol requires them, which S3-compatible servers accept.
 */
export function s3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;
  return {
    async put(key, bytes, { contentType, organizationId }) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          Metadata: organizationId ? { "organization-id": organizationId } : undefined,
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { bytes: await object.Body.transformToByteArray(), contentType: object.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        const result = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        const failed = (result.Errors ?? []).filter((error) => error.Code !== "NoSuchKey");
        if (failed.length) {
          throw new Error(`S3 could not delete ${failed.length} object(s): ${failed.map((e) => `${e.Key} (${e.Code})`).join(", ")}`);
        }
      }
    },
  };
}
