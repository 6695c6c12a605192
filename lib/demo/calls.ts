import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { agents, agentVersions, apiKeys, phoneNumbers, postCallQuestionOptions, postCallQuestions } from "@/lib/db/schema";
import type { CallStarter } from "@/lib/schemas/call-values";
import { loadConfig } from "@/lib/config";
import { NotFoundError } from "@/lib/utils/domain-errors";
import { callRecordingKey } from "@/lib/storage/blob-keys";
import type { BlobStore } from "@/lib/storage/blob-store";
import { createBlobStore } from "@/lib/storage/create-blob-store";
import { conversation, conversationKind, fillInitialMessage, randomSlots, type Conversation, type ConversationKind, type Slots } from "./conversations";
import { receptionAgent } from "./demo-agents";
import { emptyCallBatch, insertCallBatch, type CallBatch, type QuestionSnapshot } from "./insert-call-batch";
import { insertDemoAgent } from "./insert-agent";
import { createRandom, randomSeed, type Random } from "./random";
import { conversationWav } from "./recording-wav";

export type SeedCallsInput = {
  organizationId: string;
  count: number;
  /** Only this agent; otherwise every agent of the organization (one demo agent is created when it has none). */
  agentId?: string;
  /** Every call starts at exactly this time; otherwise start times spread over the 90 days before `now`. */
  startTime?: Date;
  now?: Date;
  seed?: number;
  batchSize?: number;
  /** Batches in flight at once: the next batch is generated while the previous ones are written. */
  concurrency?: number;
  onProgress?: (created: number, total: number) => void;
  /** Where recordings go; default: the store the configuration selects. */
  storage?: BlobStore;
  /** Share of answered calls of the last 7 days that get a recording (default 0.3), until `maxRecordings` have one. */
  recordingShare?: number;
  /** At most this many recordings (default 40): each is as long as its call (8 KB a second), so a million calls cannot mean 300k blobs. */
  maxRecordings?: number;
};

/** Which answered calls get a recording of their own, and where they go. */
type RecordingPlan = { share: number; left: number; random: Random; store: Pick<BlobStore, "put"> };

type VariableDefinition = { name: string; type: string };

type SeedAgent = {
  id: string;
  version: number;
  kind: ConversationKind;
  initialMessage: string | null;
  variables: VariableDefinition[];
  /** 1-based positions in the question snapshots (none: the agent's calls get no answers). */
  questions: number[];
};

/** `starter`: who the calls started through the API (web and outbound) were started by: the organization's first API key, if it has one. */
type SeedPlan = { organizationId: string; agents: SeedAgent[]; questions: QuestionSnapshot[]; numbers: string[]; starter: CallStarter | null };

const DEFAULT_VARIABLES: VariableDefinition[] = [{ name: "customer_name", type: "string" }];
// Fictional numbers (555-01xx) for organizations without numbers of their own and for the customers called.
const FALLBACK_NUMBERS = ["+18885550100", "+18885550101"];
const CUSTOMER_AREA_CODES = ["206", "212", "305", "312", "415", "512", "617", "702", "720", "917"];
const DAY_MS = 86_400_000;
const RECORDED_DAYS = 7;
const WINDOW_MS = 90 * DAY_MS;

/** Inserts `count` finished calls with transcripts, variables, answers and costs, in batches. */
export async function seedCalls(db: Database, input: SeedCallsInput): Promise<{ created: number }> {
  const plan = await loadPlan(db, input.organizationId, input.agentId);
  const seed = input.seed ?? randomSeed();
  const random = createRandom(seed);
  const recording = recordingPlan(db, input, seed);
  const now = (input.now ?? new Date()).getTime();
  const batchSize = input.batchSize ?? 5000;
  const concurrency = input.concurrency ?? 2;

  let created = 0;
  let failure: unknown;
  const inFlight = new Set<Promise<void>>();
  for (let offset = 0; offset < input.count && failure === undefined; offset += batchSize) {
    const size = Math.min(batchSize, input.count - offset);
    const batch = emptyCallBatch();
    const recordings: { key: string; wav: Uint8Array }[] = [];
    for (let i = 0; i < size; i++) addCall(batch, random, plan, now, input.startTime?.getTime(), recording, recordings);
    const write: Promise<void> = insertCallBatch(db, input.organizationId, plan.questions, batch)
      .then(() => storeRecordings(recording, recordings, input.organizationId))
      .then(() => {
        created += size;
        input.onProgress?.(created, input.count);
      })
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => inFlight.delete(write));
    inFlight.add(write);
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  if (failure !== undefined) throw failure;
  return { created };
}

