import "server-only";
import { CarrierApiError } from "../carrier-error";
import { carrierRequest, type CarrierHttpOptions } from "../carrier-http";

export type TelnyxCredentials = {
  /** `TELNYX_API_KEY` (Bearer). */
  apiKey: string;
  /** `TELNYX_PUBLIC_KEY`: base64 Ed25519 key that signs webhooks. */
  publicKey: string;
  /** `TELNYX_CONNECTION_ID`: the Call Control application that places calls and receives them. */
  connectionId: string;
};

export const TELNYX_DEFAULT_API_BASE_URL = "https://api.telnyx.com";

export type TelnyxPhoneNumber = {
  id: string;
  phone_number: string;
  status?: string;
  connection_id?: string | null;
  connection_name?: string | null;
  customer_reference?: string | null;
  tags?: string[];
};

export type TelnyxApplication = { id: string; application_name: string; webhook_event_url?: string | null; active?: boolean };

type TelnyxErrorBody = { errors?: { code?: string | number; title?: string; detail?: string; source?: { pointer?: string } }[] };

/** Telnyx's "Call has already ended" (422) on a call command. */
export const TELNYX_CALL_ENDED = "90018";

/** Keeps what a path segment may hold unencoded (a call_control_id's `v3:` prefix), as Telnyx's SDK does. */
function segment(value: string): string {
  return value.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@]+/g, encodeURIComponent);
}

/** Telnyx API v2: JSON bodies, Bearer API key, answers wrapped in `data`, errors in `errors`. */
export class TelnyxRest {
  constructor(
    private readonly apiKey: string,
    private readonly http: CarrierHttpOptions,
  ) {}

  async dial(body: Record<string, unknown>): Promise<{ call_control_id: string; call_leg_id?: string; call_session_id?: string }> {
    return (await this.request("POST", "/v2/calls", body)) as { call_control_id: string };
  }

  /** A Call Control command: answer, hangup, transfer, speak, streaming_start, … */
  async command(callControlId: string, action: string, body: Record<string, unknown> = {}): Promise<void> {
    await this.request("POST", `/v2/calls/${segment(callControlId)}/actions/${action}`, body);
  }

  async listPhoneNumbers(): Promise<TelnyxPhoneNumber[]> {
    const numbers: TelnyxPhoneNumber[] = [];
    for (let page = 1; page <= 100; page++) {
      const body = (await this.request("GET", `/v2/phone_numbers?page%5Bnumber%5D=${page}&page%5Bsize%5D=250`)) as {
        data?: TelnyxPhoneNumber[];
        meta?: { total_pages?: number };
      };
      numbers.push(...(body.data ?? []));
      if (!body.meta?.total_pages || page >= body.meta.total_pages || (body.data ?? []).length === 0) break;
    }
    return numbers;
  }

  async updatePhoneNumber(id: string, body: Record<string, unknown>): Promise<TelnyxPhoneNumber> {
    return ((await this.request("PATCH", `/v2/phone_numbers/${segment(id)}`, body)) as { data: TelnyxPhoneNumber }).data;
  }

  async getApplication(id: string): Promise<TelnyxApplication> {
    return ((await this.request("GET", `/v2/call_control_applications/${segment(id)}`)) as { data: TelnyxApplication }).data;
  }

  async updateApplication(id: string, body: Record<string, unknown>): Promise<TelnyxApplication> {
    return ((await this.request("PATCH", `/v2/call_control_applications/${segment(id)}`, body)) as { data: TelnyxApplication }).data;
  }

  private async request(method: string, path: string, body?: Record<string, unknown>): Promise<unknown> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.apiKey}`, Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await carrierRequest("telnyx", this.http, path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (response.status >= 200 && response.status < 300) {
      return method === "POST" && path === "/v2/calls" ? (response.body as { data: unknown }).data : response.body;
    }
    const first = (typeof response.body === "object" && response.body !== null ? (response.body as TelnyxErrorBody) : {}).errors?.[0];
    const code = first?.code === undefined ? null : String(first.code);
    const detail = [first?.title, first?.detail].filter(Boolean).join(": ");
    throw new CarrierApiError("telnyx", response.status, code, `Telnyx ${method} ${path.split("?")[0]} failed: ${response.status}${code ? ` (${code})` : ""} ${detail}`.trim());
  }
}
