import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { carrierNames } from "./telephony";
import { organizations } from "./accounts";
import { agents } from "./agents";
import { createdAt, id, timestampMs, updatedAt } from "./columns";

import { phoneNumberTypes, type SipInboundMatch, type SipTransport } from "@/lib/schemas/phone-numbers";

export { phoneNumberTypes, sipInboundMatches, type PhoneNumberType, type SipInboundMatch } from "@/lib/schemas/phone-numbers";

export type SipTrunkSettings = {
  terminationUri: string;
  transport: SipTransport;
  authUsername: string | null;
  /** The digest password sealed with the studio secret (lib/services/sip-trunk-password.ts); never returned. */
  authPasswordSealed?: string | null;
  /** Plaintext, as stored before passwords were sealed; read only when no sealed one exists. */
  authPassword?: string | null;
  /** Where an inbound INVITE names this number: the Request-URI's user part or the To header's. */
  inboundMatch?: SipInboundMatch;
  /** IP addresses or CIDR ranges the trunk's INVITEs may come from; none: inbound calls are refused. */
  allowedSourceAddresses?: string[];
};

export const phoneNumbers = pgTable(
  "phone_numbers",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    name: text("name"),
    type: text("type", { enum: phoneNumberTypes }).notNull().default("pstn"),
    inboundAgentId: uuid("inbound_agent_id").references(() => agents.id, { onDelete: "set null" }),
    redirect: boolean("redirect").notNull().default(false),
    redirectPhoneNumber: text("redirect_phone_number"),
    /** Only for `sip` numbers: where outbound calls are sent and how to authenticate. */
    sipTrunk: jsonb("sip_trunk").$type<SipTrunkSettings>(),
    /** Only for `pstn` numbers: the carrier that carries its calls, and its id and state there (set by an import or a check). */
    carrier: text("carrier", { enum: carrierNames }),
    carrierNumberId: text("carrier_number_id"),
    carrierLive: boolean("carrier_live"),
    carrierProblem: text("carrier_problem"),
    carrierCheckedAt: timestampMs("carrier_checked_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Unique within an organization only: refusing another organization's number would reveal that it exists.
    uniqueIndex("phone_numbers_org_number_unique").on(table.organizationId, table.number),
    // Inbound routing finds the number before it knows the organization (then narrows by the carrier account or SIP trunk).
    index("phone_numbers_number_idx").on(table.number),
    index("phone_numbers_org_created_idx").on(table.organizationId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);
