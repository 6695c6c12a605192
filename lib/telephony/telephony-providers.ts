import "server-only";
import type { ServiceContext } from "@/lib/services/context";
import type { PhoneNumber } from "@/lib/schemas/phone-numbers";
import { carrierLabels, type CarrierName, type CarrierNumber as CarrierNumberListing, type ProviderCredentials, type TelephonyProvider } from "@/lib/schemas/telephony";
import { ValidationError } from "@/lib/utils/domain-errors";
import { findPhoneNumberByNumber, importCarrierNumbers, refreshCarrierStates } from "@/lib/services/phone-numbers/phone-numbers";
import { getTelephonyAccount, recordAccountCheck, saveTelephonyAccount, type AccountSecrets } from "@/lib/services/telephony/telephony-accounts";
import type { CarrierNumber, CredentialCheck } from "./carrier";
import { CarrierApiError } from "./carrier-error";
import { carrierFromCredentials, environmentCredentials, organizationCarrier, PUBLIC_BASE_URL_MISSING, type TelephonySettings } from "./carrier-directory";
import { carrierUrls } from "./carrier-urls";
import { telnyxPublicKey } from "./telnyx/telnyx-signature";

type Context = ServiceContext & { settings: TelephonySettings };

export async function describeProvider(ctx: Context, carrier: CarrierName): Promise<TelephonyProvider> {
  const stored = await getTelephonyAccount(ctx, carrier);
  const env = stored ? null : environmentCredentials(ctx.settings, carrier);
  const base = ctx.settings.publicBaseUrl ?? null;
  const urls = base ? carrierUrls(carrier, base) : null;
  const configured = Boolean(stored || env);
  let problem: string | null = null;
  if (!configured) problem = `No ${carrierLabels[carrier]} account is connected.`;
  else if (!base) problem = PUBLIC_BASE_URL_MISSING;
  else if (stored?.verificationError) problem = stored.verificationError;
  return {
    carrier,
    configured,
    source: stored ? "organization" : env ? "environment" : null,
    account_id: stored?.accountRef ?? (env ? (env.carrier === "twilio" ? env.accountSid : env.connectionId) : null),
    account_name: stored?.accountName ?? null,
    verified_at: stored?.verifiedAt?.toISOString() ?? null,
    verification_error: stored?.verificationError ?? null,
    public_base_url: base,
    webhook_urls: urls ? { voice: urls.voice, status: urls.status, media_stream: urls.mediaStream } : null,
    problem,
    updated_at: stored?.updatedAt.toISOString() ?? null,
  };
}

function toSecrets(input: ProviderCredentials): AccountSecrets {
  if (input.carrier === "twilio") return { carrier: "twilio", accountSid: input.account_sid.trim(), authToken: input.auth_token.trim() };
  try {
    telnyxPublicKey(input.public_key);
  } catch (error) {
    throw ValidationError.field("public_key", error instanceof Error ? error.message : "Must be a base64 Ed25519 public key");
  }
  return { carrier: "telnyx", apiKey: input.api_key.trim(), publicKey: input.public_key.trim(), connectionId: input.connection_id.trim() };
}

/** Stores the organization's account (secrets sealed); `verify` checks it with the carrier first and refuses what the carrier refuses. */
export async function connectProvider(ctx: Context, input: ProviderCredentials, options: { verify: boolean }): Promise<TelephonyProvider> {
  const secrets = toSecrets(input);
  if (options.verify) {
    const check = await checkCredentials(ctx.settings, secrets);
    if (!check.ok && check.refused) throw ValidationError.field(input.carrier === "twilio" ? "auth_token" : "api_key", check.message);
    await saveTelephonyAccount(ctx, secrets);
    await recordAccountCheck(ctx, input.carrier, check);
  } else {
    await saveTelephonyAccount(ctx, secrets);
  }
  return describeProvider(ctx, input.carrier);
}

async function checkCredentials(settings: TelephonySettings, secrets: AccountSecrets): Promise<CredentialCheck> {
  return carrierFromCredentials(settings, secrets).verifyCredentials();
}

