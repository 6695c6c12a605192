import "server-only";
import type { Database } from "@/lib/db/client";
import type { JobQueue } from "@/lib/jobs/queue";
import { getAgent } from "@/lib/services/agents";
import {
  completeFromCarrier,
  createInboundCall,
  findCall,
  findCallByCarrierId,
  issueStreamToken,
  markAnswered,
  noteCallEvent,
  recordAnswerType,
  recordTransfer,
  type PhoneCallRow,
} from "@/lib/services/phone-calls/phone-call-progress";
import { isUuid } from "@/lib/schemas/ids";
import { pstnNumbersByNumber } from "@/lib/services/phone-numbers/phone-numbers";
import { admitInboundCall } from "@/lib/services/concurrency/concurrency";
import { accountsByRef, organizationsWithAccount } from "@/lib/services/telephony/telephony-accounts";
import type { Carrier, InboundAction, WebhookReply, WebhookRequest } from "./carrier";
import { CarrierWebhookError } from "./carrier-error";
import type { CarrierEvent } from "./carrier-event";
import { carrierFromCredentials, environmentCredentials, type TelephonySettings } from "./carrier-directory";
import type { CarrierName } from "./carrier-name";
import type { CarrierCredentials } from "./create-carrier";
import { parseTwilioForm } from "./twilio/twilio-signature";
import type { Admission } from "@/lib/load/load-limits";

export type TelephonyDependencies = {
  db: Database;
  queue: JobQueue;
  settings: TelephonySettings;
  /** Whether this server process takes a new call now (lib/load): past capacity, inbound calls hear busy. */
  admission?: () => Admission;
};

/** What a turned-away caller hears. */
export const NOT_IN_SERVICE_MESSAGE = "Sorry, this number cannot take calls right now. Goodbye.";

const MAX_BODY_BYTES = 64 * 1024;
const paths: Record<CarrierName, string[]> = { twilio: ["voice", "status", "amd", "transfer"], telnyx: ["events"] };

/** The account a request says it comes from, read before it is verified (only to pick the key to verify with). */
function accountRefOf(carrier: CarrierName, rawBody: string): string | null {
  if (carrier === "twilio") {
    const sid = parseTwilioForm(rawBody).AccountSid;
    return typeof sid === "string" ? sid : null;
  }
  try {
    const connection = (JSON.parse(rawBody) as { data?: { payload?: { connection_id?: unknown } } }).data?.payload?.connection_id;
    return typeof connection === "string" ? connection : null;
  } catch {
    return null;
  }
}

/** Which organizations a verified request may act for: those whose own account signed it, or (environment) those without one. */
type Verified = { carrier: Carrier; accepts: (organizationId: string) => boolean };

async function verify(deps: TelephonyDependencies, name: CarrierName, request: WebhookRequest): Promise<Verified | { reason: string }> {
  const ref = accountRefOf(name, request.rawBody);
  const candidates: { credentials: CarrierCredentials; organizations: string[] | "environment" }[] = [];
  if (ref) {
    for (const account of await accountsByRef(deps.db, name, ref)) {
      const same = candidates.find((each) => each.organizations !== "environment" && JSON.stringify(each.credentials) === JSON.stringify(account.secrets));
      if (same && same.organizations !== "environment") same.organizations.push(account.organizationId);
      else candidates.push({ credentials: account.secrets, organizations: [account.organizationId] });
    }
  }
  const env = environmentCredentials(deps.settings, name);
  if (env) candidates.push({ credentials: env, organizations: "environment" });
  if (candidates.length === 0) return { reason: `no ${name} account${ref ? ` ${ref}` : ""} is configured here` };
  let reason = "signature does not match";
  for (const candidate of candidates) {
    const carrier = carrierFromCredentials(deps.settings, candidate.credentials);
    const check = carrier.verifyWebhook(request);
    if (!check.ok) {
      reason = check.reason;
      continue;
    }
    if (candidate.organizations === "environment") {
      const own = await organizationsWithAccount(deps.db, name);
      return { carrier, accepts: (organizationId) => !own.has(organizationId) };
    }
    const organizations = new Set(candidate.organizations);
    return { carrier, accepts: (organizationId) => organizations.has(organizationId) };
  }
  return { reason };
}

