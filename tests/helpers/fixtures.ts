import type { Database } from "@/lib/db/client";
import { agents, agentVersions, phoneNumbers } from "@/lib/db/schema";

/** A minimal valid agent document, inserted directly (the agents API comes with its own tests). */
export async function insertAgent(db: Database, organizationId: string, name = "Test agent"): Promise<string> {
  const [agent] = await db
    .insert(agents)
    .values({ organizationId, name, publishedVersion: 1, latestVersion: 1 })
    .returning({ id: agents.id });
  await db.insert(agentVersions).values({
    agentId: agent.id,
    version: 1,
    config: {
      name,
      initial_state_name: "main",
      states: [{ name: "main", prompt: "Help the caller.", tools: [{ type: "hang_up", description: "End the call" }] }],
    },
  });
  return agent.id;
}

export async function insertPhoneNumber(
  db: Database,
  organizationId: string,
  number: string,
  extra: Partial<typeof phoneNumbers.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(phoneNumbers)
    .values({ organizationId, number, name: `Line ${number}`, ...extra })
    .returning({ id: phoneNumbers.id });
  return row.id;
}
