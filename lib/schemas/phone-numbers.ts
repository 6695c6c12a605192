import { z } from "@hono/zod-openapi";
import { parseAddressRange } from "@/lib/net/address-ranges";
import { e164, pageModeListQuery, uuidPathParam } from "./common";
import { carrierNames } from "./telephony";

export const phoneNumberTypes = ["pstn", "sip"] as const;
export type PhoneNumberType = (typeof phoneNumberTypes)[number];
export const sipInboundMatches = ["request_uri", "to"] as const;
export type SipInboundMatch = (typeof sipInboundMatches)[number];
export const sipTransports = ["udp", "tcp", "tls"] as const;
export type SipTransport = (typeof sipTransports)[number];
export const MAX_ALLOWED_SOURCE_ADDRESSES = 100;
const inboundMatch = z.enum(sipInboundMatches).openapi({
  description:
    "Where an inbound INVITE from this trunk names the called number: `request_uri` (the Request-URI's user part, " +
    "what most trunks send) or `to` (the To header's user part, for PBXs that keep their own host in the Request-URI).",
});
const SIP_URI_MESSAGE = "Must be a SIP URI starting with sip: or sips:, such as sip:trunk.example.com:5060";

export const SipTrunkInputSchema = z
  .strictObject({
    termination_uri: z
      .string()
      .max(2048)
      .regex(/^sips?:\S+$/, SIP_URI_MESSAGE)
      .openapi({
        description:
          "Where outbound calls from this number are sent. Its host must be (or resolve to) public unicast addresses: a loopback, " +
          "private, link-local or metadata address is refused with 400 when saved, and checked again after DNS when each call is placed, " +
          "unless the deployment's OUTBOUND_ALLOWED_HOSTS allows it (an operator's own PBX).",
        example: "sip:trunk.example.com:5060",
      }),
    transport: z.enum(sipTransports).default("udp").openapi({ description: "Transport to the trunk (default udp)." }),
    auth_username: z.string().min(1).max(255).nullable().optional().openapi({ description: "Digest username, if the trunk needs one." }),
    auth_password: z
      .string()
      .min(1)
      .max(255)
      .nullable()
      .optional()
      .openapi({
        description:
          "Write-only digest password; never returned (responses show `has_auth_password`). " +
          "Stored encrypted (AES-256-GCM under a key derived from AUTH_SECRET). " +
          "On PATCH, omitting it keeps the stored password and null clears it.",
      }),
    inbound_match: inboundMatch.default("request_uri"),
    allowed_source_addresses: z
      .array(z.string().refine((entry) => parseAddressRange(entry) !== null, "Must be an IP address or CIDR range, such as 203.0.113.5 or 10.0.0.0/8"))
      .max(MAX_ALLOWED_SOURCE_ADDRESSES)
      .default([])
      .openapi({
        description:
          "IP addresses or CIDR ranges (IPv4 or IPv6) this trunk's INVITEs come from. An INVITE for this number from any " +
          "other address is refused (403) and creates nothing; an empty list takes no inbound calls.",
        example: ["203.0.113.5", "198.51.100.0/24"],
      }),
  })
  .openapi("SipTrunkInput", {
    description:
      "Extension: the SIP trunk of a `sip` number (required for `sip`, refused for `pstn`). " +
      "On PATCH the object replaces the stored one, except that an omitted `auth_password` is kept.",
  });

export const SipTrunkSchema = z
  .object({
    termination_uri: z.string().openapi({ example: "sip:trunk.example.com:5060" }),
    transport: z.enum(sipTransports),
    auth_username: z.string().nullable(),
    has_auth_password: z.boolean().openapi({ description: "Whether a password is stored; the password itself is never returned." }),
    inbound_match: inboundMatch,
    allowed_source_addresses: z.array(z.string()),
  })
  .openapi("SipTrunk", { description: "Extension: the SIP trunk of a `sip` number; null for `pstn` numbers." });

const carrierField = z.enum(carrierNames, { message: "Must be twilio or telnyx" }).openapi({
  description:
    "Extension: the carrier that carries this `pstn` number's calls (`twilio` or `telnyx`). When a request omits it, the organization's only " +
    "configured carrier is used (none when it has none or several); refused for `sip` numbers.",
});

