import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { blobs } from "@/lib/db/schema";
import type { BlobStore } from "./blob-store";

const DELETE_BATCH = 1000;

/** The default store: bytes in the `blobs` table, so any number of app instances share them with no shared disk. */
export function postgresBlobStore(db: Database): BlobStore {
  return {
    async put(key, bytes, { contentType, organizationId }) {
      await db
        .insert(blobs)
        .values({ key, organizationId, contentType, byteSize: bytes.byteLength, content: bytes })
        .onConflictDoUpdate({
          target: blobs.key,
          set: { organizationId, contentType, byteSize: bytes.byteLength, content: bytes, createdAt: sql`now()` },
        });
    },
    async get(key) {
      const [row] = await db.select({ contentType: blobs.contentType, content: blobs.content }).from(blobs).where(eq(blobs.key, key)).limit(1);
      if (!row) return null;
      return { bytes: row.content, contentType: row.contentType };
    },
    async delete(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        await db.delete(blobs).where(inArray(blobs.key, keys.slice(i, i + DELETE_BATCH)));
      }
    },
    withDatabase: (transaction) => postgresBlobStore(transaction),
  };
}
