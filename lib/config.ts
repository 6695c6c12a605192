import "server-only";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_LOAD_LIMITS, type LoadLimits } from "@/lib/load/load-limits";
import { allowedHostsFromEnv, createOutboundAddressPolicy } from "@/lib/net/outbound-address-policy";

const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((value) => (value === undefined ? fallback : value === "true" || value === "1"));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const optionalString = z
  .string()
  .optional()
  .transform((value) => value || undefined);

const environmentSchema = z.object({
  DATABASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().default("./.data"),
  PORT: positiveInt(3000),
  HOST: optionalString,
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).default(30),
  INSTANCE_HEARTBEAT_SECONDS: z.coerce.number().positive().max(60).default(5),
  INSTANCE_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(15),
  MEDIA_RELAY_HOST: z.string().trim().min(1).default("127.0.0.1"),
  RUN_WORKERS: booleanFlag(true),
  SEED_DEMO: booleanFlag(true),
  API_RATE_LIMIT_PER_MINUTE: positiveInt(1000),
  API_JSON_BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  DATABASE_POOL_SIZE: positiveInt(10),
  STORAGE_BACKEND: z.enum(["postgres", "s3"]).default("postgres"),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag(false),
  SIGNING_SECRET: z.string().min(32, "must be at least 32 characters").optional().or(z.literal("").transform(() => undefined)),
  SIGNED_URL_TTL_SECONDS: positiveInt(3600),
  PUBLIC_BASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  KB_MAX_FILE_BYTES: positiveInt(25 * 1024 * 1024),
  KB_MAX_REQUEST_BYTES: positiveInt(50 * 1024 * 1024),
  KB_PDF_MAX_PAGES: positiveInt(2_000),
  KB_PDF_MAX_CHARACTERS: positiveInt(2_000_000),
  KB_PDF_TIMEOUT_SECONDS: positiveInt(60),
  KB_PDF_MEMORY_MB: positiveInt(512),
  KB_MAX_CHUNKS_PER_SOURCE: positiveInt(5_000),
  OUTBOUND_ALLOWED_HOSTS: optionalString,
  POST_CALL_MODEL: optionalString,
  REANALYZE_MAX_CALLS: positiveInt(10_000),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional().or(z.literal("").transform(() => undefined)),
  LOAD_MAX_LOOP_DELAY_MS: z.coerce.number().min(0).default(DEFAULT_LOAD_LIMITS.maxLoopDelayMs),
  LOAD_MAX_FRAME_LATENESS_MS: z.coerce.number().min(0).default(DEFAULT_LOAD_LIMITS.maxFrameLatenessMs),
  LOAD_BUSY_UTILIZATION: z.coerce.number().min(0).max(1).default(DEFAULT_LOAD_LIMITS.busyUtilization),
  LOAD_MAX_LIVE_CALLS: z.coerce.number().int().min(0).default(0),
  LOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_LOAD_LIMITS.retryAfterSeconds),
});

export type AppConfig = {
  databaseUrl: string | undefined;
  dataDir: string;
  port: number;
  /** The address to listen on (default: every interface). */
  host: string | undefined;
  /** On SIGTERM, how long requests in flight and live calls (WebSockets) may run before they are cut. */
  shutdownDrainSeconds: number;
  /**
   * Holders of live calls' media (lib/media/media-instance.ts): each beats every `heartbeatMs`; one
   * silent for `timeoutMs` is dead and its calls are ended (within timeout + one heartbeat: 20 s by default).
   */
  instances: { heartbeatMs: number; timeoutMs: number };
  /** The address this process takes relayed carrier streams on, reachable by the instance's other processes (MEDIA_RELAY_HOST). */
  mediaRelayHost: string;
  runWorkers: boolean;
  seedDemo: boolean;
  rateLimitPerMinute: number;
  jsonBodyLimitBytes: number;
  databasePoolSize: number;
  storage: StorageConfig;
  signedLinks: { secret: string | undefined; ttlSeconds: number; publicBaseUrl: string | undefined };
  knowledgeBase: {
    maxFileBytes: number;
    maxRequestBytes: number;
    /** Indexing bounds per source: PDF pages, characters, time and worker memory, and chunks. */
    ingestion: { maxPages: number; maxCharacters: number; timeoutMs: number; memoryMb: number; maxChunks: number };
  };
  /** Host names, addresses and CIDR ranges that tool and webhook requests may reach although not public. */
  outboundAllowedHosts: string[];
  /** Model that answers post-call questions without a model of their own (else the agent's model). */
  postCallModel: string | undefined;
  /** The most calls one re-run of analysis and post-call answers may cover. */
  reanalyzeMaxCalls: number;
  /**
   * Server processes `npm start` runs on the one port (node:cluster): WEB_CONCURRENCY, by default
   * the machine's cores on a Postgres server, and 1 on the embedded database (one process owns it).
   */
  webConcurrency: number;
  /** When a process stops taking new calls (lib/load): its own loop delay and frame lateness, and an optional cap. */
  load: LoadLimits;
};

