import { errorFromResponse, VoiceApiError } from "./errors";

/** Sends one request to /v1 and returns its response; `http` and `in-process` are the two kinds. */
export type VoiceApiTransport = (request: Request) => Promise<Response>;

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type Query = Record<string, QueryValue>;

export type RequestOptions = {
  query?: Query | URLSearchParams;
  /** A plain value is sent as JSON; FormData, Blob, streams and strings go as they are. */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
};

/** A success envelope; list endpoints add the paging fields. */
export type Envelope<T> = {
  data: T;
  message: string;
  error: null;
  status: number;
  next_cursor?: string | null;
  current_page?: number | null;
  total_pages?: number | null;
  total_items?: number | null;
};

export type VoiceApiClientOptions = {
  /** Origin of the API (`https://voice.example.com`); paths are sent under `<baseUrl>/v1`. */
  baseUrl: string;
  apiKey: string;
  transport: VoiceApiTransport;
};

const isRawBody = (body: unknown): body is BodyInit =>
  typeof body === "string" ||
  body instanceof FormData ||
  body instanceof Blob ||
  body instanceof URLSearchParams ||
  body instanceof ArrayBuffer ||
  ArrayBuffer.isView(body) ||
  body instanceof ReadableStream;

/**
 * The typed client of /v1. On the server (server components, the BFF) it holds the organization's
 * key, so that instance never reaches a browser; the browser's own (browser-client.ts) holds no key
 * and goes through the BFF, which adds it after the role check.
 * Per-resource helpers live beside it (lib/voice-api/calls.ts …) and call `request`/`requestEnvelope`.
 */
export class VoiceApiClient {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #transport: VoiceApiTransport;

  constructor(options: VoiceApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#apiKey = options.apiKey;
    this.#transport = options.transport;
  }

  /**
   * The full URL of a /v1 path (`/calls` or `calls`), with the query appended. A path that would
   * leave /v1 once the URL is parsed (`..`, encoded separators) is refused, never sent.
   */
  url(path: string, query?: Query | URLSearchParams): URL {
    const clean = path.replace(/^\/+/, "").replace(/^v1(\/|$)/, "");
    const url = new URL(`${this.baseUrl}/v1${clean ? `/${clean}` : ""}`);
    const root = `${new URL(this.baseUrl).pathname.replace(/\/+$/, "")}/v1`;
    if (url.pathname !== root && !url.pathname.startsWith(`${root}/`)) {
      throw new VoiceApiError(400, "invalid_path", `Not a path of the API: ${path}`);
    }
    if (query instanceof URLSearchParams) {
      query.forEach((value, key) => url.searchParams.append(key, value));
    } else if (query) {
      for (const [key, value] of Object.entries(query)) {
        if (value === undefined || value === null) continue;
        for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
      }
    }
    return url;
  }

  /**
   * The raw response, body unread (streams: CSV export, uploads passed through). Never throws for an
   * HTTP error status; a transport failure becomes a 502 `api_unreachable` VoiceApiError.
   */
  async fetch(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(options.headers);
    if (this.#apiKey) headers.set("x-api-key", this.#apiKey);
    if (!headers.has("accept")) headers.set("accept", "application/json");
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isRawBody(options.body)) {
        body = options.body;
      } else {
        body = JSON.stringify(options.body);
        headers.set("content-type", "application/json");
      }
    }
    const init: RequestInit & { duplex?: "half" } = { method: method.toUpperCase(), headers, body, signal: options.signal, redirect: "manual" };
    if (body instanceof ReadableStream) init.duplex = "half";
    try {
      return await this.#transport(new Request(this.url(path, options.query), init));
    } catch (error) {
      if (options.signal?.aborted || error instanceof VoiceApiError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new VoiceApiError(502, "api_unreachable", `The voice API at ${this.baseUrl} could not be reached: ${reason}`);
    }
  }

  /** The whole success envelope (lists: with `next_cursor`, `current_page` …); throws VoiceApiError otherwise. */
  async requestEnvelope<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
    const response = await this.fetch(method, path, options);
    if (!response.ok) throw await errorFromResponse(response);
    if (response.status === 204) return { data: null as T, message: "No content", error: null, status: 204 };
    const text = await response.text();
    try {
      return JSON.parse(text) as Envelope<T>;
    } catch {
      throw new VoiceApiError(502, "unexpected_response", `The API answered ${response.status} with a body that is not JSON`, [], response.headers.get("x-request-id"));
    }
  }

  /** The envelope's `data`; throws VoiceApiError (status, code, message, details) on failure. */
  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    return (await this.requestEnvelope<T>(method, path, options)).data;
  }

  get<T>(path: string, options?: Omit<RequestOptions, "body">) {
    return this.request<T>("GET", path, options);
  }
  post<T>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("POST", path, { ...options, body });
  }
  patch<T>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("PATCH", path, { ...options, body });
  }
  put<T>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("PUT", path, { ...options, body });
  }
  delete<T>(path: string, options?: RequestOptions) {
    return this.request<T>("DELETE", path, options);
  }

  /** True when `text` contains this client's key (the BFF checks its answers with it). */
  revealsKey(text: string): boolean {
    return this.#apiKey !== "" && text.includes(this.#apiKey);
  }
}