function recordingPlan(db: Database, input: SeedCallsInput, seed: number): RecordingPlan | null {
  const share = input.recordingShare ?? 0.3;
  const left = input.maxRecordings ?? 40;
  if (input.count <= 0 || share <= 0 || left <= 0) return null;
  const storage = input.storage ?? createBlobStore(loadConfig().storage, db);
  // Inside the caller's transaction when blobs live in the database (the demo seeds in one).
  const store = storage.withDatabase?.(db) ?? storage;
  // A stream of its own, so the rest of the seeded data stays what the same seed always gave.
  return { share, left, random: createRandom((seed ^ 0x5eed5eed) >>> 0), store };
}

async function storeRecordings(plan: RecordingPlan | null, recordings: { key: string; wav: Uint8Array }[], organizationId: string) {
  for (const { key, wav } of recordings) await plan!.store.put(key, wav, { contentType: "audio/wav", organizationId });
}

async function loadPlan(db: Database, organizationId: string, agentId: string | undefined): Promise<SeedPlan> {
  const query = () =>
    db
      .select({ id: agents.id, version: agents.publishedVersion, config: agentVersions.config })
      .from(agents)
      .innerJoin(agentVersions, and(eq(agentVersions.agentId, agents.id), eq(agentVersions.version, agents.publishedVersion)))
      .where(and(eq(agents.organizationId, organizationId), agentId ? eq(agents.id, agentId) : undefined))
      .orderBy(asc(agents.createdAt));
  let rows = await query();
  if (rows.length === 0) {
    if (agentId) throw new NotFoundError(`Agent ${agentId} of organization ${organizationId}`);
    await insertDemoAgent(db, organizationId, receptionAgent);
    rows = await query();
  }

  const questionRows = await db
    .select()
    .from(postCallQuestions)
    .where(and(inArray(postCallQuestions.agentId, rows.map((row) => row.id)), eq(postCallQuestions.isActive, true)))
    .orderBy(asc(postCallQuestions.createdAt), asc(postCallQuestions.id));
  const optionRows = questionRows.length
    ? await db
        .select()
        .from(postCallQuestionOptions)
        .where(inArray(postCallQuestionOptions.questionId, questionRows.map((row) => row.id)))
        .orderBy(asc(postCallQuestionOptions.position))
    : [];

  const questions: QuestionSnapshot[] = [];
  const seedAgents = rows.map((row): SeedAgent => {
    const own = questionRows.filter((question) => question.agentId === row.id);
    const positions = own.map((question) => {
      questions.push({
        id: question.id,
        name: question.name,
        description: question.description,
        type: question.type,
        optional: question.optional,
        origin: question.questionOrigin,
        options: optionRows.filter((option) => option.questionId === question.id).map(({ id, value }) => ({ id, value })),
      });
      return questions.length;
    });
    return {
      id: row.id,
      version: row.version,
      kind: conversationKind(row.config),
      initialMessage: typeof row.config.initial_message === "string" && row.config.initial_message ? row.config.initial_message : null,
      variables: agentVariables(row.config),
      questions: positions,
    };
  });

  const numbers = await db
    .select({ number: phoneNumbers.number })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.organizationId, organizationId))
    .orderBy(asc(phoneNumbers.createdAt));
  const [key] = await db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.kind, "user"), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.createdAt))
    .limit(1);
  return {
    organizationId,
    agents: seedAgents,
    questions,
    numbers: numbers.length ? numbers.map((row) => row.number) : FALLBACK_NUMBERS,
    starter: key ? { source: "api", user: null, api_key: key } : null,
  };
}

