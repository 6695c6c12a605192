import { z } from "@hono/zod-openapi";
import { pageModeListQuery, uuidPathParam } from "./common";

export const knowledgeBaseSourceTypes = ["file", "text"] as const;
export const knowledgeBaseSourceStatuses = ["processing", "ready", "failed"] as const;
export type KnowledgeBaseSourceStatus = (typeof knowledgeBaseSourceStatuses)[number];
/**
 * `processing` while any source is; otherwise `failed` when every source failed, `partially_failed`
 * when some did (the others are searchable), else `ready` (also with no sources).
 */
export const knowledgeBaseStatuses = ["processing", "ready", "partially_failed", "failed"] as const;
export type KnowledgeBaseStatus = (typeof knowledgeBaseStatuses)[number];
export const MAX_SEARCH_QUERY_LENGTH = 1000;
export const MAX_SEARCH_RESULTS = 50;
export const DEFAULT_SEARCH_RESULTS = 5;

const dateTime = (description?: string) => z.string().openapi({ format: "date-time", example: "2026-01-31T12:00:00.000Z", description });

export const KnowledgeBaseSourceSchema = z
  .object({
    id: z.uuid(),
    created_at: dateTime(),
    updated_at: dateTime("Extension: when the source last changed (for example, finished processing)."),
    type: z.enum(knowledgeBaseSourceTypes).openapi({ description: "`file` (a PDF) or `text`." }),
    file_name: z.string().nullable().openapi({ description: "The uploaded file's name; null for text sources.", example: "menu.pdf" }),
    file_url: z.string().nullable().openapi({
      description:
        "Time-limited signed link to the PDF (no API key needed; it expires after SIGNED_URL_TTL_SECONDS, 1 hour by " +
        "default; fetch the knowledge base again for a fresh one). Null for text sources.",
    }),
    title: z.string().nullable().openapi({ description: "Extension: the text source's title, or the file's name.", example: "Opening hours" }),
    byte_size: z.number().int().nullable().openapi({ description: "Extension: size of the PDF, or of the text in UTF-8." }),
    status: z.enum(knowledgeBaseSourceStatuses).openapi({
      description:
        "Extension: `processing` until the text is extracted and indexed (files, in a background job), then `ready`, " +
        "or `failed` with `failure_reason` (for example a PDF without extractable text). Text sources are ready at once.",
    }),
    failure_reason: z.string().nullable().openapi({ description: "Extension: why the source failed; null otherwise." }),
  })
  .openapi("KnowledgeBaseSource");

export type KnowledgeBaseSource = z.infer<typeof KnowledgeBaseSourceSchema>;

export const KnowledgeBaseSchema = z
  .object({
    id: z.uuid(),
    name: z.string().openapi({ example: "Restaurant FAQ" }),
    created_at: dateTime(),
    updated_at: dateTime("Extension: when the knowledge base or its sources last changed."),
    status: z.enum(knowledgeBaseStatuses).openapi({
      description:
        "`processing` while any source is processing; otherwise `ready` when no source failed (also with no sources), " +
        "`partially_failed` when some sources failed (the others are searchable), `failed` when every source failed.",
    }),
    organization_id: z.uuid(),
    sources: z.array(KnowledgeBaseSourceSchema).openapi({ description: "Oldest first." }),
  })
  .openapi("KnowledgeBase");

export type KnowledgeBase = z.infer<typeof KnowledgeBaseSchema>;

const nameField = z.string().trim().min(1, "Must not be empty").max(255, "Must be at most 255 characters").openapi({ example: "Restaurant FAQ" });

export const CreateKnowledgeBaseBodySchema = z.strictObject({ name: nameField }).openapi("CreateKnowledgeBaseRequest");
export const UpdateKnowledgeBaseBodySchema = z.strictObject({ name: nameField }).openapi("UpdateKnowledgeBaseRequest");

