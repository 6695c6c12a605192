import type { Database } from "@/lib/db/client";

export type StoredBlob = { bytes: Uint8Array; contentType: string };

export type PutBlobOptions = { contentType: string; organizationId: string | null };

/**
 * Where PDFs, text sources and recordings live. Keys are opaque paths chosen by the caller
 * (see blob-keys.ts); a put on an existing key replaces it.
 */
export type BlobStore = {
  put(key: string, bytes: Uint8Array, options: PutBlobOptions): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  /** Deletes what exists of `keys`; missing keys are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * Only stores inside the database have it: the same store on a transaction, so blobs commit or
   * roll back with the rows that name them. External stores are written before and cleaned after.
   */
  withDatabase?(db: Database): BlobStore;
};