/** The variables the agent's states extract, and those its custom functions fill. */
function agentVariables(config: Record<string, unknown>): VariableDefinition[] {
  const found = new Map<string, string>();
  const states = Array.isArray(config.states) ? (config.states as Record<string, unknown>[]) : [];
  for (const state of states) {
    for (const variable of Array.isArray(state.variables) ? (state.variables as Record<string, unknown>[]) : []) {
      if (typeof variable.name === "string") found.set(variable.name, typeof variable.type === "string" ? variable.type : "string");
    }
    for (const tool of Array.isArray(state.tools) ? (state.tools as Record<string, unknown>[]) : []) {
      for (const mapping of Array.isArray(tool.response_mapping) ? (tool.response_mapping as Record<string, unknown>[]) : []) {
        const name = mapping.destination_variable;
        if (typeof name === "string" && !found.has(name)) found.set(name, "string");
      }
    }
  }
  return found.size ? [...found].map(([name, type]) => ({ name, type })) : DEFAULT_VARIABLES;
}

type Outcome = "completed" | "agent_hangup" | "user_hangup" | "no_answer" | "error";

const OUTCOMES: Record<"outbound" | "inbound" | "web", readonly (readonly [Outcome, number])[]> = {
  outbound: [["completed", 54], ["agent_hangup", 16], ["user_hangup", 14], ["no_answer", 13], ["error", 3]],
  inbound: [["completed", 60], ["agent_hangup", 18], ["user_hangup", 20], ["error", 2]],
  web: [["completed", 58], ["agent_hangup", 17], ["user_hangup", 23], ["error", 2]],
};

const iso = (ms: number) => new Date(ms).toISOString();
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function customerNumber(random: Random): string {
  return `+1${random.pick(CUSTOMER_AREA_CODES)}5550${random.int(100, 199)}`;
}

/** A start time in the window, more often on weekdays and in (US) business hours. */
function spreadStart(random: Random, now: number, lengthMs: number): number {
  const latest = now - lengthMs - 1000;
  for (;;) {
    const start = latest - Math.floor(random.next() * (WINDOW_MS - lengthMs - 1000));
    const date = new Date(start);
    const weekday = date.getUTCDay() % 6 !== 0;
    const hour = date.getUTCHours();
    const weight = (weekday ? 1 : 0.35) * (hour >= 14 || hour < 1 ? 1 : 0.2);
    if (random.next() < weight) return start;
  }
}

const DENTISTS = ["Dr. Okafor", "Dr. Lindqvist", "Dr. Reyes"];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Tuesday 2:00 PM" after `afterMs` as an ISO instant (the seeded clinics keep UTC hours). */
function nextSlot(afterMs: number, slot: string): string {
  const [, day, hour, minute, half] = /^(\w+) (\d+):(\d+) (AM|PM)$/.exec(slot) ?? [];
  const date = new Date(Math.floor(afterMs / DAY_MS) * DAY_MS + DAY_MS);
  while (WEEKDAYS[date.getUTCDay()] !== day) date.setUTCDate(date.getUTCDate() + 1);
  date.setUTCHours((Number(hour) % 12) + (half === "PM" ? 12 : 0), Number(minute));
  return date.toISOString();
}

/** A variable's value: what the conversation established, else something plausible for its name and type. */
function variableValue(random: Random, variable: VariableDefinition, talk: Conversation, slots: Slots, startMs: number): unknown {
  const fact = talk.fact(variable.name);
  if (fact?.known) return variable.type === "datetime" && typeof fact.value === "string" ? nextSlot(startMs, fact.value) : fact.value;
  if (variable.type === "boolean") return random.chance(0.75);
  if (variable.type === "datetime") return nextSlot(startMs, `${slots.day} ${slots.time}`);
  if (variable.type === "number") return random.int(1, 10);
  if (/dentist|doctor/i.test(variable.name)) return random.pick(DENTISTS);
  if (/name/i.test(variable.name)) return slots.name;
  if (/address/i.test(variable.name)) return slots.address;
  if (/issue|problem|reason/i.test(variable.name)) return slots.issue;
  return `${slots.day} ${slots.time}`;
}

type Answer = { hasAnswer: boolean; text: string | null; number: number | null; boolean: boolean | null; selected: QuestionSnapshot["options"] };

/**
 * The answer to one question: what the conversation established when the question is about
 * something it covers (by name), else a plausible one for questions the scripts do not know.
 */
