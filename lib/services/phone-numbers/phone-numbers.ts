import "server-only";
import { E164_MESSAGE, E164_PATTERN } from "@/lib/schemas/phone-number-format";
import { and, count, desc, eq } from "drizzle-orm";
import { agents, phoneNumbers, type SipTrunkSettings } from "@/lib/db/schema";
import {
  phoneNumberTypes,
  sipInboundMatches,
  MAX_ALLOWED_SOURCE_ADDRESSES,
  sipTransports,
  type PhoneNumber,
  type PhoneNumberCreate,
  type PhoneNumberUpdate,
  type SipTrunkInput,
} from "@/lib/schemas/phone-numbers";
import { carrierNames, type CarrierName } from "@/lib/schemas/telephony";
import type { Database } from "@/lib/db/client";
import { parseAddressRange } from "@/lib/net/address-ranges";
import { outboundAddressPolicy } from "@/lib/net/outbound-fetch";
import { sipUriRefusal } from "@/lib/net/sip-trunk-address";
import { parseUri } from "@/lib/net/sip-uri";
import { withTransaction, type ServiceContext } from "../context";
import { change, fieldChanges } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import { cursorPage, olderThanCursor } from "../cursor-paging";
import { listFields, pageInfo } from "../paging";
import { hasTrunkPassword, sealTrunkPassword } from "./sip-trunk-password";
import { isUuid } from "@/lib/schemas/ids";

/** A number as the carrier lists it, to import. */
export type CarrierNumberState = { phoneNumber: string; carrierNumberId: string; name: string | null; live: boolean; problem: string | null };

/** The carrier a `pstn` number gets when the request names none: the organization's only configured one (resolved by the caller). */
export type PhoneNumberDefaults = { carrier?: CarrierName | null };

export type ListPhoneNumbersInput = { limit?: number; use_cursor?: boolean; page?: number; cursor?: string | null };
export type ListPhoneNumbersResult = { items: PhoneNumber[] } & ReturnType<typeof listFields>;


type Row = typeof phoneNumbers.$inferSelect;

