import type { Database } from "@/lib/db/client";
import type { AuthenticatedKey } from "@/lib/auth/api-keys";
import type { Admission } from "@/lib/load/load-limits";
import type { AuditActor } from "@/lib/schemas/audit-log";
import type { RequestOrigin, ServiceContext } from "@/lib/services/context";
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
  /** The most calls one re-run may cover (REANALYZE_MAX_CALLS, default 10,000). */
  reanalyzeMaxCalls?: number;
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
 * What the caller passes beside the Request (`app.fetch(request, bindings)`), which no HTTP client
 * can forge: the server gives the client's address; the studio (in-process) names the signed-in user
 * its console key acts for, and that user's browser address and user agent.
 */
export type ApiBindings = { studioUserId?: string; studioUserEmail?: string; clientIp?: string; clientUserAgent?: string };

export type ApiEnv = {
  Bindings: ApiBindings;
  Variables: {
    requestId: string;
    deps: ApiDependencies;
    organizationId: string;
    apiKeyId: string;
    /** The API key the request authenticated with (null: a web call's session token). */
    apiKey: AuthenticatedKey | null;
    /** The studio user a console-key request acts for (its rate limit counts per user). */
    studioUserId: string | undefined;
    /** Who the request acts as, for the audit log: the key, or the studio user its console key acts for. */
    actor: AuditActor | undefined;
    /** The user who made the request's API key (null: the admin CLI's), whose role some operations need. */
    keyCreatorId: string | null;
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
  env?: ApiBindings;
}): ServiceContext & { links?: LinkSigner } {
  const deps = c.get("deps");
  return { db: deps.db, organizationId: c.get("organizationId"), ...auditTrail(c), links: deps.links?.forOrigin(requestOrigin(c.req.raw)) };
}

/** Who a request acts as and where it came from, as the audit log records them. */
export function auditTrail(c: {
  get: <K extends keyof ApiEnv["Variables"]>(key: K) => ApiEnv["Variables"][K];
  req: { raw: Request };
  env?: ApiBindings;
}): { actor?: AuditActor; origin: RequestOrigin } {
  return {
    actor: c.get("actor"),
    origin: {
      requestId: c.get("requestId") ?? null,
      ip: c.env?.clientIp || null,
      userAgent: c.env?.clientUserAgent ?? c.req.raw.headers.get("user-agent"),
    },
  };
}

/** The telephony context of an authenticated request. */
export function telephonyContext(c: {
  get: <K extends keyof ApiEnv["Variables"]>(key: K) => ApiEnv["Variables"][K];
  req: { raw: Request };
  env?: ApiBindings;
}) {
  const deps = c.get("deps");
  return { db: deps.db, organizationId: c.get("organizationId"), ...auditTrail(c), settings: deps.telephony ?? telephonySettingsFromEnv() };
}
