import { z } from "@hono/zod-openapi";
import { e164 } from "./common";

export const DataErasureBodySchema = z
  .strictObject({
    phone_number: e164().openapi({ description: "The person's number, E.164: every call with it on either side is deleted." }),
  })
  .openapi("DataErasureRequest");
export type DataErasureBody = z.infer<typeof DataErasureBodySchema>;

export const DataErasureResultSchema = z
  .object({
    calls_deleted: z.number().int().openapi({ description: "Calls deleted (with their transcripts, variable values, answers, events and webhook deliveries)." }),
    recordings_deleted: z.number().int().openapi({ description: "Recordings deleted from storage." }),
  })
  .openapi("DataErasureResult");
export type DataErasureResult = z.infer<typeof DataErasureResultSchema>;