function toResponse(row: Row): PhoneNumber {
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
    carrier: row.carrier,
    carrier_state:
      row.carrierCheckedAt && row.carrierLive !== null
        ? { live: row.carrierLive, problem: row.carrierProblem, carrier_number_id: row.carrierNumberId, checked_at: row.carrierCheckedAt.toISOString() }
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
function checkFields(input: PhoneNumberUpdate, problems: FieldProblem[]) {
  const { name, inbound_agent_id: agentId, redirect, redirect_phone_number: redirectTo } = input;
  if (name != null && (typeof name !== "string" || !name.trim() || name.length > 255)) {
    problems.push({ field: "name", message: "Must be a non-empty string of at most 255 characters" });
  }
  if (agentId != null && (typeof agentId !== "string" || !isUuid(agentId))) {
    problems.push({ field: "inbound_agent_id", message: "Must be the UUID of an agent of your organization" });
  }
  if (redirect != null && typeof redirect !== "boolean") problems.push({ field: "redirect", message: "Must be a boolean" });
  if (input.carrier != null && !carrierNames.includes(input.carrier)) problems.push({ field: "carrier", message: "Must be twilio or telnyx" });
  if (redirectTo != null && (typeof redirectTo !== "string" || !E164_PATTERN.test(redirectTo))) {
    problems.push({ field: "redirect_phone_number", message: E164_MESSAGE });
  }
}

/** The trunk to store, or problems; `stored` supplies the password when the input omits it. */
async function toSipTrunk(ctx: ServiceContext, input: SipTrunkInput, stored: SipTrunkSettings | null, problems: FieldProblem[]): Promise<SipTrunkSettings | null> {
  const before = problems.length;
  if (typeof input.termination_uri !== "string" || !parseUri(input.termination_uri)) {
    problems.push({ field: "sip_trunk.termination_uri", message: "Must be a SIP URI starting with sip: or sips:, such as sip:trunk.example.com:5060" });
  } else {
    // Calls send INVITEs there: a loopback, private, link-local or metadata address is not a trunk (unless the operator allows it).
    const refusal = await sipUriRefusal(input.termination_uri, outboundAddressPolicy());
    if (refusal) {
      problems.push({
        field: "sip_trunk.termination_uri",
        message: `Not reachable under the outbound address policy: ${refusal}. An operator can allow their own PBX with OUTBOUND_ALLOWED_HOSTS`,
      });
    }
  }
  const transport = input.transport ?? "udp";
  if (!sipTransports.includes(transport)) problems.push({ field: "sip_trunk.transport", message: "Must be udp, tcp or tls" });
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

/** What a phone number's audit entries compare: its fields as the API shows them, less the clock and the carrier's checks. */
const AUDITED = { ignore: ["id", "created_at", "updated_at", "carrier_state"] };

/** A trunk's password as the audit log shows it: whether it is set, and that it changed (never the value). */
const trunkPassword = (trunk: SipTrunkSettings | null) => (trunk && hasTrunkPassword(trunk) ? (trunk.authPasswordSealed ?? trunk.authPassword ?? null) : null);

function ownedBy(ctx: ServiceContext, id: string) {
  return and(eq(phoneNumbers.id, id), eq(phoneNumbers.organizationId, ctx.organizationId));
}

export async function createPhoneNumber(ctx: ServiceContext, input: PhoneNumberCreate, defaults: PhoneNumberDefaults = {}): Promise<PhoneNumber> {
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
  if (type !== "pstn" && input.carrier != null) problems.push({ field: "carrier", message: "Only pstn numbers have a carrier" });
  const carrier = type === "pstn" ? (input.carrier ?? defaults.carrier ?? null) : null;
  const redirect = input.redirect ?? false;
  const redirectPhoneNumber = input.redirect_phone_number ?? null;
  checkState({ number: input.number, redirect, redirectPhoneNumber }, problems);
  await checkAgent(ctx, input.inbound_agent_id, problems);
  if (problems.length) fail(problems);

  // ON CONFLICT DO NOTHING rather than catching 23505: no aborted transaction for a caller that passed one in.
  return withTransaction(ctx, async (tx) => {
  const [row] = await tx.db
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
      carrier,
    })
    .onConflictDoNothing({ target: [phoneNumbers.organizationId, phoneNumbers.number] })
    .returning()
    .catch(rethrowAgentRace);
  if (!row) {
    throw new ConflictError(`The number ${input.number} is already registered in your organization`, [{ field: "number", message: "Already registered in your organization" }]);
  }
  const created = toResponse(row);
  await recordAudit(tx, { action: "phone_number.created", resourceType: "phone_number", resourceId: row.id, changes: fieldChanges(null, created, AUDITED) });
  return created;
  });
}

export async function getPhoneNumber(ctx: ServiceContext, id: string): Promise<PhoneNumber> {
  if (!isUuid(id)) throw new NotFoundError("Phone number");
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

export async function updatePhoneNumber(ctx: ServiceContext, id: string, patch: PhoneNumberUpdate): Promise<PhoneNumber> {
  if (!isUuid(id)) throw new NotFoundError("Phone number");
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
      carrier: patch.carrier === undefined ? current.carrier : patch.carrier,
    };
    if (patch.carrier != null && current.type !== "pstn") problems.push({ field: "carrier", message: "Only pstn numbers have a carrier" });
    // Another carrier's id and state say nothing about this one.
    const carrierChanged = next.carrier !== current.carrier;
    checkState({ number: current.number, ...next }, problems);
    await checkAgent(tx, patch.inbound_agent_id, problems);
    if (problems.length) fail(problems);

    const [row] = await tx.db
      .update(phoneNumbers)
      .set({ ...next, ...(carrierChanged ? { carrierNumberId: null, carrierLive: null, carrierProblem: null, carrierCheckedAt: null } : {}), updatedAt: new Date() })
      .where(ownedBy(tx, id))
      .returning()
      .catch(rethrowAgentRace);
    const updated = toResponse(row);
    await recordAudit(tx, {
      action: "phone_number.updated",
      resourceType: "phone_number",
      resourceId: id,
      changes: fieldChanges(
        { ...toResponse(current), auth_password: trunkPassword(current.sipTrunk) },
        { ...updated, auth_password: trunkPassword(row.sipTrunk) },
        AUDITED,
      ),
    });
    return updated;
  });
}

