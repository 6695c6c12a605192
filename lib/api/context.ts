import type { Database } from "@/lib/db/client";
import type { Admission } from "@/lib/load/load-limits";
import type { JobQueue } from "@/lib/jobs/queue";
import type { RateLimiter } from "@/lib/services/rate-limits/rate-limiter";
import type { HttpClient, LanguageModelPort } from "@/lib/runtime/types";
import type { BlobStore } from "@/lib/storage/blob-store";
import { requestOrigin } from "@/lib/net/request-origin";
import type { LinkSigner, SignedLinks } from "@/lib/storage/signed-links";
import { telephonySettingsFromEnv, type TelephonySettings } from "@/lib/telephony/carrier-directory";

export type ApiSettings = {
  rateLimitPerMinute: number;
  jsonBodyLimitBytes: number;
  /** Knowledge-base uploads: the largest file (default 25 MB) and the largest whole request (default 50 MB). */
  knowledgeBaseMaxFileBytes?: number;
  knowledgeBaseMaxRequestBytes?: number;
};

/** What the API needs from the process that runs it; tests pass their own. */
export type ApiDependencies = {
  db: Database;
  queue: JobQueue;
  settings: ApiSettings;
  now?: () => Date;
  /** Blob storage (PDFs, recordings); without it, the Postgres store on `db`. */
  storage?: BlobStore;
  /** Signs `file_url` and `recording_url`; without it those links are null. */
  links?: SignedLinks;
  /** Web calls: the model, outbound HTTP and LLM environment; without it, the AI SDK over process.env and the safe outbound fetch. */
  runtime?: RuntimeSettings;
  /** Carriers: PUBLIC_BASE_URL, the environment's accounts and API base URLs; without it, process.env. */
  telephony?: TelephonySettings;
  /** The per-key request counter (one per process: the server's runtime passes its own); without it, one for this app. */
  rateLimiter?: RateLimiter;
  /** True once the process is shutting down: new calls are refused with 503 so that clients go to another instance. */
  isDraining?: () => boolean;
  /** Whether this process takes a new call now (lib/load); refused web calls are 503 with Retry-After. */
  admission?: () => Admission;
};

export type RuntimeSettings = {
  llm?: LanguageModelPort;
  http?: HttpClient;
  /** Where LLM keys and endpoints are read (default process.env). */
  env?: Record<string, string | undefined>;
  /** How often an event stream also looks for new events unprompted (tests with a jumping clock); default never: it is woken by the call's changes. */
  eventPollMs?: number;
};

/**
 * What an in-process caller passes beside the Request (`app.fetch(request, bindings)`), which no
 * HTTP client can forge: the studio names the signed-in user its console key acts for.
 */
export type ApiBindings = { studioUserId?: string };

export type ApiEnv = {
  Bindings: ApiBindings;
  Variables: {
    requestId: string;
    deps: ApiDependencies;
    organizationId: string;
    apiKeyId: string;
    /** The studio user a console-key request acts for (its rate limit counts per user). */
    studioUserId: string | undefined;
  };
};

/**
 * The service context of an authenticated request: its database, its key's organization, and a signer
 * for the links in its response (absolute, on PUBLIC_BASE_URL or the host the request was sent to:
 * a server behind a proxy may see its own address in the URL, never the caller's).
 */
export function serviceContext(c: {
  get: <K extends keyof ApiEnv["Variables"]>(key: K) => ApiEnv["Variables"][K];
  req: { raw: Request };
}): { db: Database; organizationId: string; links?: LinkSigner } {
  const deps = c.get("deps");
  return { db: deps.db, organizationId: c.get("organizationId"), links: deps.links?.forOrigin(requestOrigin(c.req.raw)) };
}

/** The telephony context of an authenticated request. */
export function telephonyContext(c: { get: <K extends keyof ApiEnv["Variables"]>(key: K) => ApiEnv["Variables"][K] }) {
  const deps = c.get("deps");
  return { db: deps.db, organizationId: c.get("organizationId"), settings: deps.telephony ?? telephonySettingsFromEnv() };
}
