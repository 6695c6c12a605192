import { z } from "@hono/zod-openapi";
import { e164 } from "./common";

/** The carriers whose accounts an organization connects (their calls stream media to us over a WebSocket). */
export const carrierNames = ["twilio", "telnyx"] as const;
export type CarrierName = (typeof carrierNames)[number];
export const carrierLabels: Record<CarrierName, string> = { twilio: "Twilio", telnyx: "Telnyx" };

export const CarrierParamSchema = z.object({
  carrier: z.enum(carrierNames).openapi({ param: { name: "carrier", in: "path" }, description: "`twilio` or `telnyx`.", example: "twilio" }),
});

const secret = (description: string) => z.string().trim().min(1, "Must not be empty").max(512).openapi({ description, writeOnly: true } as never);

/** One object for both carriers, so each missing or misplaced field is named (the route checks which the carrier needs). */
export const ProviderCredentialsBodySchema = z
  .strictObject({
    account_sid: z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, "Must be a Twilio Account SID: AC followed by 32 hexadecimal characters")
      .optional()
      .openapi({ description: "Twilio: the Account SID.", example: "AC0123456789abcdef0123456789abcdef" }),
    auth_token: secret("Twilio: the auth token. Write-only, never returned.").optional(),
    api_key: secret("Telnyx: the API v2 key (KEY…). Write-only, never returned.").optional(),
    public_key: z.string().trim().min(1, "Must not be empty").max(200).optional().openapi({ description: "Telnyx: the webhook signing public key (base64 Ed25519; Portal → Keys & Credentials)." }),
    connection_id: z.string().trim().min(1, "Must not be empty").max(100).optional().openapi({ description: "Telnyx: the Call Control application (connection) id that places and receives the calls." }),
    verify: z.boolean().default(true).openapi({
      description: "Check the credentials with the carrier first (default true): credentials the carrier refuses are 400 and nothing is stored; an unreachable carrier stores them with the error noted.",
    }),
  })
  .openapi("TelephonyProviderCredentials", {
    description: "Twilio: `account_sid` and `auth_token`. Telnyx: `api_key`, `public_key` and `connection_id`. Secrets are stored encrypted and never returned.",
  });

export const carrierCredentialFields = { twilio: ["account_sid", "auth_token"], telnyx: ["api_key", "public_key", "connection_id"] } as const;

type CredentialsBody = z.infer<typeof ProviderCredentialsBodySchema>;
export type TwilioCredentials = Required<Pick<CredentialsBody, (typeof carrierCredentialFields.twilio)[number]>>;
export type TelnyxCredentials = Required<Pick<CredentialsBody, (typeof carrierCredentialFields.telnyx)[number]>>;
/** The credentials of one carrier, each field its carrier needs present. */
export type ProviderCredentials = ({ carrier: "twilio" } & TwilioCredentials) | ({ carrier: "telnyx" } & TelnyxCredentials);

export const TelephonyProviderSchema = z
  .object({
    carrier: z.enum(carrierNames),
    configured: z.boolean().openapi({ description: "Whether an account is connected (the organization's own, or the deployment's environment)." }),
    source: z.enum(["organization", "environment"]).nullable().openapi({ description: "Where the account in use comes from." }),
    account_id: z.string().nullable().openapi({ description: "Twilio Account SID or Telnyx connection id (not secret)." }),
    account_name: z.string().nullable(),
    verified_at: z.string().nullable().openapi({ format: "date-time", description: "When the stored credentials last passed a check." }),
    verification_error: z.string().nullable().openapi({ description: "Why the last check failed." }),
    public_base_url: z.string().nullable().openapi({ description: "PUBLIC_BASE_URL: where the carrier reaches this deployment." }),
    webhook_urls: z
      .object({
        voice: z.string().openapi({ example: "https://voice.example.com/telephony/twilio/voice" }),
        status: z.string().openapi({ example: "https://voice.example.com/telephony/twilio/status" }),
        media_stream: z.string().openapi({ example: "wss://voice.example.com/telephony/twilio/media" }),
      })
      .nullable()
      .openapi({ description: "The addresses to paste in the carrier's console (null without PUBLIC_BASE_URL). Importing numbers sets them for you." }),
    problem: z.string().nullable().openapi({ description: "Why phone calls through this carrier cannot be placed now; null when they can." }),
    updated_at: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("TelephonyProvider");

/** A carrier account as the organization sees it (never a secret). */
export type TelephonyProvider = z.infer<typeof TelephonyProviderSchema>;

export const CredentialCheckSchema = z
  .object({
    ok: z.boolean(),
    message: z.string().nullable().openapi({ description: "Why the carrier refused, when it did." }),
    account_name: z.string().nullable(),
    source: z.enum(["organization", "environment"]),
  })
  .openapi("TelephonyCredentialCheck");

export type CredentialCheck = z.infer<typeof CredentialCheckSchema>;

export const CarrierNumberSchema = z
  .object({
    phone_number: z.string().openapi({ example: "+14155550100" }),
    carrier_number_id: z.string(),
    name: z.string().nullable(),
    voice_enabled: z.boolean(),
    live: z.boolean().openapi({ description: "Whether its calls reach this deployment now." }),
    problem: z.string().nullable().openapi({ description: "Why not, in words." }),
    phone_number_id: z.uuid().nullable().openapi({ description: "The phone number record here, once imported or created." }),
  })
  .openapi("CarrierNumber");

/** A number of the carrier account, with whether it reaches this deployment and its record here. */
export type CarrierNumber = z.infer<typeof CarrierNumberSchema>;

export const ImportNumbersBodySchema = z
  .strictObject({
    numbers: z.array(e164()).min(1).max(1000).optional().openapi({ description: "The numbers to import (E.164); all of the account's numbers when omitted." }),
  })
  .openapi("ImportCarrierNumbersRequest");
