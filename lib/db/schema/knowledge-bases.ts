import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./accounts";
import { createdAt, id, tsvector, updatedAt } from "./columns";
import { knowledgeBaseSourceStatuses, knowledgeBaseSourceTypes } from "@/lib/schemas/knowledge-bases";

export const knowledgeBases = pgTable(
  "knowledge_bases",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("knowledge_bases_org_created_idx").on(table.organizationId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())],
);

export { knowledgeBaseSourceStatuses } from "@/lib/schemas/knowledge-bases";

export const knowledgeBaseSources = pgTable(
  "knowledge_base_sources",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    knowledgeBaseId: uuid("knowledge_base_id")
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: "cascade" }),
    type: text("type", { enum: knowledgeBaseSourceTypes }).notNull(),
    fileName: text("file_name"),
    title: text("title"),
    /** Key of the original bytes in blob storage (files) or of the text (text sources). */
    blobKey: text("blob_key"),
    byteSize: integer("byte_size"),
    status: text("status", { enum: knowledgeBaseSourceStatuses }).notNull().default("processing"),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("knowledge_base_sources_kb_idx").on(table.knowledgeBaseId, table.createdAt)],
);

export const knowledgeBaseChunks = pgTable(
  "knowledge_base_chunks",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    knowledgeBaseId: uuid("knowledge_base_id")
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: "cascade" }),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => knowledgeBaseSources.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    content: text("content").notNull(),
    /** The PDF page the chunk comes from (from 1); null for text sources. */
    page: integer("page"),
    /** A table of contents or an index: search ranks it below prose. */
    isContents: boolean("is_contents").notNull().default(false),
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', content)`),
  },
  (table) => [
    index("knowledge_base_chunks_search_idx").using("gin", table.searchVector),
    index("knowledge_base_chunks_kb_idx").on(table.knowledgeBaseId),
    index("knowledge_base_chunks_source_idx").on(table.sourceId, table.position),
  ],
);
