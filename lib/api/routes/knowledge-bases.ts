import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { searchKnowledgeBase } from "@/lib/services/knowledge-bases/knowledge-base-search";
import {
  addKnowledgeBaseSources,
  deleteKnowledgeBaseSources,
  UnknownSourcesError,
  UnsupportedFileError,
  UploadTooLargeError,
} from "@/lib/services/knowledge-bases/knowledge-base-sources";
import {
  createKnowledgeBase,
  deleteKnowledgeBase,
  findKnowledgeBase,
  getKnowledgeBase,
  listKnowledgeBases,
  renameKnowledgeBase,
} from "@/lib/services/knowledge-bases/knowledge-bases";
import { postgresBlobStore } from "@/lib/storage/postgres-blob-store";
import { serviceContext, type ApiEnv } from "../context";
import { envelope, ErrorEnvelopeSchema, jsonContent, listEnvelope, ok, standardErrorResponses } from "../envelope";
import { ApiError } from "../errors";
import { extension } from "../openapi-document";
import { createRouter } from "../router";
import {
  AddSourcesMultipartSchema,
  CreateKnowledgeBaseBodySchema,
  DeleteSourcesBodySchema,
  KnowledgeBaseIdParamSchema,
  KnowledgeBaseSchema,
  KnowledgeBaseSearchResultSchema,
  ListKnowledgeBasesQuerySchema,
  SearchKnowledgeBaseBodySchema,
  UpdateKnowledgeBaseBodySchema,
} from "@/lib/schemas/knowledge-bases";
import { readSourceUpload } from "./knowledge-base-upload";

const tags = ["Knowledge bases"];
const KnowledgeBaseEnvelope = envelope(KnowledgeBaseSchema, "KnowledgeBaseResponse");
const DEFAULT_MAX_FILE_BYTES = 25 * 1024 * 1024;
const DEFAULT_MAX_REQUEST_BYTES = 50 * 1024 * 1024;

const errorResponse = (description: string) => jsonContent(ErrorEnvelopeSchema, description);

const listRoute = extension(
  createRoute({
    method: "get",
    path: "/knowledge-bases",
    operationId: "listKnowledgeBases",
    tags,
    summary: "List knowledge bases",
    description:
      "Newest first, each with its sources. Page mode (default): `page` and `limit`, with `current_page`, `total_pages` " +
      "and `total_items`. Cursor mode (`use_cursor=true`): pass `next_cursor` back as `cursor`.",
    request: { query: ListKnowledgeBasesQuerySchema },
    responses: {
      200: jsonContent(listEnvelope(KnowledgeBaseSchema, "KnowledgeBaseListResponse"), "Knowledge bases of your organization"),
      ...standardErrorResponses,
    },
  }),
);

const createKnowledgeBaseRoute = extension(
  createRoute({
    method: "post",
    path: "/knowledge-bases",
    operationId: "createKnowledgeBase",
    tags,
    summary: "Create a knowledge base",
    description: "An empty knowledge base; add PDFs and texts with POST /knowledge-bases/{knowledge_base_id}/sources.",
    request: { body: { required: true, content: { "application/json": { schema: CreateKnowledgeBaseBodySchema } } } },
    responses: { 201: jsonContent(KnowledgeBaseEnvelope, "The new knowledge base"), ...standardErrorResponses },
  }),
);

const getRoute = createRoute({
  method: "get",
  path: "/knowledge-bases/{knowledge_base_id}",
  operationId: "getKnowledgeBase",
  tags,
  summary: "Get a knowledge base",
  description: "The knowledge base with its sources; `file_url` links are signed and expire (fetch again for fresh ones).",
  request: { params: KnowledgeBaseIdParamSchema },
  responses: { 200: jsonContent(KnowledgeBaseEnvelope, "The knowledge base"), ...standardErrorResponses },
});

const renameRoute = extension(
  createRoute({
    method: "patch",
    path: "/knowledge-bases/{knowledge_base_id}",
    operationId: "renameKnowledgeBase",
    tags,
    summary: "Rename a knowledge base",
    request: {
      params: KnowledgeBaseIdParamSchema,
      body: { required: true, content: { "application/json": { schema: UpdateKnowledgeBaseBodySchema } } },
    },
    responses: { 200: jsonContent(KnowledgeBaseEnvelope, "The renamed knowledge base"), ...standardErrorResponses },
  }),
);

const deleteRoute = extension(
  createRoute({
    method: "delete",
    path: "/knowledge-bases/{knowledge_base_id}",
    operationId: "deleteKnowledgeBase",
    tags,
    summary: "Delete a knowledge base",
    description: "Deletes the knowledge base with its sources, their indexed text and their stored files.",
    request: { params: KnowledgeBaseIdParamSchema },
    responses: {
      200: jsonContent(envelope(z.null(), "KnowledgeBaseDeletedResponse"), "Deleted; `data` is null"),
      ...standardErrorResponses,
    },
  }),
);

