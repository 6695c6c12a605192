import { z } from "@hono/zod-openapi";

export const ConcurrencySchema = z
  .object({
    limit: z.number().int().openapi({ description: "Phone calls of the organization in progress at once (ringing included), at most." }),
    in_use: z.number().int(),
    inbound_reserved: z.number().int().openapi({ description: "Of `limit`, slots only inbound calls may take: outbound calls stop at `limit − inbound_reserved`." }),
    outbound_in_use: z.number().int(),
    inbound_in_use: z.number().int(),
    by_campaign: z.array(
      z.object({
        campaign_id: z.uuid(),
        name: z.string(),
        status: z.string(),
        in_use: z.number().int(),
        max_concurrent_calls: z.number().int(),
      }),
    ),
  })
  .openapi("Concurrency");
export type Concurrency = z.infer<typeof ConcurrencySchema>;

export const UpdateConcurrencyBodySchema = z
  .strictObject({
    limit: z.number().int("Must be a whole number").min(1).max(10_000).optional(),
    inbound_reserved: z.number().int("Must be a whole number").min(0).optional().openapi({ description: "0 to limit." }),
  })
  .superRefine((body, ctx) => {
    if (body.limit !== undefined && body.inbound_reserved !== undefined && body.inbound_reserved > body.limit) {
      ctx.addIssue({ code: "custom", path: ["inbound_reserved"], message: "Must be at most limit" });
    }
  })
  .openapi("UpdateConcurrencyRequest");
export type UpdateConcurrencyBody = z.infer<typeof UpdateConcurrencyBodySchema>;
