import { z } from "zod";

/**
 * Every id of ours is a UUID in its canonical form, as zod's `z.uuid()` checks it (the check path
 * ids get through `uuidPathParam`). Ids from outside (webhook query strings, carrier client_state,
 * media-stream start frames, session paths) pass here before they reach SQL: Postgres refuses
 * anything else with an error, which must be a 4xx for the sender, never a 500 or a crash.
 */
export const uuidSchema = z.uuid();

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && uuidSchema.safeParse(value).success;
}