function answerOf(random: Random, question: QuestionSnapshot, talk: Conversation, outcome: Outcome): Answer {
  const none: Answer = { hasAnswer: false, text: null, number: null, boolean: null, selected: [] };
  if (/summary|summar/i.test(question.name) && question.type === "text") return { ...none, hasAnswer: true, text: talk.summary };
  const fact = talk.fact(question.name);
  if (fact) {
    if (!fact.known) return none;
    const value = fact.value;
    if (question.type === "boolean" && typeof value === "boolean") return { ...none, hasAnswer: true, boolean: value };
    if (question.type === "number" && typeof value === "number") return { ...none, hasAnswer: true, number: value };
    if (question.type === "text") return { ...none, hasAnswer: true, text: String(value) };
    const option = question.options.find((candidate) => candidate.value === value);
    return option ? { ...none, hasAnswer: true, selected: [option] } : none;
  }
  if (question.optional && random.chance(0.3)) return none;
  if (outcome === "user_hangup" && random.chance(0.3)) return none;
  const positive = outcome === "completed" ? 0.85 : outcome === "agent_hangup" ? 0.7 : 0.25;
  if (question.type === "boolean") return { ...none, hasAnswer: true, boolean: random.chance(positive) };
  if (question.type === "number") return { ...none, hasAnswer: true, number: random.int(1, 5) };
  if (question.type === "text") return { ...none, hasAnswer: true, text: talk.summary };
  if (!question.options.length) return none;
  // Earlier options (the better ones, usually) are likelier after a good call.
  const first = random.weighted(question.options.map((option, index) => [option, random.chance(positive) ? 1 / (index + 1) : 1] as const));
  const selected = [first];
  if (question.type === "multi_choice" && question.options.length > 1 && random.chance(0.4)) {
    const second = random.pick(question.options);
    if (second.id !== first.id) selected.push(second);
  }
  return { ...none, hasAnswer: true, selected };
}

function addAnswers(batch: CallBatch, random: Random, plan: SeedPlan, agent: SeedAgent, callId: string, outcome: Outcome, talk: Conversation, at: number) {
  const a = batch.answers;
  for (const position of agent.questions) {
    const answer = answerOf(random, plan.questions[position - 1], talk, outcome);
    a.callId.push(callId);
    a.question.push(position);
    a.hasAnswer.push(answer.hasAnswer);
    a.text.push(answer.text);
    a.number.push(answer.number);
    a.boolean.push(answer.boolean);
    a.selectedOptions.push(JSON.stringify(answer.selected.map((option) => ({ option }))));
    a.createdAt.push(iso(at + random.int(5_000, 60_000)));
  }
}

/** How long saying a line takes (about 13 characters a second) and the pause before the next one. */
const speakingMs = (content: string) => Math.round((content.length / 13) * 1000);

