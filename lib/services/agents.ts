import "server-only";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { CreateAgentInput, UpdateAgentInput } from "@/lib/agents/document-schema";
import { graphProblems } from "@/lib/agents/graph-rules";
import { normalizeAgent, type AgentDocument } from "@/lib/agents/normalize";
import { agentVariables } from "@/lib/agents/variables";
import { agents, agentVersions, knowledgeBases } from "@/lib/db/schema";
import type { Agent, AgentVersionSummary } from "@/lib/schemas/agents";
import { change, fieldChanges } from "./audit/audit-changes";
import { recordAudit } from "./audit/record-audit";
import { withTransaction, type ServiceContext } from "./context";
import { NotFoundError, ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import { cursorPage, olderThanCursor } from "./cursor-paging";
import { listFields, pageInfo } from "./paging";

/** Stored documents are normalized again on read, so documents written before a new default still read whole. */
function toResponse(agent: typeof agents.$inferSelect, version: typeof agentVersions.$inferSelect): Agent {
  const document = normalizeAgent(version.config as unknown as CreateAgentInput);
  return {
    id: agent.id,
    version: version.version,
    ...document,
    variables: agentVariables(document),
    created_at: agent.createdAt.toISOString(),
    updated_at: version.createdAt.toISOString(),
  };
}

async function validate(ctx: ServiceContext, document: AgentDocument): Promise<void> {
  const problems: FieldProblem[] = graphProblems(document);
  if (document.knowledge_base_ids.length) {
    const found = await ctx.db
      .select({ id: knowledgeBases.id })
      .from(knowledgeBases)
      .where(and(eq(knowledgeBases.organizationId, ctx.organizationId), inArray(knowledgeBases.id, document.knowledge_base_ids)));
    const known = new Set(found.map((row) => row.id));
    document.knowledge_base_ids.forEach((id, i) => {
      if (!known.has(id)) problems.push({ field: `knowledge_base_ids[${i}]`, message: "No knowledge base with this id in your organization" });
    });
  }
  if (problems.length) {
    const summary = problems.length === 1 ? `Invalid ${problems[0].field}: ${problems[0].message}` : `Invalid agent: ${problems.length} problems`;
    throw new ValidationError(summary, problems);
  }
}

export async function createAgent(ctx: ServiceContext, input: CreateAgentInput, now = new Date()): Promise<Agent> {
  const document = normalizeAgent(input);
  await validate(ctx, document);
  return withTransaction(ctx, async (tx) => {
    const [agent] = await tx.db
      .insert(agents)
      .values({ organizationId: ctx.organizationId, name: document.name, publishedVersion: 1, latestVersion: 1, createdAt: now, updatedAt: now })
      .returning();
    const [version] = await tx.db
      .insert(agentVersions)
      .values({ agentId: agent.id, version: 1, config: document as unknown as Record<string, unknown>, createdAt: now })
      .returning();
    await recordAudit(tx, {
      action: "agent.created",
      resourceType: "agent",
      resourceId: agent.id,
      changes: { ...fieldChanges(null, document), ...change("version", null, 1) },
    });
    return toResponse(agent, version);
  });
}

async function findAgent(ctx: ServiceContext, agentId: string, lock = false) {
  const query = ctx.db
    .select()
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.organizationId, ctx.organizationId)));
  const [agent] = lock ? await query.for("update") : await query;
  if (!agent) throw new NotFoundError("Agent");
  return agent;
}

/** The published version, or the one asked for. */
export async function getAgent(ctx: ServiceContext, agentId: string, versionNumber?: number): Promise<Agent> {
  const agent = await findAgent(ctx, agentId);
  const wanted = versionNumber ?? agent.publishedVersion;
  const [version] = await ctx.db
    .select()
    .from(agentVersions)
    .where(and(eq(agentVersions.agentId, agentId), eq(agentVersions.version, wanted)));
  if (!version) throw new NotFoundError(`Version ${wanted} of this agent`);
  return toResponse(agent, version);
}

const mergedObjects = ["voice", "llm", "transcriber"] as const;
/** Fields of a GET answer that an update accepts and ignores (interruptions_sensitivity is checked, not ignored). */
const READ_ONLY_FIELDS = ["id", "version", "variables", "created_at", "updated_at", "interruptions_sensitivity"] as const;

/**
 * Partial update: omitted fields keep their values, voice/llm/transcriber merge field by field,
 * states replace the graph. Every accepted update is a new version, published at once.
 */
