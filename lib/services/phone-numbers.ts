import "server-only";
import { E164_MESSAGE, E164_PATTERN } from "./phone-number-format";
import { and, count, desc, eq } from "drizzle-orm";
import { agents, phoneNumbers, phoneNumberTypes, sipInboundMatches, type SipInboundMatch, type SipTrunkSettings } from "@/lib/db/schema";
import { parseAddressRange } from "@/lib/net/address-ranges";
import { withTransaction, type ServiceContext } from "./context";
import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from "./errors";
import { cursorPage, olderThanCursor } from "./cursor-paging";
import { listFields, pageInfo } from "./paging";
import { hasTrunkPassword, sealTrunkPassword } from "./sip-trunk-password";

type Transport = SipTrunkSettings["transport"];

export type SipTrunkResponse = {
  termination_uri: string;
  transport: Transport;
  auth_username: string | null;
  has_auth_password: boolean;
  inbound_match: SipInboundMatch;
  allowed_source_addresses: string[];
};

export type PhoneNumberResponse = {
  id: string;
  number: string;
  name: string | null;
  type: "pstn" | "sip";
  inbound_agent_id: string | null;
  redirect: boolean;
  redirect_phone_number: string | null;
  sip_trunk: SipTrunkResponse | null;
  created_at: string;
  updated_at: string;
};

export type SipTrunkInput = {
  termination_uri: string;
  transport?: Transport;
  auth_username?: string | null;
  auth_password?: string | null;
  inbound_match?: SipInboundMatch;
  allowed_source_addresses?: string[];
};

export type CreatePhoneNumberInput = {
  number: string;
  name?: string | null;
  type?: "pstn" | "sip";
  inbound_agent_id?: string | null;
  redirect?: boolean | null;
  redirect_phone_number?: string | null;
  sip_trunk?: SipTrunkInput | null;
};

export type UpdatePhoneNumberInput = Omit<CreatePhoneNumberInput, "number" | "type">;

export type ListPhoneNumbersInput = { limit?: number; use_cursor?: boolean; page?: number; cursor?: string | null };
export type ListPhoneNumbersResult = { items: PhoneNumberResponse[] } & ReturnType<typeof listFields>;

// Kept in step with lib/api/schemas/common.ts (services may not import lib/api): the admin CLI skips the HTTP layer.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SIP_URI_PATTERN = /^sips?:\S+$/;
const transports: readonly Transport[] = ["udp", "tcp", "tls"];
export const MAX_ALLOWED_SOURCE_ADDRESSES = 100;

type Row = typeof phoneNumbers.$inferSelect;

function toResponse(row: Row): PhoneNumberResponse {
  const trunk = row.type === "sip" ? row.sipTrunk : null;
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    type: row.type,
    inbound_agent_id: row.inboundAgentId,
    redirect: row.redirect,
    redirect_phone_number: row.redirectPhoneNumber,
    sip_trunk: trunk
      ? {
          termination_uri: trunk.terminationUri,
          transport: trunk.transport,
          auth_username: trunk.authUsername,
          has_auth_password: hasTrunkPassword(trunk),
          inbound_match: trunk.inboundMatch ?? "request_uri",
          allowed_source_addresses: trunk.allowedSourceAddresses ?? [],
        }
      : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : null);

function fail(problems: FieldProblem[]): never {
  const summary = problems.length === 1 ? `Invalid ${problems[0].field}: ${problems[0].message}` : `Invalid request: ${problems.length} problems`;
  throw new ValidationError(summary, problems);
}

/** Format checks of the fields both create and update take; the HTTP layer checks the same with zod. */
function checkFields(input: UpdatePhoneNumberInput, problems: FieldProblem[]) {
  const { name, inbound_agent_id: agentId, redirect, redirect_phone_number: redirectTo } = input;
  if (name != null && (typeof name !== "string" || !name.trim() || name.length > 255)) {
    problems.push({ field: "name", message: "Must be a non-empty string of at most 255 characters" });
  }
  if (agentId != null && (typeof agentId !== "string" || !UUID_PATTERN.test(agentId))) {
    problems.push({ field: "inbound_agent_id", message: "Must be the UUID of an agent of your organization" });
  }
  if (redirect != null && typeof redirect !== "boolean") problems.push({ field: "redirect", message: "Must be a boolean" });
  if (redirectTo != null && (typeof redirectTo !== "string" || !E164_PATTERN.test(redirectTo))) {
    problems.push({ field: "redirect_phone_number", message: E164_MESSAGE });
  }
}

