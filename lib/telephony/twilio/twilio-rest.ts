import "server-only";
import { CarrierApiError } from "../carrier-error";
import { carrierRequest, type CarrierHttpOptions } from "../carrier-http";
import type { TwilioParams } from "./twilio-signature";

export type TwilioCredentials = { accountSid: string; authToken: string };

export const TWILIO_DEFAULT_API_BASE_URL = "https://api.twilio.com";

/** The fields of Twilio's Call resource we read. */
export type TwilioCallResource = { sid: string; status: string; to?: string; from?: string; duration?: string | null };

/** The fields of Twilio's IncomingPhoneNumber resource we read. */
export type TwilioNumberResource = {
  sid: string;
  phone_number: string;
  friendly_name?: string | null;
  voice_url?: string | null;
  voice_method?: string | null;
  voice_application_sid?: string | null;
  trunk_sid?: string | null;
  status_callback?: string | null;
  capabilities?: { voice?: boolean } | null;
};

const NOT_FOUND = "20404";

/** Twilio's 2010-04-01 REST API: form-encoded requests, HTTP basic auth, JSON answers. */
export class TwilioRest {
  constructor(
    private readonly credentials: TwilioCredentials,
    private readonly http: CarrierHttpOptions,
  ) {}

  private get accountPath(): string {
    return `/2010-04-01/Accounts/${encodeURIComponent(this.credentials.accountSid)}`;
  }

  createCall(params: TwilioParams): Promise<TwilioCallResource> {
    return this.post(`${this.accountPath}/Calls.json`, params) as Promise<TwilioCallResource>;
  }

  updateCall(callSid: string, params: TwilioParams): Promise<TwilioCallResource> {
    return this.post(`${this.accountPath}/Calls/${encodeURIComponent(callSid)}.json`, params) as Promise<TwilioCallResource>;
  }

  async listIncomingNumbers(): Promise<TwilioNumberResource[]> {
    const numbers: TwilioNumberResource[] = [];
    let path: string | null = `${this.accountPath}/IncomingPhoneNumbers.json?PageSize=1000`;
    for (let page = 0; path && page < 100; page++) {
      const body = (await this.request("GET", path)) as { incoming_phone_numbers?: TwilioNumberResource[]; next_page_uri?: string | null };
      numbers.push(...(body.incoming_phone_numbers ?? []));
      path = body.next_page_uri ?? null;
    }
    return numbers;
  }

  fetchIncomingNumber(numberSid: string): Promise<TwilioNumberResource> {
    return this.request("GET", `${this.accountPath}/IncomingPhoneNumbers/${encodeURIComponent(numberSid)}.json`) as Promise<TwilioNumberResource>;
  }

  updateIncomingNumber(numberSid: string, params: TwilioParams): Promise<TwilioNumberResource> {
    return this.post(`${this.accountPath}/IncomingPhoneNumbers/${encodeURIComponent(numberSid)}.json`, params) as Promise<TwilioNumberResource>;
  }

  fetchAccount(): Promise<{ sid: string; friendly_name?: string; status?: string }> {
    return this.request("GET", `${this.accountPath}.json`) as Promise<{ sid: string; friendly_name?: string; status?: string }>;
  }

  private post(path: string, params: TwilioParams): Promise<unknown> {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      for (const each of Array.isArray(value) ? value : [value]) form.append(name, each);
    }
    return this.request("POST", path, form.toString());
  }

  private async request(method: string, path: string, body?: string): Promise<unknown> {
    const { accountSid, authToken } = this.credentials;
    const headers: Record<string, string> = {
      Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
      Accept: "application/json",
    };
    if (body !== undefined) headers["Content-Type"] = "application/x-www-form-urlencoded";
    const response = await carrierRequest("twilio", this.http, path, { method, headers, body });
    if (response.status >= 200 && response.status < 300) return response.body;
    const error = (typeof response.body === "object" && response.body !== null ? response.body : {}) as { code?: number | string; message?: string };
    const code = error.code === undefined ? null : String(error.code);
    throw new CarrierApiError("twilio", response.status, code, `Twilio ${method} ${path.split("?")[0]} failed: ${response.status}${code ? ` (${code})` : ""} ${error.message ?? ""}`.trim());
  }
}

/** Twilio's "not found" for a call that already ended (and was archived). */
export function isTwilioCallGone(error: unknown): boolean {
  return error instanceof CarrierApiError && error.carrier === "twilio" && (error.code === NOT_FOUND || error.code === "21220");
}
