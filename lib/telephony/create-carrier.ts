import "server-only";
import type { Carrier } from "./carrier";
import type { FetchLike } from "./carrier-http";
import { TelnyxCarrier } from "./telnyx/telnyx-carrier";
import type { AccountSecrets } from "@/lib/services/telephony/telephony-accounts";
import { TwilioCarrier } from "./twilio/twilio-carrier";

/** One shape for stored accounts and the environment's. */
export type CarrierCredentials = AccountSecrets;

type Environment = Record<string, string | undefined>;

/** The single-tenant fallback: each carrier whose variables are all set. */
export function carrierCredentialsFromEnv(env: Environment = process.env): CarrierCredentials[] {
  const found: CarrierCredentials[] = [];
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN) {
    found.push({ carrier: "twilio", accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN });
  }
  if (env.TELNYX_API_KEY && env.TELNYX_PUBLIC_KEY && env.TELNYX_CONNECTION_ID) {
    found.push({ carrier: "telnyx", apiKey: env.TELNYX_API_KEY, publicKey: env.TELNYX_PUBLIC_KEY, connectionId: env.TELNYX_CONNECTION_ID });
  }
  return found;
}

/** A carrier client; REST base URLs from `TWILIO_API_BASE_URL` / `TELNYX_API_BASE_URL` when set. */
export function createCarrier(
  credentials: CarrierCredentials,
  options: { publicBaseUrl: string; env?: Environment; fetch?: FetchLike; timeoutMs?: number },
): Carrier {
  const env = options.env ?? process.env;
  if (credentials.carrier === "twilio") {
    const { accountSid, authToken } = credentials;
    return new TwilioCarrier({ accountSid, authToken }, { ...options, apiBaseUrl: env.TWILIO_API_BASE_URL });
  }
  const { apiKey, publicKey, connectionId } = credentials;
  return new TelnyxCarrier({ apiKey, publicKey, connectionId }, { ...options, apiBaseUrl: env.TELNYX_API_BASE_URL });
}