/** Calls keep their from_number/to_number: they record what was dialled, not a link to this row. */
export async function deletePhoneNumber(ctx: ServiceContext, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError("Phone number");
  await withTransaction(ctx, async (tx) => {
    const [deleted] = await tx.db.delete(phoneNumbers).where(ownedBy(tx, id)).returning();
    if (!deleted) throw new NotFoundError("Phone number");
    await recordAudit(tx, { action: "phone_number.deleted", resourceType: "phone_number", resourceId: id, changes: fieldChanges(toResponse(deleted), null, AUDITED) });
  });
}

/**
 * Imports numbers listed by a carrier account: new ones are created (no agent yet), existing ones
 * get the carrier and its state. Returns them in the order given.
 */
export async function importCarrierNumbers(ctx: ServiceContext, carrier: CarrierName, numbers: CarrierNumberState[], now = new Date()): Promise<PhoneNumber[]> {
  return withTransaction(ctx, async (tx) => {
    const imported: PhoneNumber[] = [];
    for (const number of numbers) {
      const state = { carrier, carrierNumberId: number.carrierNumberId, carrierLive: number.live, carrierProblem: number.problem, carrierCheckedAt: now, updatedAt: now };
      const [row] = await tx.db
        .insert(phoneNumbers)
        .values({ organizationId: ctx.organizationId, number: number.phoneNumber, name: number.name?.trim() || null, type: "pstn", ...state })
        .onConflictDoUpdate({ target: [phoneNumbers.organizationId, phoneNumbers.number], set: state, setWhere: eq(phoneNumbers.type, "pstn") })
        .returning();
      if (row) imported.push(toResponse(row));
      else throw ValidationError.field("numbers", `${number.phoneNumber} is registered in your organization as a sip number`);
    }
    for (const number of imported) {
      await recordAudit(tx, {
        action: "phone_number.imported",
        resourceType: "phone_number",
        resourceId: number.id,
        changes: { ...change("number", null, number.number), ...change("carrier", null, carrier) },
      });
    }
    return imported;
  });
}

/** What the carrier says now about numbers already registered here (no new rows): their carrier and state. */
export async function refreshCarrierStates(ctx: ServiceContext, carrier: CarrierName, numbers: CarrierNumberState[], now = new Date()): Promise<void> {
  for (const number of numbers) {
    await ctx.db
      .update(phoneNumbers)
      .set({ carrier, carrierNumberId: number.carrierNumberId, carrierLive: number.live, carrierProblem: number.problem, carrierCheckedAt: now })
      .where(and(eq(phoneNumbers.organizationId, ctx.organizationId), eq(phoneNumbers.number, number.phoneNumber), eq(phoneNumbers.type, "pstn")));
  }
}

/** The organization's row for this E.164 number, or null (the dialer and the studio read its carrier). */
export async function findPhoneNumberByNumber(ctx: ServiceContext, number: string) {
  const [row] = await ctx.db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.organizationId, ctx.organizationId), eq(phoneNumbers.number, number)))
    .limit(1);
  return row ?? null;
}

/** Every organization's `pstn` row for this number (inbound routing narrows them by the verified carrier account). */
export async function pstnNumbersByNumber(db: Database, number: string): Promise<Row[]> {
  return db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.number, number), eq(phoneNumbers.type, "pstn")))
    .orderBy(phoneNumbers.createdAt);
}
