import "server-only";
import path from "node:path";
import { z } from "zod";

const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((value) => (value === undefined ? fallback : value === "true" || value === "1"));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const environmentSchema = z.object({
  DATABASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().default("./.data"),
  PORT: positiveInt(3000),
  RUN_WORKERS: booleanFlag(true),
  SEED_DEMO: booleanFlag(true),
  API_RATE_LIMIT_PER_MINUTE: positiveInt(1000),
  API_JSON_BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  DATABASE_POOL_SIZE: positiveInt(10),
});

export type AppConfig = {
  databaseUrl: string | undefined;
  dataDir: string;
  port: number;
  runWorkers: boolean;
  seedDemo: boolean;
  rateLimitPerMinute: number;
  jsonBodyLimitBytes: number;
  databasePoolSize: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    port: e.PORT,
    runWorkers: e.RUN_WORKERS,
    seedDemo: e.SEED_DEMO,
    rateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    jsonBodyLimitBytes: e.API_JSON_BODY_LIMIT_BYTES,
    databasePoolSize: e.DATABASE_POOL_SIZE,
  };
}
