import "server-only";
import { and, eq } from "drizzle-orm";
import type { SuccessRubric } from "@/lib/agents/success-rubric";
import type { Database } from "@/lib/db/client";
import { agents, agentVersions } from "@/lib/db/schema";
import type { LlmProvider } from "@/lib/llm/language-model";

/**
 * `redacting`: the version's `data_storage` is not `everything`, so what the model writes about the
 * call is redacted as its transcript is; `metadataOnly`: `metadata_only`, whose calls keep no transcript.
 */
export type AgentLlm = { provider?: LlmProvider; model?: string; redacting: boolean; metadataOnly: boolean };

/** The provider, model and redaction of the agent version that handled the call (the published one when the call has none). */
export async function agentLlm(db: Database, agentId: string, version: number | null): Promise<AgentLlm> {
  const [row] = await db
    .select({ config: agentVersions.config })
    .from(agents)
    .innerJoin(agentVersions, and(eq(agentVersions.agentId, agents.id), eq(agentVersions.version, version ?? agents.publishedVersion)))
    .where(eq(agents.id, agentId));
  const config = row?.config as { llm?: { provider?: LlmProvider; model?: string }; data_storage?: string } | undefined;
  const storage = config?.data_storage ?? "everything";
  return { provider: config?.llm?.provider, model: config?.llm?.model, redacting: storage !== "everything", metadataOnly: storage === "metadata_only" };
}

/** The agent's current (published) success rubric: the yardstick every analysis uses, re-runs included. Null without one or without the agent. */
export async function currentSuccessRubric(db: Database, agentId: string): Promise<SuccessRubric | null> {
  const [row] = await db
    .select({ config: agentVersions.config })
    .from(agents)
    .innerJoin(agentVersions, and(eq(agentVersions.agentId, agents.id), eq(agentVersions.version, agents.publishedVersion)))
    .where(eq(agents.id, agentId));
  const rubric = (row?.config as { success_rubric?: SuccessRubric | null } | undefined)?.success_rubric;
  return rubric && Array.isArray(rubric.criteria) && rubric.criteria.length ? rubric : null;
}
