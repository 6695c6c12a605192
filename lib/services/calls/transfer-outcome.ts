import { sql, type SQL } from "drizzle-orm";
import { calls } from "@/lib/db/schema";
import type { CallEndReason, CallTransfer } from "@/lib/schemas/call-values";

/** Whether the transfer took the caller away from the agent: a warm one once answered, a cold one once the carrier dialled on. */
export function transferTookCaller(transfer: CallTransfer | null): boolean {
  if (!transfer) return false;
  return transfer.mode === "warm" ? transfer.status === "answered" || transfer.status === "completed" : transfer.status !== "dialing";
}

/**
 * The end reason stored when the conversation ends with `reason`: a caller's stream that closed because a
 * transfer took the caller is `transferred`. Decided in the UPDATE from the row's `transfer`, so the outcome
 * does not depend on whether the transfer or the conversation's end is written first.
 */
export function endReasonSql(reason: CallEndReason): SQL | CallEndReason {
  if (reason !== "user_hangup") return reason;
  const status = sql`${calls.transfer}->>'status'`;
  return sql`case when ${calls.transfer} is not null and (case when ${calls.transfer}->>'mode' = 'warm' then ${status} in ('answered', 'completed') else ${status} <> 'dialing' end) then 'transferred' else 'user_hangup' end`;
}