const addSourcesRoute = createRoute({
  method: "post",
  path: "/knowledge-bases/{knowledge_base_id}/sources",
  operationId: "addKnowledgeBaseSources",
  tags,
  summary: "Add sources",
  description:
    "multipart/form-data with PDF files (`file_sources.<index>.items` parts, or repeated `file_sources` parts) and/or " +
    "`text_sources` (a JSON string: an array of `{title, content}`). All or nothing: if any part is refused, nothing " +
    "is stored. A file must be a PDF by its content (it starts with `%PDF-`; names and declared types are ignored), " +
    "else **415** naming the part. A file over KB_MAX_FILE_BYTES (25 MB by default), a text over 1 MB, or a request over " +
    "KB_MAX_REQUEST_BYTES (50 MB) is **413**. Malformed `text_sources` JSON, unknown parts, or no source at all is 400. " +
    "At most 100 sources per request. Files are `processing` until a background job has extracted and indexed their " +
    "text, then `ready`, or `failed` with `failure_reason` (a PDF without text); texts are indexed at once (`ready`).",
  request: {
    params: KnowledgeBaseIdParamSchema,
    body: { required: true, content: { "multipart/form-data": { schema: AddSourcesMultipartSchema } } },
  },
  responses: {
    200: jsonContent(KnowledgeBaseEnvelope, "The updated knowledge base"),
    ...standardErrorResponses,
    413: errorResponse("A file, a text or the whole request is over its limit; `details` names each part"),
    415: errorResponse("Not multipart/form-data, or a file that is not a PDF; `details` names each part"),
  },
});

const deleteSourcesRoute = createRoute({
  method: "delete",
  path: "/knowledge-bases/{knowledge_base_id}/sources",
  operationId: "deleteKnowledgeBaseSources",
  tags,
  summary: "Remove sources",
  description:
    "Removes the sources with their indexed text and stored files. If any id is not a source of this knowledge base, " +
    "the answer is 404 with one `details` entry per unknown id (`source_ids[<index>]`), and nothing is deleted.",
  request: {
    params: KnowledgeBaseIdParamSchema,
    body: { required: true, content: { "application/json": { schema: DeleteSourcesBodySchema } } },
  },
  responses: { 200: jsonContent(KnowledgeBaseEnvelope, "The updated knowledge base"), ...standardErrorResponses },
});

const searchRoute = extension(
  createRoute({
    method: "post",
    path: "/knowledge-bases/{knowledge_base_id}/search",
    operationId: "searchKnowledgeBase",
    tags,
    summary: "Search a knowledge base",
    description:
      "Full-text search (Postgres, English stemming) over the ready sources: the best-matching chunks first, " +
      "with their source. The query takes web-search syntax: words, \"quoted phrases\", -excluded words, or.",
    request: {
      params: KnowledgeBaseIdParamSchema,
      body: { required: true, content: { "application/json": { schema: SearchKnowledgeBaseBodySchema } } },
    },
    responses: {
      200: jsonContent(envelope(z.array(KnowledgeBaseSearchResultSchema), "KnowledgeBaseSearchResponse"), "Matching chunks, best first"),
      ...standardErrorResponses,
    },
  }),
);

function storageOf(c: Context<ApiEnv>) {
  const deps = c.get("deps");
  return deps.storage ?? postgresBlobStore(deps.db);
}

/** The service's upload and lookup errors, with the status and `details` the route documents. */
function toUploadError(error: unknown): unknown {
  if (error instanceof UploadTooLargeError) return new ApiError("payload_too_large", error.message, error.details);
  if (error instanceof UnsupportedFileError) return new ApiError("unsupported_media_type", error.message, error.details);
  if (error instanceof UnknownSourcesError) return new ApiError("not_found", error.message, error.details);
  return error;
}

export function knowledgeBaseRoutes() {
  const app = createRouter();

  app.openapi(listRoute, async (c) => {
    const { items, ...paging } = await listKnowledgeBases(serviceContext(c), c.req.valid("query"));
    return ok(c, items, { message: "Knowledge bases retrieved", extra: paging });
  });

  app.openapi(createKnowledgeBaseRoute, async (c) => {
    const created = await createKnowledgeBase(serviceContext(c), c.req.valid("json"));
    return ok(c, created, { message: "Knowledge base created", status: 201 });
  });

  app.openapi(getRoute, async (c) => {
    const found = await getKnowledgeBase(serviceContext(c), c.req.valid("param").knowledge_base_id);
    return ok(c, found, { message: "Knowledge base retrieved" });
  });

  app.openapi(renameRoute, async (c) => {
    const renamed = await renameKnowledgeBase(serviceContext(c), c.req.valid("param").knowledge_base_id, c.req.valid("json"));
    return ok(c, renamed, { message: "Knowledge base updated" });
  });

  app.openapi(deleteRoute, async (c) => {
    await deleteKnowledgeBase(serviceContext(c), storageOf(c), c.req.valid("param").knowledge_base_id);
    return ok(c, null, { message: "Knowledge base deleted" });
  });

  app.openapi(addSourcesRoute, async (c) => {
    const ctx = serviceContext(c);
    const id = c.req.valid("param").knowledge_base_id;
    const { settings, queue } = c.get("deps");
    // A missing knowledge base is 404 before a large body is read.
    await findKnowledgeBase(ctx, id);
    const upload = await readSourceUpload(c.req.raw, settings.knowledgeBaseMaxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES);
    const updated = await addKnowledgeBaseSources(
      ctx,
      { storage: storageOf(c), queue, maxFileBytes: settings.knowledgeBaseMaxFileBytes ?? DEFAULT_MAX_FILE_BYTES },
      id,
      upload,
    ).catch((error: unknown) => {
      throw toUploadError(error);
    });
    return ok(c, updated, { message: "Sources added" });
  });

  app.openapi(deleteSourcesRoute, async (c) => {
    const updated = await deleteKnowledgeBaseSources(
      serviceContext(c),
      storageOf(c),
      c.req.valid("param").knowledge_base_id,
      c.req.valid("json").source_ids,
    ).catch((error: unknown) => {
      throw toUploadError(error);
    });
    return ok(c, updated, { message: "Sources removed" });
  });

  app.openapi(searchRoute, async (c) => {
    const results = await searchKnowledgeBase(serviceContext(c), c.req.valid("param").knowledge_base_id, c.req.valid("json"));
    return ok(c, results, { message: `${results.length} matching chunk(s)` });
  });

  return app;
}
