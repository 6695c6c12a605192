import { z } from "@hono/zod-openapi";
import { cursorQuery, limitQuery } from "./common";

export const doNotCallSources = ["api", "studio", "agent", "erasure"] as const;

export const DoNotCallEntrySchema = z
  .object({
    id: z.uuid(),
    phone_number: z
      .string()
      .nullable()
      .openapi({ example: "+14155550123", description: "E.164; null for an erased person's entry (extension: see `erased`)." }),
    erased: z.boolean().openapi({
      description:
        "Extension. The person's data was erased (`POST /v1/data-erasure`): the entry keeps only a keyed hash of the number, so calls to it are still refused, and shows no number, reason or call. Remove it by its number or by its id.",
    }),
    reason: z.string().nullable(),
    source: z
      .enum(doNotCallSources)
      .openapi({ description: "api, studio, agent (the callee asked during a call: the add_to_do_not_call tool), or erasure (extension: made by a data erasure)." }),
    call_id: z.uuid().nullable().openapi({ description: "The call in which the callee asked, for source agent." }),
    created_at: z.string(),
  })
  .openapi("DoNotCallEntry");
export type DoNotCallEntry = z.infer<typeof DoNotCallEntrySchema>;

export const AddDoNotCallBodySchema = z
  .strictObject({
    phone_numbers: z
      .array(z.string().min(1, "Required").max(64))
      .min(1, "Must have at least 1 number")
      .max(10_000)
      .openapi({ description: "Numbers in international form (+…); normalised to E.164.", example: ["+14155550123"] }),
    reason: z.string().max(500).optional(),
  })
  .openapi("AddDoNotCallRequest");

export const AddDoNotCallResultSchema = z
  .object({
    added: z.number().int().openapi({ description: "Numbers newly listed." }),
    already_listed: z.number().int(),
    entries: z.array(DoNotCallEntrySchema).openapi({ description: "The entries of every number sent." }),
  })
  .openapi("AddDoNotCallResult");
export type AddDoNotCallResult = z.infer<typeof AddDoNotCallResultSchema>;

export const ListDoNotCallQuerySchema = z.object({ cursor: cursorQuery, limit: limitQuery });

export const DoNotCallNumberParamSchema = z.object({
  phone_number: z
    .string()
    .min(1)
    .max(64)
    .openapi({
      param: { name: "phone_number", in: "path" },
      description: "The listed number, E.164 (`+` URL-encoded as %2B, or left out); or (extension) the entry's id, which also names an erased person's entry.",
      example: "+14155550123",
    }),
});
