import "server-only";
import type { Database } from "@/lib/db/client";
import { CreateAgentSchema } from "@/lib/agents/document-schema";
import { postCallQuestionOptions, postCallQuestions } from "@/lib/db/schema";
import { createAgent } from "@/lib/services/agents";
import { systemActor } from "@/lib/services/context";
import type { DemoAgent } from "./demo-agents";

/** Creates an agent (validated like any API request) with its post-call questions and their options. */
export async function insertDemoAgent(db: Database, organizationId: string, agent: DemoAgent): Promise<string> {
  const row = await createAgent({ db, organizationId, actor: systemActor("demo data") }, CreateAgentSchema.parse(agent.config));
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
