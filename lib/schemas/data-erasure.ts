import { z } from "@hono/zod-openapi";
import { e164 } from "./common";

export const dataErasureDoNotCallModes = ["suppress", "remove"] as const;

export const DataErasureBodySchema = z
  .strictObject({
    phone_number: e164().openapi({ description: "The person's number, E.164: every call with it on either side is deleted, and every campaign contact with it." }),
    do_not_call: z
      .enum(dataErasureDoNotCallModes)
      .optional()
      .openapi({
        description:
          "Extension. `suppress` (default): the number stays on (or joins) the do-not-call list as a keyed hash only, so the person is never called again yet is found by no one; " +
          "`remove`: its do-not-call entry goes too, for a person who asks for that (nothing then stops a later list from calling them).",
      }),
  })
  .openapi("DataErasureRequest");
export type DataErasureBody = z.infer<typeof DataErasureBodySchema>;

export const DataErasureResultSchema = z
  .object({
    calls_deleted: z.number().int().openapi({ description: "Calls deleted (with their transcripts, variable values, answers, events and webhook deliveries)." }),
    recordings_deleted: z.number().int().openapi({ description: "Recordings deleted from storage." }),
    contacts_deleted: z.number().int().openapi({ description: "Extension. Campaign contacts with the number deleted (with their variables and metadata), in every campaign." }),
    do_not_call: z.enum(["suppressed", "removed", "not_listed"]).openapi({
      description: "Extension. `suppressed`: the number's do-not-call entry keeps only its keyed hash; `removed`: its entry was deleted; `not_listed`: it had none and none was made.",
    }),
  })
  .openapi("DataErasureResult");
export type DataErasureResult = z.infer<typeof DataErasureResultSchema>;