export const DeleteSourcesBodySchema = z
  .strictObject({
    source_ids: z
      .array(z.uuid("Must be a source id (UUID)"))
      .min(1, "Name at least one source id")
      .max(1000, "At most 1000 ids")
      .openapi({ example: ["0b9f6c1e-2c5a-4bd3-9d8c-3f1f2f2a7d10"] }),
  })
  .openapi("DeleteKnowledgeBaseSourcesRequest");

const SEARCH_LIMIT_MESSAGE = `Must be an integer from 1 to ${MAX_SEARCH_RESULTS}`;

export const SearchKnowledgeBaseBodySchema = z
  .strictObject({
    query: z
      .string()
      .trim()
      .min(1, "Must not be empty")
      .max(MAX_SEARCH_QUERY_LENGTH, `Must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`)
      .openapi({ description: 'Web-search syntax: words, "quoted phrases", -excluded, or.', example: "opening hours sunday" }),
    limit: z
      .number()
      .int(SEARCH_LIMIT_MESSAGE)
      .min(1, SEARCH_LIMIT_MESSAGE)
      .max(MAX_SEARCH_RESULTS, SEARCH_LIMIT_MESSAGE)
      .default(DEFAULT_SEARCH_RESULTS)
      .openapi({ description: `How many chunks, 1 to ${MAX_SEARCH_RESULTS} (default ${DEFAULT_SEARCH_RESULTS}).` }),
  })
  .openapi("SearchKnowledgeBaseRequest");

export type KnowledgeBaseSearchInput = z.input<typeof SearchKnowledgeBaseBodySchema>;

export const KnowledgeBaseSearchResultSchema = z
  .object({
    source_id: z.uuid(),
    source_type: z.enum(knowledgeBaseSourceTypes),
    source_title: z.string().nullable().openapi({ description: "The text source's title, or the file's name." }),
    file_name: z.string().nullable(),
    position: z.number().int().openapi({ description: "Position of the chunk in its source, from 0." }),
    page: z.number().int().nullable().openapi({ description: "The PDF page the chunk comes from, from 1 (null for text sources)." }),
    content: z.string().openapi({ description: "The chunk's text (about 1,000 characters)." }),
    excerpt: z.string().openapi({
      description: "The parts of `content` around the matched words (Postgres `ts_headline`): up to two fragments joined by \" … \".",
    }),
    highlights: z
      .array(z.object({ start: z.number().int(), end: z.number().int() }))
      .openapi({ description: "Where the matched words are in `excerpt`, as [start, end) character offsets, in order." }),
    rank: z.number().openapi({
      description: "Relevance in [0, 1); results are ordered by it, best first. A chunk that reads as a table of contents or an index counts a fifth of its match, so prose ranks above it.",
    }),
  })
  .openapi("KnowledgeBaseSearchResult");

export type KnowledgeBaseSearchResult = z.infer<typeof KnowledgeBaseSearchResultSchema>;

export const ListKnowledgeBasesQuerySchema = pageModeListQuery;

export const KnowledgeBaseIdParamSchema = uuidPathParam("knowledge_base_id", "Knowledge base id");

/** Documented only: the upload is read by the route itself (streamed with a size cap), not by a validator. */
export const AddSourcesMultipartSchema = {
  type: "object" as const,
  properties: {
    file_sources: {
      type: "array" as const,
      items: { type: "string" as const, format: "binary" },
      description:
        "PDF files. Send each as a part named `file_sources.<index>.items` (as the specification does) or simply " +
        "`file_sources` (repeated). A file is accepted only when its content starts with `%PDF-`, whatever its name or type.",
    },
    text_sources: {
      type: "string" as const,
      description: 'JSON string holding an array of `{title, content}` objects, e.g. `[{"title":"Hours","content":"Open 9 to 5"}]`.',
      example: '[{"title":"Opening hours","content":"We are open every day from 9 am to 10 pm."}]',
    },
  },
};
