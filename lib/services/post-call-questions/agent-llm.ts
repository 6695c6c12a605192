import "server-only";
import { and, eq } from "drizzle-orm";
import type { SuccessRubric } from "@/lib/agents/success-rubric";
import type { Database } from "@/lib/db/client";
import { agents, agentVersions } from "@/lib/db/schema";
import type { LlmProvider } from "@/lib/llm/language-model";

export type AgentLlm = { provider?: LlmProvider; model?: string };

/** The provider and model of the agent version that handled the call (the published one when the call has none). */
export async function agentLlm(db: Database, agentId: string, version: number | null): Promise<AgentLlm> {
  const [row] = await db
    .select({ config: agentVersions.config })
    .from(agents)
    .innerJoin(agentVersions, and(eq(agentVersions.agentId, agents.id), eq(agentVersions.version, version ?? agents.publishedVersion)))
    .where(eq(agents.id, agentId));
  const llm = (row?.config as { llm?: { provider?: LlmProvider; model?: string } } | undefined)?.llm;
  return { provider: llm?.provider, model: llm?.model };
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
