import "server-only";
import type { Database } from "@/lib/db/client";
import type { JobQueue } from "@/lib/jobs/queue";
import { aiSdkStructuredModel, type StructuredModel } from "@/lib/llm/structured-output";
import type { MediaClock } from "@/lib/media/clock";
import { outboundFetch } from "@/lib/net/outbound-fetch";
import { aiSdkLanguageModel } from "@/lib/runtime/ai-sdk-model";
import type { HttpClient, LanguageModelPort } from "@/lib/runtime/types";
import type { TestEnvironment } from "./run-test";
import { openVoiceTestCaller } from "./voice-caller";

/** What a process running test runs may replace (tests pass their fakes); by default the AI SDK over process.env and the safe outbound fetch. */
export type AgentTestSettings = {
  env?: Record<string, string | undefined>;
  llm?: LanguageModelPort;
  structured?: StructuredModel;
  http?: HttpClient;
  /** Voice tests: the media session's clock (default the process's monotonic clock). */
  mediaClock?: MediaClock;
  /** The longest a caller turn may take before its test is stopped as `error` (default 120 s). */
  turnBudgetMs?: number;
};

export function agentTestEnvironment(db: Database, queue: JobQueue, settings: AgentTestSettings = {}): TestEnvironment {
  const env = settings.env ?? process.env;
  return {
    host: { db, queue, llm: settings.llm ?? aiSdkLanguageModel(env), http: settings.http ?? outboundFetch() },
    structured: settings.structured ?? aiSdkStructuredModel(env),
    env,
    openVoiceCaller: (store, host) => openVoiceTestCaller({ host, store, env, clock: settings.mediaClock }),
    turnBudgetMs: settings.turnBudgetMs,
  };
}
