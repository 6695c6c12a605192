import "server-only";
import { eq } from "drizzle-orm";
import { organizations } from "@/lib/db/schema";
import { withTransaction, type ServiceContext } from "./context";
import { fieldChanges } from "./audit/audit-changes";
import { recordAudit } from "./audit/record-audit";
import { NotFoundError } from "@/lib/utils/domain-errors";
import { DEFAULT_PRICING, pricingFields, type Pricing, type PricingResponse, type UpdatePricingBody } from "@/lib/schemas/pricing";

/** Stored overrides (a partial table) over the defaults. */
export function effectivePricing(stored: Record<string, number> | null | undefined): Pricing {
  const out = { ...DEFAULT_PRICING };
  for (const field of pricingFields) {
    const value = stored?.[field];
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) out[field] = value;
  }
  return out;
}

function toResponse(stored: Record<string, number> | null): PricingResponse {
  return {
    currency: "USD",
    ...effectivePricing(stored),
    defaults: { ...DEFAULT_PRICING },
    overridden: pricingFields.filter((field) => typeof stored?.[field] === "number"),
  };
}

async function storedPricing(ctx: ServiceContext, lock = false): Promise<Record<string, number> | null> {
  const query = ctx.db.select({ pricing: organizations.pricing }).from(organizations).where(eq(organizations.id, ctx.organizationId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new NotFoundError("Organization");
  return row.pricing;
}

export async function getPricing(ctx: ServiceContext): Promise<PricingResponse> {
  return toResponse(await storedPricing(ctx));
}

/** Partial update: a number sets the price, null returns the field to its default, an omitted field keeps its value. */
export async function updatePricing(ctx: ServiceContext, patch: UpdatePricingBody, now = new Date()): Promise<PricingResponse> {
  return withTransaction(ctx, async (txCtx) => {
    const next: Record<string, number> = { ...(await storedPricing(txCtx, true)) };
    for (const field of pricingFields) {
      if (!(field in patch)) continue;
      const value = patch[field];
      if (value === null) delete next[field];
      else if (value !== undefined) next[field] = value;
    }
    const stored = Object.keys(next).length ? next : null;
    const before = toResponse(await storedPricing(txCtx));
    await txCtx.db.update(organizations).set({ pricing: stored, updatedAt: now }).where(eq(organizations.id, ctx.organizationId));
    const after = toResponse(stored);
    const changes = fieldChanges(before, after, { ignore: ["defaults", "currency"] });
    if (Object.keys(changes).length) await recordAudit(txCtx, { action: "pricing.updated", resourceType: "pricing", resourceId: null, changes });
    return after;
  });
}