export async function updateAgent(ctx: ServiceContext, agentId: string, patch: UpdateAgentInput, now = new Date()): Promise<Agent> {
  return withTransaction(ctx, async (tx) => {
    const agent = await findAgent(tx, agentId, true);
    const [current] = await tx.db
      .select()
      .from(agentVersions)
      .where(and(eq(agentVersions.agentId, agentId), eq(agentVersions.version, agent.latestVersion)));
    const base = normalizeAgent(current.config as unknown as CreateAgentInput);
    const readOnly: FieldProblem[] = [];
    if (patch.id !== undefined && patch.id !== agentId) readOnly.push({ field: "id", message: "Not this agent's id (ids cannot be changed)" });
    if (patch.interruptions_sensitivity !== undefined && patch.interruptions_sensitivity !== base.interruptions_sensitivity) {
      readOnly.push({ field: "interruptions_sensitivity", message: "interruptions_sensitivity cannot be changed by an update; it is set when the agent is created" });
    }
    if (readOnly.length) throw new ValidationError(`Invalid ${readOnly[0].field}: ${readOnly[0].message}`, readOnly);
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || (READ_ONLY_FIELDS as readonly string[]).includes(key)) continue;
      merged[key] = (mergedObjects as readonly string[]).includes(key) ? { ...(base[key as (typeof mergedObjects)[number]] as object), ...(value as object) } : value;
    }
    const document = normalizeAgent(merged as CreateAgentInput);
    await validate(tx, document);
    const nextVersion = agent.latestVersion + 1;
    const [version] = await tx.db
      .insert(agentVersions)
      .values({ agentId, version: nextVersion, config: document as unknown as Record<string, unknown>, createdAt: now })
      .returning();
    const [updated] = await tx.db
      .update(agents)
      .set({ name: document.name, latestVersion: nextVersion, publishedVersion: nextVersion, updatedAt: now })
      .where(eq(agents.id, agentId))
      .returning();
    await recordAudit(tx, {
      action: "agent.updated",
      resourceType: "agent",
      resourceId: agentId,
      changes: { ...fieldChanges(base, document), ...change("version", agent.latestVersion, nextVersion) },
    });
    return toResponse(updated, version);
  });
}

/** Irreversible: versions and post-call questions go with it (cascade); calls keep their agent_id. */
export async function deleteAgent(ctx: ServiceContext, agentId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const deleted = await tx.db
      .delete(agents)
      .where(and(eq(agents.id, agentId), eq(agents.organizationId, ctx.organizationId)))
      .returning({ id: agents.id, name: agents.name, version: agents.publishedVersion });
    if (deleted.length === 0) throw new NotFoundError("Agent");
    await recordAudit(tx, {
      action: "agent.deleted",
      resourceType: "agent",
      resourceId: agentId,
      changes: { ...change("name", deleted[0].name, null), ...change("version", deleted[0].version, null) },
    });
  });
}

export type ListAgentsInput = { page: number; limit: number; useCursor: boolean; cursor?: string };

/** Newest first, paged like phone numbers (page mode by default). Each item is the published version. */
export async function listAgents(ctx: ServiceContext, input: ListAgentsInput) {
  const scope = eq(agents.organizationId, ctx.organizationId);
  const select = (where: ReturnType<typeof and>) =>
    ctx.db
      .select({ agent: agents, version: agentVersions })
      .from(agents)
      .innerJoin(agentVersions, and(eq(agentVersions.agentId, agents.id), eq(agentVersions.version, agents.publishedVersion)))
      .where(where)
      .orderBy(desc(agents.createdAt), desc(agents.id));

  if (input.useCursor) {
    const rows = await select(and(scope, olderThanCursor(agents.createdAt, agents.id, input.cursor))).limit(input.limit + 1);
    const page = cursorPage(rows, input.limit, (row) => ({ time: row.agent.createdAt, id: row.agent.id }));
    return { items: page.items.map((row) => toResponse(row.agent, row.version)), ...listFields({ next_cursor: page.next_cursor }) };
  }
  const [[{ total }], rows] = await Promise.all([
    ctx.db.select({ total: count() }).from(agents).where(scope),
    select(scope)
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
  ]);
  return { items: rows.map((row) => toResponse(row.agent, row.version)), ...listFields(pageInfo(input.page, input.limit, total)) };
}

export async function listAgentVersions(ctx: ServiceContext, agentId: string): Promise<AgentVersionSummary[]> {
  const agent = await findAgent(ctx, agentId);
  const rows = await ctx.db
    .select({ version: agentVersions.version, config: agentVersions.config, createdAt: agentVersions.createdAt })
    .from(agentVersions)
    .where(eq(agentVersions.agentId, agentId))
    .orderBy(desc(agentVersions.version));
  return rows.map((row) => ({
    version: row.version,
    name: String(row.config.name ?? agent.name),
    is_published: row.version === agent.publishedVersion,
    created_at: row.createdAt.toISOString(),
  }));
}

