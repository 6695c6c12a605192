import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./accounts";
import { createdAt, id, timestampMs, updatedAt } from "./columns";
import { carrierNames } from "@/lib/schemas/telephony";

export { carrierNames, type CarrierName } from "@/lib/schemas/telephony";

/**
 * An organization's account at a carrier. The secrets are one sealed JSON document (AES-256-GCM,
 * lib/auth/secret-box.ts), never read back through the API; `account_ref` is the account's public
 * identifier (Twilio AccountSid, Telnyx connection id) that a webhook names before it is verified.
 */
export const telephonyAccounts = pgTable(
  "telephony_accounts",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    carrier: text("carrier", { enum: carrierNames }).notNull(),
    accountRef: text("account_ref").notNull(),
    secretsCiphertext: text("secrets_ciphertext").notNull(),
    accountName: text("account_name"),
    verifiedAt: timestampMs("verified_at"),
    verificationError: text("verification_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("telephony_accounts_org_carrier_unique").on(table.organizationId, table.carrier),
    index("telephony_accounts_carrier_ref_idx").on(table.carrier, table.accountRef),
  ],
);