/** Where blobs (PDFs, recordings) live: the `blobs` table by default, or an S3-compatible bucket. */
export type StorageConfig =
  | { backend: "postgres" }
  | {
      backend: "s3";
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const outboundAllowedHosts = allowedHostsFromEnv(e);
  try {
    createOutboundAddressPolicy(outboundAllowedHosts);
  } catch (error) {
    throw new Error(`Invalid configuration: ${(error as Error).message}`);
  }
  // A live holder beats at least twice within the timeout, so one late beat never ends its calls.
  if (e.INSTANCE_TIMEOUT_SECONDS < 2 * e.INSTANCE_HEARTBEAT_SECONDS) {
    throw new Error("Invalid configuration: INSTANCE_TIMEOUT_SECONDS must be at least twice INSTANCE_HEARTBEAT_SECONDS");
  }
  if (!e.DATABASE_URL && e.WEB_CONCURRENCY !== undefined && e.WEB_CONCURRENCY > 1) {
    throw new Error(
      `Invalid configuration: WEB_CONCURRENCY=${e.WEB_CONCURRENCY} needs a Postgres server (DATABASE_URL): the embedded database is owned by one process`,
    );
  }
  if (e.STORAGE_BACKEND === "s3" && !e.S3_BUCKET) throw new Error("Invalid configuration: S3_BUCKET is required when STORAGE_BACKEND=s3");
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither");
  }
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    port: e.PORT,
    host: e.HOST,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    instances: { heartbeatMs: e.INSTANCE_HEARTBEAT_SECONDS * 1000, timeoutMs: e.INSTANCE_TIMEOUT_SECONDS * 1000 },
    mediaRelayHost: e.MEDIA_RELAY_HOST,
    runWorkers: e.RUN_WORKERS,
    seedDemo: e.SEED_DEMO,
    rateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    jsonBodyLimitBytes: e.API_JSON_BODY_LIMIT_BYTES,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    storage:
      e.STORAGE_BACKEND === "s3"
        ? {
            backend: "s3",
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION ?? "us-east-1",
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { backend: "postgres" },
    signedLinks: { secret: e.SIGNING_SECRET, ttlSeconds: e.SIGNED_URL_TTL_SECONDS, publicBaseUrl: e.PUBLIC_BASE_URL },
    knowledgeBase: {
      maxFileBytes: e.KB_MAX_FILE_BYTES,
      maxRequestBytes: e.KB_MAX_REQUEST_BYTES,
      ingestion: {
        maxPages: e.KB_PDF_MAX_PAGES,
        maxCharacters: e.KB_PDF_MAX_CHARACTERS,
        timeoutMs: e.KB_PDF_TIMEOUT_SECONDS * 1000,
        memoryMb: e.KB_PDF_MEMORY_MB,
        maxChunks: e.KB_MAX_CHUNKS_PER_SOURCE,
      },
    },
    outboundAllowedHosts,
    postCallModel: e.POST_CALL_MODEL,
    reanalyzeMaxCalls: e.REANALYZE_MAX_CALLS,
    webConcurrency: e.WEB_CONCURRENCY ?? (e.DATABASE_URL ? os.availableParallelism() : 1),
    load: {
      maxLoopDelayMs: e.LOAD_MAX_LOOP_DELAY_MS,
      maxFrameLatenessMs: e.LOAD_MAX_FRAME_LATENESS_MS,
      busyUtilization: e.LOAD_BUSY_UTILIZATION,
      maxLiveCalls: e.LOAD_MAX_LIVE_CALLS,
      retryAfterSeconds: e.LOAD_RETRY_AFTER_SECONDS,
    },
  };
}

/** Where the embedded database keeps its files. */
export function pgliteDirectory(config: Pick<AppConfig, "dataDir">): string {
  return path.join(config.dataDir, "pglite");
}
