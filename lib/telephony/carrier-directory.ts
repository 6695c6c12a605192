import "server-only";
import type { Database } from "@/lib/db/client";
import { loadAccountSecrets } from "@/lib/services/telephony/telephony-accounts";
import type { Carrier } from "./carrier";
import type { FetchLike } from "./carrier-http";
import { carrierNames, type CarrierName } from "./carrier-name";
import { carrierCredentialsFromEnv, createCarrier, type CarrierCredentials } from "./create-carrier";

type Environment = Record<string, string | undefined>;

/** How this deployment reaches carriers and is reached by them. */
export type TelephonySettings = {
  /** `PUBLIC_BASE_URL`: where carriers send webhooks and open media streams; without it no phone call can be placed. */
  publicBaseUrl: string | undefined;
  /** Carrier credentials of a single-tenant deployment and the API base URLs (`TWILIO_*`, `TELNYX_*`). */
  env: Environment;
  fetch?: FetchLike;
  timeoutMs?: number;
};

export function telephonySettingsFromEnv(env: Environment = process.env): TelephonySettings {
  return { publicBaseUrl: env.PUBLIC_BASE_URL?.trim() || undefined, env };
}

export const PUBLIC_BASE_URL_MISSING =
  "PUBLIC_BASE_URL is not set: carriers cannot reach this deployment (webhooks and media streams), so no phone call can be placed. Set it to the public https:// address of this server.";

/** Stands in for PUBLIC_BASE_URL where no address is handed to the carrier (checking credentials, listing numbers). */
const UNUSED_BASE_URL = "http://localhost";

export type ResolvedCarrier = { carrier: Carrier; credentials: CarrierCredentials; source: "organization" | "environment" };

export function carrierFromCredentials(settings: TelephonySettings, credentials: CarrierCredentials): Carrier {
  return createCarrier(credentials, { publicBaseUrl: settings.publicBaseUrl ?? UNUSED_BASE_URL, env: settings.env, fetch: settings.fetch, timeoutMs: settings.timeoutMs });
}

/** The environment's account at `name`, if its variables are all set. */
export function environmentCredentials(settings: TelephonySettings, name: CarrierName): CarrierCredentials | null {
  return carrierCredentialsFromEnv(settings.env).find((each) => each.carrier === name) ?? null;
}

/** The organization's own account at `name`, else the environment's; null when neither exists. */
export async function organizationCarrier(db: Database, settings: TelephonySettings, organizationId: string, name: CarrierName): Promise<ResolvedCarrier | null> {
  const own = await loadAccountSecrets({ db, organizationId }, name);
  const credentials = own ?? environmentCredentials(settings, name);
  if (!credentials) return null;
  return { carrier: carrierFromCredentials(settings, credentials), credentials, source: own ? "organization" : "environment" };
}

/** Carriers the organization can place calls through. */
export async function configuredCarriers(db: Database, settings: TelephonySettings, organizationId: string): Promise<CarrierName[]> {
  const found: CarrierName[] = [];
  for (const name of carrierNames) {
    if (environmentCredentials(settings, name) || (await loadAccountSecrets({ db, organizationId }, name))) found.push(name);
  }
  return found;
}

/** A number's carrier: its own `carrier`, else the organization's only configured one; null when that is not one. */
export async function carrierOfNumber(
  db: Database,
  settings: TelephonySettings,
  organizationId: string,
  number: { carrier: CarrierName | null },
): Promise<ResolvedCarrier | null> {
  if (number.carrier) return organizationCarrier(db, settings, organizationId, number.carrier);
  const configured = await configuredCarriers(db, settings, organizationId);
  return configured.length === 1 ? organizationCarrier(db, settings, organizationId, configured[0]) : null;
}
