import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { calls, organizations } from "@/lib/db/schema";
import type { CallType, CallUsage } from "@/lib/schemas/call-values";
import type { Pricing } from "@/lib/schemas/pricing";
import { effectivePricing } from "../pricing";

/** Cost parts in USD, the keys the call record shows in `cost_breakdown`. */
export type CostBreakdown = { telephony: number; speech_to_text: number; text_to_speech: number; llm: number };

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0);

/**
 * Telephony bills the connected time (answer to end, plus any redirected leg) by the second, phone calls
 * only; speech-to-text bills the transcribed audio; text-to-speech the characters spoken; the LLM its tokens.
 */
export function computeCallCost(
  call: { type: CallType; durationSeconds: number | null; redirectDurationSeconds: number | null; usage: Partial<CallUsage> | null },
  pricing: Pricing,
): { cost: number; breakdown: CostBreakdown } {
  const usage = call.usage ?? {};
  const telephonySeconds = call.type === "phone_call" ? count(call.durationSeconds) + count(call.redirectDurationSeconds) : 0;
  const breakdown: CostBreakdown = {
    telephony: round6((telephonySeconds / 60) * pricing.telephony_per_minute),
    speech_to_text: round6((count(usage.stt_seconds) / 60) * pricing.speech_to_text_per_minute),
    text_to_speech: round6((count(usage.tts_characters) / 1e6) * pricing.text_to_speech_per_million_characters),
    llm: round6(
      (count(usage.llm_input_tokens) / 1e6) * pricing.llm_input_per_million_tokens +
        (count(usage.llm_output_tokens) / 1e6) * pricing.llm_output_per_million_tokens,
    ),
  };
  const cost = round6(breakdown.telephony + breakdown.speech_to_text + breakdown.text_to_speech + breakdown.llm);
  return { cost, breakdown };
}

/** Prices a finished call with its organization's table and keeps cost and breakdown on it. Idempotent: it sets, never adds. */
export async function priceCall(db: Database, callId: string): Promise<{ cost: number; breakdown: CostBreakdown } | null> {
  const [row] = await db
    .select({
      organizationId: calls.organizationId,
      type: calls.type,
      durationSeconds: calls.durationSeconds,
      redirectDurationSeconds: calls.redirectDurationSeconds,
      usage: calls.usage,
      pricing: organizations.pricing,
    })
    .from(calls)
    .innerJoin(organizations, eq(organizations.id, calls.organizationId))
    .where(eq(calls.id, callId));
  if (!row) return null;
  const priced = computeCallCost(row, effectivePricing(row.pricing));
  await db
    .update(calls)
    .set({ cost: priced.cost, costBreakdown: priced.breakdown, updatedAt: new Date() })
    .where(and(eq(calls.id, callId), eq(calls.organizationId, row.organizationId)));
  return priced;
}