/** The trunk to store, or problems; `stored` supplies the password when the input omits it. */
async function toSipTrunk(ctx: ServiceContext, input: SipTrunkInput, stored: SipTrunkSettings | null, problems: FieldProblem[]): Promise<SipTrunkSettings | null> {
  const before = problems.length;
  if (typeof input.termination_uri !== "string" || !SIP_URI_PATTERN.test(input.termination_uri)) {
    problems.push({ field: "sip_trunk.termination_uri", message: "Must be a SIP URI starting with sip: or sips:" });
  }
  const transport = input.transport ?? "udp";
  if (!transports.includes(transport)) problems.push({ field: "sip_trunk.transport", message: "Must be udp, tcp or tls" });
  for (const key of ["auth_username", "auth_password"] as const) {
    const value = input[key];
    if (value != null && (typeof value !== "string" || !value || value.length > 255)) {
      problems.push({ field: `sip_trunk.${key}`, message: "Must be a non-empty string of at most 255 characters" });
    }
  }
  const inboundMatch = input.inbound_match ?? "request_uri";
  if (!sipInboundMatches.includes(inboundMatch)) problems.push({ field: "sip_trunk.inbound_match", message: "Must be request_uri or to" });
  const sources = input.allowed_source_addresses ?? [];
  if (!Array.isArray(sources) || sources.length > MAX_ALLOWED_SOURCE_ADDRESSES) {
    problems.push({ field: "sip_trunk.allowed_source_addresses", message: `Must be a list of at most ${MAX_ALLOWED_SOURCE_ADDRESSES} IP addresses or CIDR ranges` });
  } else {
    sources.forEach((entry, index) => {
      if (typeof entry !== "string" || !parseAddressRange(entry)) {
        problems.push({ field: `sip_trunk.allowed_source_addresses[${index}]`, message: "Must be an IP address or CIDR range, such as 203.0.113.5 or 10.0.0.0/8" });
      }
    });
  }
  if (problems.length > before) return null;
  // An omitted password keeps the stored one, so a client can change the URI without resending the secret.
  const password = input.auth_password;
  const sealed: Pick<SipTrunkSettings, "authPasswordSealed" | "authPassword"> | null =
    password === undefined ? stored : { authPasswordSealed: password === null ? null : await sealTrunkPassword(ctx.db, ctx.organizationId, password) };
  return {
    terminationUri: input.termination_uri,
    transport,
    authUsername: input.auth_username ?? null,
    authPasswordSealed: sealed?.authPasswordSealed ?? null,
    ...(sealed?.authPassword ? { authPassword: sealed.authPassword } : {}),
    inboundMatch,
    allowedSourceAddresses: sources.map((entry) => entry.trim()),
  };
}

/** Rules on the number as it will be stored, reported with the field the caller should fix. */
function checkState(next: { number: string; redirect: boolean; redirectPhoneNumber: string | null }, problems: FieldProblem[]) {
  if (!next.redirect) return;
  if (!next.redirectPhoneNumber) {
    problems.push({ field: "redirect_phone_number", message: "Required when redirect is true" });
  } else if (next.redirectPhoneNumber === next.number) {
    problems.push({ field: "redirect_phone_number", message: "Must differ from the number itself" });
  }
}

async function agentBelongsToOrganization(ctx: ServiceContext, agentId: string): Promise<boolean> {
  const [agent] = await ctx.db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.organizationId, ctx.organizationId)))
    .limit(1);
  return Boolean(agent);
}

async function checkAgent(ctx: ServiceContext, agentId: string | null | undefined, problems: FieldProblem[]) {
  if (agentId == null || problems.some((p) => p.field === "inbound_agent_id")) return;
  if (!(await agentBelongsToOrganization(ctx, agentId))) {
    problems.push({ field: "inbound_agent_id", message: "No agent with this id in your organization" });
  }
}

/** A concurrent delete of the inbound agent surfaces as a foreign-key violation (23503), on both drivers. */
function rethrowAgentRace(error: unknown): never {
  for (let cause = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    if ((cause as { code?: unknown }).code === "23503") {
      throw ValidationError.field("inbound_agent_id", "No agent with this id in your organization");
    }
  }
  throw error;
}

function ownedBy(ctx: ServiceContext, id: string) {
  return and(eq(phoneNumbers.id, id), eq(phoneNumbers.organizationId, ctx.organizationId));
}

export async function createPhoneNumber(ctx: ServiceContext, input: CreatePhoneNumberInput): Promise<PhoneNumberResponse> {
  const problems: FieldProblem[] = [];
  const type = input.type ?? "pstn";
  if (typeof input.number !== "string" || !E164_PATTERN.test(input.number)) problems.push({ field: "number", message: E164_MESSAGE });
  if (!phoneNumberTypes.includes(type)) problems.push({ field: "type", message: "Must be pstn or sip" });
  checkFields(input, problems);
  let sipTrunk: SipTrunkSettings | null = null;
  if (type === "sip") {
    if (!input.sip_trunk) problems.push({ field: "sip_trunk", message: "Required for a sip number" });
    else sipTrunk = await toSipTrunk(ctx, input.sip_trunk, null, problems);
  } else if (type === "pstn" && input.sip_trunk != null) {
    problems.push({ field: "sip_trunk", message: "Only sip numbers have a SIP trunk" });
  }
  const redirect = input.redirect ?? false;
  const redirectPhoneNumber = input.redirect_phone_number ?? null;
  checkState({ number: input.number, redirect, redirectPhoneNumber }, problems);
  await checkAgent(ctx, input.inbound_agent_id, problems);
  if (problems.length) fail(problems);

  // ON CONFLICT DO NOTHING rather than catching 23505: no aborted transaction for a caller that passed one in.
  const [row] = await ctx.db
    .insert(phoneNumbers)
    .values({
      organizationId: ctx.organizationId,
      number: input.number,
      name: trimmed(input.name),
      type,
      inboundAgentId: input.inbound_agent_id ?? null,
      redirect,
      redirectPhoneNumber,
      sipTrunk,
    })
    .onConflictDoNothing({ target: [phoneNumbers.organizationId, phoneNumbers.number] })
    .returning()
    .catch(rethrowAgentRace);
  if (!row) {
    throw new ConflictError(`The number ${input.number} is already registered in your organization`, [{ field: "number", message: "Already registered in your organization" }]);
  }
  return toResponse(row);
}