function addCall(
  batch: CallBatch,
  random: Random,
  plan: SeedPlan,
  now: number,
  fixedStart: number | undefined,
  recording: RecordingPlan | null,
  recordings: { key: string; wav: Uint8Array }[],
) {
  const agent = random.pick(plan.agents);
  const type = random.chance(0.7) ? "phone_call" : "web_call";
  const direction = type === "phone_call" && random.chance(0.55) ? "outbound" : "inbound";
  const outcome = random.weighted(OUTCOMES[type === "web_call" ? "web" : direction]);
  const talked = outcome === "completed" || outcome === "agent_hangup" || outcome === "user_hangup";

  const slots = randomSlots(random);
  const initialMessage = agent.initialMessage && fillInitialMessage(agent.initialMessage, slots);
  const talk = talked ? conversation(random, agent.kind, slots, initialMessage, outcome === "user_hangup") : null;
  // Each line lasts as long as it takes to say, plus a pause; the call lasts as long as its lines, plus a goodbye.
  const offsets: number[] = [];
  let talkMs = 0;
  for (const line of talk?.lines ?? []) {
    offsets.push(talkMs);
    talkMs += speakingMs(line.content) + Math.round((0.6 + random.next() * 1.4) * 1000);
  }
  const ringMs = outcome === "no_answer" ? random.int(25_000, 40_000) : type === "web_call" ? random.int(100, 900) : random.int(2_000, 15_000);
  // Never answered: no duration (it counts from answer to end), as a real call records it.
  const durationSeconds = talked ? Math.ceil(talkMs / 1000) + random.int(1, 3) : null;
  const lengthMs = ringMs + (durationSeconds ?? 0) * 1000 + (outcome === "error" ? random.int(500, 3000) : 0);
  const start = fixedStart ?? spreadStart(random, now, lengthMs);
  const answeredAt = talked ? start + ringMs : null;
  const end = start + lengthMs;

  const companyNumber = random.pick(plan.numbers);
  const otherNumber = customerNumber(random);
  const id = randomUUID();
  batch.id.push(id);
  batch.agentId.push(agent.id);
  batch.agentVersion.push(agent.version);
  batch.type.push(type);
  batch.status.push(outcome === "error" ? "failed" : "ended");
  batch.direction.push(direction);
  batch.fromNumber.push(type === "web_call" ? null : direction === "outbound" ? companyNumber : otherNumber);
  batch.toNumber.push(type === "web_call" ? null : direction === "outbound" ? otherNumber : companyNumber);
  // A caller starts an inbound phone call; web calls (a site's widget) and outbound ones are started through the API.
  batch.startedBy.push(plan.starter && (type === "web_call" || direction === "outbound") ? JSON.stringify(plan.starter) : null);
  batch.metadata.push(
    JSON.stringify(
      direction === "outbound"
        ? { customer_id: `cus_${random.int(100_000, 999_999)}`, campaign: random.pick(["spring-checkup", "renewal", "win-back"]) }
        : { customer_id: `cus_${random.int(100_000, 999_999)}`, source: random.pick(["website", "google-ads", "referral", "returning"]) },
    ),
  );
  batch.startTime.push(iso(start));
  batch.answeredAt.push(answeredAt === null ? null : iso(answeredAt));
  batch.endTime.push(iso(end));
  batch.durationSeconds.push(durationSeconds);
  batch.answerType.push(talked ? "human" : null);
  batch.endReason.push(outcome);

  const lines = talk?.lines ?? [];
  const transcript = lines.map((line, index) => ({ ...line, start_time: iso(answeredAt! + offsets[index]) }));
  batch.transcript.push(JSON.stringify(transcript));

  const variables = talk
    ? agent.variables.flatMap((variable) => {
        const fact = talk.fact(variable.name);
        if (fact ? !fact.known : !random.chance(outcome === "user_hangup" ? 0.4 : 0.95)) return [];
        const line = fact?.known ? Math.min(fact.line, transcript.length - 1) : random.int(Math.min(2, transcript.length - 1), transcript.length - 1);
        return [{ name: variable.name, type: variable.type, value: variableValue(random, variable, talk, slots, start), timestamp: transcript[line].start_time }];
      })
    : [];
  batch.variableValues.push(JSON.stringify(variables));

  let recordingKey: string | null = null;
  // Recordings go to recent calls, the ones people open first.
  if (talked && recording && recording.left > 0 && now - start <= RECORDED_DAYS * DAY_MS && recording.random.chance(recording.share)) {
    recording.left -= 1;
    recordingKey = callRecordingKey(plan.organizationId, id);
    const spoken = lines.map((line, index) => ({ role: line.role, startMs: offsets[index], ms: speakingMs(line.content) }));
    recordings.push({ key: recordingKey, wav: conversationWav(spoken, durationSeconds! * 1000) });
  }
  batch.recordingBlobKey.push(recordingKey);

  // Priced as the cost job prices a real call with the default price table (lib/services/call-cost.ts).
  const minutes = (durationSeconds ?? 0) / 60;
  const agentCharacters = lines.reduce((sum, line) => sum + (line.role === "agent" ? line.content.length : 0), 0);
  const userTurns = lines.filter((line) => line.role === "user").length;
  const breakdown = {
    telephony: round6(type === "phone_call" ? minutes * 0.014 : 0),
    speech_to_text: round6(minutes * 0.006),
    text_to_speech: round6(agentCharacters * 0.000015),
    llm: round6(userTurns * (0.00018 + random.next() * 0.00008)),
  };
  batch.cost.push(round6(breakdown.telephony + breakdown.speech_to_text + breakdown.text_to_speech + breakdown.llm));
  batch.costBreakdown.push(JSON.stringify(breakdown));

  if (talk) addAnswers(batch, random, plan, agent, id, outcome, talk, end);
}
