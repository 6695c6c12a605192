import "server-only";
import type { Database } from "@/lib/db/client";
import { agents, agentVersions, postCallQuestionOptions, postCallQuestions } from "@/lib/db/schema";
import type { DemoAgent } from "./demo-agents";

/** Inserts an agent at version 1 (published) with its post-call questions and their options. */
export async function insertDemoAgent(db: Database, organizationId: string, agent: DemoAgent): Promise<string> {
  const name = String(agent.config.name);
  const [row] = await db
    .insert(agents)
    .values({ organizationId, name, publishedVersion: 1, latestVersion: 1 })
    .returning({ id: agents.id });
  await db.insert(agentVersions).values({ agentId: row.id, version: 1, config: agent.config });
  for (const question of agent.questions) {
    const [inserted] = await db
      .insert(postCallQuestions)
      .values({
        organizationId,
        agentId: row.id,
        name: question.name,
        description: question.description,
        type: question.type,
        optional: question.optional ?? false,
      })
      .returning({ id: postCallQuestions.id });
    if (question.options?.length) {
      await db
        .insert(postCallQuestionOptions)
        .values(question.options.map((value, position) => ({ questionId: inserted.id, value, position })));
    }
  }
  return row.id;
}