export async function getPhoneNumber(ctx: ServiceContext, id: string): Promise<PhoneNumberResponse> {
  if (!UUID_PATTERN.test(id)) throw new NotFoundError("Phone number");
  const [row] = await ctx.db.select().from(phoneNumbers).where(ownedBy(ctx, id)).limit(1);
  if (!row) throw new NotFoundError("Phone number");
  return toResponse(row);
}

/** Newest first by (created_at, id), so numbers sharing a creation time page exactly once. */
export async function listPhoneNumbers(ctx: ServiceContext, input: ListPhoneNumbersInput): Promise<ListPhoneNumbersResult> {
  const limit = input.limit ?? 50;
  const page = input.page ?? 1;
  const problems: FieldProblem[] = [];
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) problems.push({ field: "limit", message: "Must be an integer from 1 to 1000" });
  if (!Number.isSafeInteger(page) || page < 1) problems.push({ field: "page", message: "Must be an integer of at least 1" });
  if (problems.length) fail(problems);
  const organization = eq(phoneNumbers.organizationId, ctx.organizationId);
  const ordered = ctx.db.select().from(phoneNumbers).orderBy(desc(phoneNumbers.createdAt), desc(phoneNumbers.id)).$dynamic();

  if (input.use_cursor) {
    const rows = await ordered.where(and(organization, olderThanCursor(phoneNumbers.createdAt, phoneNumbers.id, input.cursor ?? undefined))).limit(limit + 1);
    const page = cursorPage(rows, limit, (row) => ({ time: row.createdAt, id: row.id }));
    return { items: page.items.map(toResponse), ...listFields({ next_cursor: page.next_cursor }) };
  }

  const [{ total }] = await ctx.db.select({ total: count() }).from(phoneNumbers).where(organization);
  const offset = (page - 1) * limit;
  // A page past the end is empty without asking the database for an offset it may not represent.
  const rows = offset < total ? await ordered.where(organization).limit(limit).offset(offset) : [];
  return { items: rows.map(toResponse), ...listFields(pageInfo(page, limit, total)) };
}

export async function updatePhoneNumber(ctx: ServiceContext, id: string, patch: UpdatePhoneNumberInput): Promise<PhoneNumberResponse> {
  if (!UUID_PATTERN.test(id)) throw new NotFoundError("Phone number");
  return withTransaction(ctx, async (tx) => {
    const [current] = await tx.db.select().from(phoneNumbers).where(ownedBy(tx, id)).for("update");
    if (!current) throw new NotFoundError("Phone number");

    const problems: FieldProblem[] = [];
    checkFields(patch, problems);
    let sipTrunk = current.sipTrunk;
    if (patch.sip_trunk !== undefined) {
      if (current.type === "pstn") {
        if (patch.sip_trunk !== null) problems.push({ field: "sip_trunk", message: "Only sip numbers have a SIP trunk" });
      } else if (patch.sip_trunk === null) {
        problems.push({ field: "sip_trunk", message: "A sip number needs a SIP trunk; it cannot be removed" });
      } else {
        sipTrunk = await toSipTrunk(tx, patch.sip_trunk, current.sipTrunk, problems);
      }
    }
    const next = {
      name: patch.name === undefined ? current.name : trimmed(patch.name),
      inboundAgentId: patch.inbound_agent_id === undefined ? current.inboundAgentId : patch.inbound_agent_id,
      redirect: patch.redirect === undefined ? current.redirect : (patch.redirect ?? false),
      redirectPhoneNumber: patch.redirect_phone_number === undefined ? current.redirectPhoneNumber : patch.redirect_phone_number,
      sipTrunk,
    };
    checkState({ number: current.number, ...next }, problems);
    await checkAgent(tx, patch.inbound_agent_id, problems);
    if (problems.length) fail(problems);

    const [row] = await tx.db
      .update(phoneNumbers)
      .set({ ...next, updatedAt: new Date() })
      .where(ownedBy(tx, id))
      .returning()
      .catch(rethrowAgentRace);
    return toResponse(row);
  });
}

/** Calls keep their from_number/to_number: they record what was dialled, not a link to this row. */
export async function deletePhoneNumber(ctx: ServiceContext, id: string): Promise<void> {
  if (!UUID_PATTERN.test(id)) throw new NotFoundError("Phone number");
  const deleted = await ctx.db.delete(phoneNumbers).where(ownedBy(ctx, id)).returning({ id: phoneNumbers.id });
  if (!deleted.length) throw new NotFoundError("Phone number");
}
