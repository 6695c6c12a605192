import { z } from "@hono/zod-openapi";
import { E164_MESSAGE, E164_PATTERN } from "./phone-number-format";


/** E.164 with the + prefix; the spec's minimum length of 8 characters follows from 7+ digits. */
export const e164 = (example = "+14155550123") =>
  z.string().min(8, "Must be at least 8 characters").regex(E164_PATTERN, E164_MESSAGE).openapi({ example });

export const isoDateTime = z.iso
  .datetime({ offset: true, message: "Must be an ISO 8601 date-time such as 2026-01-31T12:00:00Z" })
  .openapi({ example: "2026-01-31T12:00:00.000Z" });

/** A path parameter holding a UUID (the check of lib/schemas/ids.ts); anything else is answered 404 by the router's hook. */
export const uuidPathParam = (name: string, description: string) =>
  z.object({
    [name]: z.uuid().openapi({ param: { name, in: "path" }, description, example: "0b9f6c1e-2c5a-4bd3-9d8c-3f1f2f2a7d10" }),
  });

export const queryBoolean = (fallback: boolean, description: string) =>
  z
    .enum(["true", "false"], { message: "Must be true or false" })
    .default(fallback ? "true" : "false")
    .transform((value) => value === "true")
    .openapi({ type: "boolean", description, default: fallback } as never);

export const limitQuery = z.coerce
  .number({ message: "Must be an integer from 1 to 1000" })
  .int("Must be an integer from 1 to 1000")
  .min(1, "Must be an integer from 1 to 1000")
  .max(1000, "Must be an integer from 1 to 1000")
  .default(50)
  .openapi({ type: "integer", minimum: 1, maximum: 1000, default: 50, description: "Page size, 1 to 1000 (default 50)." });

export const pageQuery = z.coerce
  .number({ message: "Must be an integer of at least 1" })
  .int("Must be an integer of at least 1")
  .min(1, "Must be an integer of at least 1")
  .default(1)
  .openapi({ type: "integer", minimum: 1, default: 1, description: "1-indexed page number (page mode only). A page past the end is empty." });

export const cursorQuery = z.string().optional().openapi({
  description:
    "Cursor mode: the `next_cursor` of the previous page, passed back unchanged (an ISO 8601 date-time, optionally followed by `_` and an id). Records strictly older than it are returned.",
});

/** Query of the lists that page by page number unless asked for a cursor (phone numbers, agents, knowledge bases). */
export const pageModeListQuery = z.object({
  page: pageQuery,
  limit: limitQuery,
  use_cursor: queryBoolean(false, "true selects cursor paging (`cursor`, `next_cursor`); false (default) selects page paging."),
  cursor: cursorQuery,
});