function reply(answer: WebhookReply): Response {
  return new Response(answer.body, { status: answer.status, headers: { "Content-Type": answer.contentType } });
}

function refusal(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * One carrier webhook (`/telephony/twilio/{voice,status,amd,transfer}`, `/telephony/telnyx/events`):
 * verified against the account it names (403 and nothing done when it does not verify), then each
 * event moves its call along; a new inbound call is answered with a stream, a redirect or a refusal.
 */
export async function handleCarrierWebhook(deps: TelephonyDependencies, name: CarrierName, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const leaf = url.pathname.split("/").at(-1) ?? "";
  if (request.method !== "POST") return refusal(405, "Carriers POST to this address");
  if (!paths[name].includes(leaf)) return refusal(404, "No such telephony endpoint");
  const buffer = await request.arrayBuffer();
  if (buffer.byteLength > MAX_BODY_BYTES) return refusal(413, "Webhook body too large");
  // The carrier signed the public address it was given, not whatever a proxy forwarded to us.
  const publicUrl = deps.settings.publicBaseUrl ? `${new URL(deps.settings.publicBaseUrl).origin}${new URL(deps.settings.publicBaseUrl).pathname.replace(/\/+$/, "")}${url.pathname}${url.search}` : url.toString();
  const webhook: WebhookRequest = { url: publicUrl, method: request.method, headers: request.headers, rawBody: new TextDecoder().decode(buffer) };
  const verified = await verify(deps, name, webhook);
  if ("reason" in verified) {
    console.warn(`telephony: refused a ${name} webhook to ${url.pathname}: ${verified.reason}`);
    return refusal(403, `Forbidden: ${verified.reason}`);
  }
  let events: CarrierEvent[];
  try {
    events = verified.carrier.parseWebhook(webhook);
  } catch (error) {
    if (error instanceof CarrierWebhookError) return refusal(400, error.message);
    throw error;
  }
  // Our call id comes back in the callback URL (Twilio) or client_state (Telnyx): checked before any SQL.
  const malformed = events.find((event) => event.callId !== null && !isUuid(event.callId));
  if (malformed) {
    console.warn(`telephony: refused a ${name} webhook to ${url.pathname}: its call_id is not a call id`);
    return refusal(400, "Bad request: call_id is not a call id");
  }
  for (const event of events) {
    if (event.type === "inbound_call") return reply(await verified.carrier.answerInbound(event, await routeInbound(deps, verified, event)));
    if (event.type === "message_played") {
      await verified.carrier.hangUp(event.carrierCallId);
      continue;
    }
    const call = await callOf(deps.db, verified, event);
    if (call) await apply(deps, call, event);
  }
  return reply(verified.carrier.acknowledge());
}

/**
 * The call an event is about: by our id (callback URL, client_state), else by the carrier's id. Only
 * a phone call of this carrier, of an organization the signing account acts for: a validly signed
 * Telnyx event naming a Twilio call (or a SIP or web call) changes nothing.
 */
async function callOf(db: Database, verified: Verified, event: CarrierEvent): Promise<PhoneCallRow | null> {
  const call = (event.callId ? await findCall(db, event.callId) : null) ?? (await findCallByCarrierId(db, event.carrier, event.carrierCallId));
  return call && call.type === "phone_call" && call.carrier === event.carrier && verified.accepts(call.organizationId) ? call : null;
}

async function apply(deps: TelephonyDependencies, call: PhoneCallRow, event: CarrierEvent): Promise<void> {
  const at = event.occurredAt ?? new Date();
  switch (event.type) {
    case "answered":
      // A transfer's second leg reports as `transfer`; this is the call itself.
      await markAnswered(deps.db, call.id, at);
      return;
    case "answering_machine":
      await recordAnswerType(deps.db, call.id, event.answeredBy);
      await noteCallEvent(deps.db, call, "answering_machine", { answered_by: event.answeredBy, greeting_ended: event.greetingEnded, beep: event.beep, carrier_result: event.carrierResult }, at);
      return;
    case "completed":
      await completeFromCarrier(deps.db, deps.queue, call, { reason: event.reason, durationSeconds: event.durationSeconds, carrierReason: event.carrierReason, at });
      return;
    case "transfer": {
      const to = event.to ?? call.transfer?.to;
      if (!to) return;
      if (event.leg) {
        // A warm transfer's own call: the transfer that runs it decides failures; a late callback never undoes them.
        if (call.transfer?.mode !== "warm" || ["busy", "no_answer", "declined", "failed"].includes(call.transfer.status)) {
          await noteCallEvent(deps.db, call, "transfer_leg", { to, status: event.status, duration_seconds: event.durationSeconds }, at);
          return;
        }
        await recordTransfer(deps.db, deps.queue, call.id, { to, status: event.status, duration_seconds: event.durationSeconds, mode: "warm" }, at);
        return;
      }
      await recordTransfer(deps.db, deps.queue, call.id, { to, status: event.status, duration_seconds: event.durationSeconds }, at);
      return;
    }
    case "stream_failed":
      console.warn(`telephony: the ${event.carrier} media stream of call ${call.id} failed: ${event.reason}`);
      await noteCallEvent(deps.db, call, "stream_failed", { reason: event.reason }, at);
      return;
    default:
      return; // initiated, ringing, stream started/stopped: nothing to record
  }
}

/** Picks the organization by the verified account and the dialled number, then what its number does. */
async function routeInbound(deps: TelephonyDependencies, verified: Verified, event: Extract<CarrierEvent, { type: "inbound_call" }>): Promise<InboundAction> {
  const candidates = (await pstnNumbersByNumber(deps.db, event.to)).filter(
    (number) => verified.accepts(number.organizationId) && (number.carrier === null || number.carrier === event.carrier),
  );
  const number = candidates[0];
  if (candidates.length > 1) console.warn(`telephony: ${event.to} is registered in ${candidates.length} organizations on one ${event.carrier} account; the oldest takes its calls`);
  const base = { from: event.from, to: event.to, carrier: event.carrier, carrierCallId: event.carrierCallId };
  if (number?.redirect && number.redirectPhoneNumber) {
    const to = number.redirectPhoneNumber;
    const call = await admitInboundCall(deps.db, number.organizationId, (tx) =>
      createInboundCall(tx, { ...base, organizationId: number.organizationId, agentId: number.inboundAgentId, agentVersion: null, redirectTo: to }),
    );
    if (!call) return busy(event, number.organizationId);
    return { kind: "redirect", callId: call.id, to };
  }
  const agent = number?.inboundAgentId ? await getAgent({ db: deps.db, organizationId: number.organizationId }, number.inboundAgentId).catch(() => null) : null;
  if (number && agent) {
    // Past capacity the caller hears busy before anything is recorded: the calls held here stay smooth.
    const admitted = deps.admission?.();
    if (admitted && !admitted.accepting) {
      console.warn(`telephony: busy for a ${event.carrier} call from ${event.from} to ${event.to}: this server process is at capacity (${admitted.reason})`);
      return { kind: "busy" };
    }
  }
  if (!number || !agent) {
    console.warn(
      `telephony: turned away a ${event.carrier} call from ${event.from} to ${event.to}: ${number ? "the number has no inbound agent and no redirect" : "the number is not registered here"}`,
    );
    return { kind: "reject", message: NOT_IN_SERVICE_MESSAGE };
  }
  const call = await admitInboundCall(deps.db, number.organizationId, (tx) =>
    createInboundCall(tx, {
      ...base,
      organizationId: number.organizationId,
      agentId: agent.id,
      agentVersion: agent.version,
      secureRecordingUrl: agent.secure_recording_urls,
    }),
  );
  if (!call) return busy(event, number.organizationId);
  return { kind: "stream", callId: call.id, streamParameters: { token: await issueStreamToken(deps.db, call.id) } };
}

function busy(event: Extract<CarrierEvent, { type: "inbound_call" }>, organizationId: string): InboundAction {
  console.warn(`telephony: refused a ${event.carrier} call from ${event.from} to ${event.to} busy: organization ${organizationId} is at its concurrency limit`);
  return { kind: "busy" };
}
