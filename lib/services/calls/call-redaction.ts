import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AgentDocument } from "@/lib/agents/normalize";
import type { Database } from "@/lib/db/client";
import { agents, agentVersions, callEvents, calls, campaignContacts } from "@/lib/db/schema";
import { mergeCategories, redactJson, redactText } from "@/lib/redaction/find-pii";
import type { PiiCategory } from "@/lib/redaction/pii-categories";
import type { TranscriptEntry, VariableValue } from "@/lib/schemas/call-values";

/** Whether what is kept of the agent's calls is redacted: `redact_pii`, and `metadata_only` until its post-call clean-up. */
export const redactsPii = (agent: Pick<AgentDocument, "data_storage">) => agent.data_storage !== "everything";

/** A transcript and variable values as they are stored for a redacting agent, and the kinds of PII replaced. */
export function redactCallContent(content: { transcript: TranscriptEntry[]; variableValues: VariableValue[] }): {
  transcript: TranscriptEntry[];
  variableValues: VariableValue[];
  categories: PiiCategory[];
} {
  const found: PiiCategory[][] = [];
  const transcript = content.transcript.map((entry) => {
    const redacted = redactText(entry.content);
    found.push(redacted.categories);
    return redacted.categories.length ? { ...entry, content: redacted.value } : entry;
  });
  const variables = redactJson(content.variableValues.map((variable) => variable.value));
  found.push(variables.categories);
  const variableValues = content.variableValues.map((variable, i) => ({ ...variable, value: (variables.value as unknown[])[i] }) as VariableValue);
  return { transcript, variableValues, categories: mergeCategories(...found) };
}

/** The call's `redacted_categories` with `categories` added (an SQL expression for an UPDATE's SET). */
export function withCategories(categories: readonly PiiCategory[]): SQL {
  if (categories.length === 0) return sql`${calls.redactedCategories}`;
  return sql`(select coalesce(jsonb_agg(distinct value), '[]'::jsonb) from jsonb_array_elements_text(${calls.redactedCategories} || ${JSON.stringify(categories)}::jsonb))`;
}

/**
 * Once a redacting agent's call has ended, its stored events (what the event stream replays) are
 * redacted in place: while it ran they carried what was said, for the live conversation's screens.
 */
export async function redactStoredEvents(db: Database, callId: string): Promise<PiiCategory[]> {
  const rows = await db.select({ id: callEvents.id, payload: callEvents.payload }).from(callEvents).where(eq(callEvents.callId, callId));
  const found: PiiCategory[][] = [];
  for (const row of rows) {
    const redacted = redactJson(row.payload);
    if (redacted.categories.length === 0) continue;
    found.push(redacted.categories);
    await db.update(callEvents).set({ payload: redacted.value }).where(eq(callEvents.id, row.id));
  }
  return mergeCategories(...found);
}

/** The `data_storage` of the agent version that ran a call (`everything` when that version is gone). */
export async function callDataStorage(db: Database, callId: string): Promise<AgentDocument["data_storage"]> {
  const [row] = await db
    .select({ config: agentVersions.config })
    .from(calls)
    .innerJoin(agents, eq(agents.id, calls.agentId))
    .innerJoin(agentVersions, and(eq(agentVersions.agentId, calls.agentId), eq(agentVersions.version, sql`coalesce(${calls.agentVersion}, ${agents.publishedVersion})`)))
    .where(eq(calls.id, callId));
  const mode = (row?.config as { data_storage?: AgentDocument["data_storage"] } | undefined)?.data_storage;
  return mode ?? "everything";
}

/**
 * A redacting agent's call keeps its start request's `dynamic_variables_values` (a campaign contact's
 * variables, copied onto its call) redacted once the call is over: the engine read them when the call was
 * answered, and its `variable_values` kept them redacted already. `metadata` is the caller's own labels
 * and is kept as given (as `metadata_only` keeps it).
 */
export async function redactDynamicVariables(db: Database, callId: string): Promise<PiiCategory[]> {
  const [row] = await db.select({ values: calls.dynamicVariablesValues }).from(calls).where(eq(calls.id, callId));
  if (!row?.values) return [];
  const redacted = redactJson(row.values);
  if (redacted.categories.length === 0) return [];
  await db
    .update(calls)
    .set({ dynamicVariablesValues: redacted.value, redactedCategories: withCategories(redacted.categories) })
    .where(eq(calls.id, callId));
  return redacted.categories;
}

/**
 * A campaign call's contact, once its last call has settled it (completed or failed: nothing will dial
 * it again), keeps its variables as the agent keeps its calls: redacted (`redact_pii`) or not at all
 * (`metadata_only`). Its number, status, outcome and metadata stay (the campaign's record; erasure takes
 * the number). A contact still to be retried keeps them for its next attempt; this runs again after it.
 */
export async function settleContactVariables(db: Database, callId: string, mode: "redact_pii" | "metadata_only"): Promise<void> {
  const [contact] = await db
    .select({ id: campaignContacts.id, values: campaignContacts.dynamicVariablesValues })
    .from(calls)
    .innerJoin(campaignContacts, and(eq(campaignContacts.id, calls.campaignContactId), eq(campaignContacts.lastCallId, calls.id)))
    .where(and(eq(calls.id, callId), inArray(campaignContacts.status, ["completed", "failed"])));
  if (!contact || Object.keys(contact.values).length === 0) return;
  const values = mode === "metadata_only" ? {} : (redactJson(contact.values).value as Record<string, unknown>);
  if (JSON.stringify(values) === JSON.stringify(contact.values)) return;
  await db.update(campaignContacts).set({ dynamicVariablesValues: values }).where(eq(campaignContacts.id, contact.id));
}
