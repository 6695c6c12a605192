import "server-only";
import type { StorageConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import type { BlobStore } from "./blob-store";
import { postgresBlobStore } from "./postgres-blob-store";
import { s3BlobStore } from "./s3-blob-store";

/** The store the configuration selects (STORAGE_BACKEND): Postgres on `db`, or an S3-compatible bucket. */
export function createBlobStore(config: StorageConfig, db: Database): BlobStore {
  if (config.backend === "s3") return s3BlobStore(config);
  return postgresBlobStore(db);
}