/** Asks the carrier whether the credentials in use work; the result is kept on a stored account. */
export async function testProvider(ctx: Context, carrier: CarrierName): Promise<CredentialCheck & { source: "organization" | "environment" }> {
  const resolved = await organizationCarrier(ctx.db, ctx.settings, ctx.organizationId, carrier);
  if (!resolved) throw ValidationError.field("carrier", `No ${carrier} account is connected to your organization or this deployment`);
  const check = await resolved.carrier.verifyCredentials();
  if (resolved.source === "organization") await recordAccountCheck(ctx, carrier, check);
  return { ...check, source: resolved.source };
}

async function requireCarrier(ctx: Context, carrier: CarrierName) {
  const resolved = await organizationCarrier(ctx.db, ctx.settings, ctx.organizationId, carrier);
  if (!resolved) throw ValidationError.field("carrier", `No ${carrier} account is connected to your organization or this deployment`);
  return resolved.carrier;
}

/** Carrier API failures are the caller's to fix (credentials, account state) or to retry: a 400 saying which. */
async function carrierCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CarrierApiError) throw ValidationError.field("carrier", error.isAuthentication ? `${error.carrier} refused the stored credentials` : error.message);
    throw error;
  }
}

/**
 * The account's numbers, as the carrier lists them, each with whether it reaches us and its record
 * here; the records take the state just seen (so the numbers page shows it).
 */
export async function listCarrierNumbers(ctx: Context, carrier: CarrierName): Promise<CarrierNumberListing[]> {
  const client = await requireCarrier(ctx, carrier);
  const numbers = await carrierCall(() => client.listNumbers());
  const views: CarrierNumberListing[] = [];
  for (const number of numbers) {
    const record = await findPhoneNumberByNumber(ctx, number.phoneNumber);
    views.push(toView(number, record?.type === "pstn" ? record.id : null, ctx.settings.publicBaseUrl !== undefined));
  }
  const registered = views.filter((view) => view.phone_number_id !== null);
  await refreshCarrierStates(
    ctx,
    carrier,
    registered.map((view) => ({ phoneNumber: view.phone_number, carrierNumberId: view.carrier_number_id, name: view.name, live: view.live, problem: view.problem })),
  );
  return views;
}

function toView(number: CarrierNumber, recordId: string | null, reachable: boolean): CarrierNumberListing {
  const problem = number.problem ?? (reachable ? null : PUBLIC_BASE_URL_MISSING);
  return {
    phone_number: number.phoneNumber,
    carrier_number_id: number.carrierNumberId,
    name: number.name,
    voice_enabled: number.voiceEnabled,
    live: number.live && reachable,
    problem,
    phone_number_id: recordId,
  };
}

/**
 * Imports numbers from the carrier account (all, or those listed): each is pointed at this
 * deployment (Twilio voice webhook; Telnyx connection) and recorded with its carrier and state.
 */
export async function importProviderNumbers(ctx: Context, carrier: CarrierName, only: string[] | undefined): Promise<PhoneNumber[]> {
  if (!ctx.settings.publicBaseUrl) throw ValidationError.field("carrier", PUBLIC_BASE_URL_MISSING);
  const client = await requireCarrier(ctx, carrier);
  const listed = await carrierCall(() => client.listNumbers());
  const wanted = only ? listed.filter((number) => only.includes(number.phoneNumber)) : listed;
  const missing = (only ?? []).filter((number) => !listed.some((each) => each.phoneNumber === number));
  if (missing.length) throw ValidationError.field("numbers", `Not on the ${carrier} account: ${missing.join(", ")}`);
  const connected: CarrierNumber[] = [];
  for (const number of wanted) {
    if (!number.voiceEnabled) connected.push(number);
    else connected.push(await carrierCall(() => client.connectNumber(number.carrierNumberId)));
  }
  return importCarrierNumbers(
    ctx,
    carrier,
    connected.map((number) => ({ phoneNumber: number.phoneNumber, carrierNumberId: number.carrierNumberId, name: number.name, live: number.live, problem: number.problem })),
  );
}