export const CarrierStateSchema = z
  .object({
    live: z.boolean().openapi({ description: "Whether the carrier sends this number's calls to this deployment." }),
    problem: z.string().nullable().openapi({ description: "Why it is not live, in words; null when live.", example: "The number's voice webhook points elsewhere (https://old.example.com/voice)." }),
    carrier_number_id: z.string().nullable().openapi({ description: "The carrier's id of the number (Twilio PN…, Telnyx id)." }),
    checked_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("PhoneNumberCarrierState", { description: "Extension: the number's state at its carrier as last checked (import or check); null when never checked." });

export const PhoneNumberSchema = z
  .object({
    id: z.uuid(),
    number: z.string().openapi({ description: "E.164 with the + prefix", example: "+14155550100" }),
    name: z.string().nullable().openapi({ example: "Support line" }),
    type: z.enum(phoneNumberTypes).openapi({ description: "`pstn` or `sip` (a number reached through your SIP trunk)." }),
    inbound_agent_id: z.uuid().nullable().openapi({ description: "Agent that answers calls to this number." }),
    redirect: z.boolean().openapi({ description: "When true, calls to this number are forwarded to `redirect_phone_number`." }),
    redirect_phone_number: z.string().nullable().openapi({ example: "+14155550199" }),
    sip_trunk: SipTrunkSchema.nullable(),
    carrier: carrierField.nullable(),
    carrier_state: CarrierStateSchema.nullable(),
    created_at: z.string().openapi({ format: "date-time", example: "2026-01-31T12:00:00.000Z" }),
    updated_at: z.string().openapi({ format: "date-time", example: "2026-01-31T12:00:00.000Z" }),
  })
  .openapi("PhoneNumber");

export type SipTrunk = z.infer<typeof SipTrunkSchema>;
/** Whether the carrier sends the number's calls to us, as last checked (an import or a check). */
export type CarrierState = z.infer<typeof CarrierStateSchema>;
export type PhoneNumber = z.infer<typeof PhoneNumberSchema>;

const nameField = z.string().trim().min(1, "Must not be empty").max(255).openapi({ example: "Support line" });
const agentIdField = z.uuid("Must be the UUID of an agent of your organization").openapi({
  description: "An agent of your organization; anything else is 400 naming `inbound_agent_id`.",
});

export const CreatePhoneNumberBodySchema = z
  .strictObject({
    number: e164("+14155550100"),
    name: nameField.nullable().optional(),
    type: z.enum(phoneNumberTypes).default("pstn"),
    inbound_agent_id: agentIdField.nullable().optional(),
    redirect: z.boolean().nullable().optional().openapi({ description: "Default false; true needs `redirect_phone_number`." }),
    redirect_phone_number: e164("+14155550199").nullable().optional(),
    sip_trunk: SipTrunkInputSchema.nullable().optional(),
    carrier: carrierField.nullable().optional(),
  })
  .openapi("CreatePhoneNumberRequest");

export const UpdatePhoneNumberBodySchema = z
  .strictObject({
    name: nameField.nullable().optional().openapi({ description: "null clears the name." }),
    inbound_agent_id: agentIdField.nullable().optional().openapi({ description: "null detaches the agent." }),
    redirect: z.boolean().nullable().optional().openapi({ description: "null means false. True needs a `redirect_phone_number`." }),
    redirect_phone_number: e164("+14155550199")
      .nullable()
      .optional()
      .openapi({ description: "null clears it. Must differ from the number itself." }),
    sip_trunk: SipTrunkInputSchema.nullable().optional(),
    carrier: carrierField.nullable().optional().openapi({ description: "Extension: `twilio` or `telnyx`; null clears it (then the only configured carrier is used)." }),
  })
  .openapi("UpdatePhoneNumberRequest", {
    description: "Every field is optional; omitted fields keep their values. Unknown fields are rejected.",
  });

/** What a client sends (defaults not yet applied); the service takes the same from callers that skip the HTTP layer. */
export type SipTrunkInput = z.input<typeof SipTrunkInputSchema>;
export type PhoneNumberCreate = z.input<typeof CreatePhoneNumberBodySchema>;
export type PhoneNumberUpdate = z.input<typeof UpdatePhoneNumberBodySchema>;

export const ListPhoneNumbersQuerySchema = pageModeListQuery;

export const PhoneNumberIdParamSchema = uuidPathParam("phone_number_id", "Phone number id");
