import type { Random } from "./random";

/** Which kind of script a seeded call follows, guessed from the agent's name and prompt. */
export type ConversationKind = "appointment" | "survey" | "service";

export type Slots = Record<"name" | "first" | "day" | "time" | "day2" | "time2" | "score" | "issue" | "category" | "address", string>;

type Line = readonly ["agent" | "user", string];

/**
 * Something the conversation establishes, by the name of the post-call question or variable it
 * answers: known from line `at` on (0-based). A call cut before that line knows `otherwise`, if given.
 */
type Fact = { at: number; value: (slots: Slots) => unknown; otherwise?: unknown };

type Script = {
  lines: readonly Line[];
  summary: string;
  /** What the summary says when the caller hung up early. */
  cutSummary: string;
  /** Scores a caller of this script gives (the survey), so the words match the mood of the call. */
  scores?: readonly string[];
  facts: Record<string, Fact>;
};

const FIRST_NAMES = [
  "Olivia", "Liam", "Emma", "Noah", "Ava", "Mateo", "Sophia", "Lucas", "Mia", "Ethan", "Amara", "Hiro",
  "Priya", "Diego", "Chloe", "Omar", "Grace", "Jonas", "Lena", "Kwame", "Zoe", "Rafael", "Nina", "Samuel",
];
const LAST_NAMES = [
  "Garcia", "Smith", "Nguyen", "Johnson", "Patel", "Kim", "Müller", "Rossi", "Okafor", "Brown", "Silva",
  "Cohen", "Martin", "Dubois", "Novak", "Haddad", "Lopez", "Walker", "Tanaka", "Andersen",
];
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const TIMES = ["9:00 AM", "9:30 AM", "10:15 AM", "11:00 AM", "1:30 PM", "2:00 PM", "3:45 PM", "4:30 PM"];
const ISSUES: readonly (readonly [string, string])[] = [
  ["the water heater stopped working", "Plumbing"],
  ["a pipe is leaking under the sink", "Plumbing"],
  ["the heating makes a loud noise", "Heating"],
  ["half the outlets in the kitchen are dead", "Electrical"],
];
const STREETS = ["Maple Street", "Oak Avenue", "Harbor Road", "Cedar Lane", "Hillside Drive"];

/** The survey's spoken score and the satisfaction option it means. */
export const SATISFACTION_BY_SCORE: Record<string, string> = {
  Five: "Very satisfied",
  Four: "Satisfied",
  Three: "Neutral",
  Two: "Dissatisfied",
  One: "Very dissatisfied",
};

const known = (value: unknown) => () => value;

const SCRIPTS: Record<ConversationKind, readonly Script[]> = {
  appointment: [
    {
      lines: [
        ["agent", "Hi, this is Ava from Bright Smile Dental. How can I help you today?"],
        ["user", "Hi, I'd like to book a cleaning, sometime next week if possible."],
        ["agent", "Of course. May I have your full name, please?"],
        ["user", "Sure, it's {name}."],
        ["agent", "Thanks, {first}. One moment while I check. I have {day} at {time} or {day2} at {time2}. Which works better?"],
        ["user", "{day} at {time} is perfect."],
        ["agent", "Great, you're booked for {day} at {time}. You'll get a text confirmation shortly. Anything else?"],
        ["user", "No, that's everything. Thank you!"],
        ["agent", "You're welcome, {first}. See you {day}!"],
      ],
      summary: "{name} booked a cleaning for {day} at {time}.",
      cutSummary: "{name} called to book a cleaning and hung up before choosing a time.",
      facts: {
        customer_name: { at: 3, value: (slots) => slots.name },
        appointment_time: { at: 6, value: (slots) => `${slots.day} ${slots.time}` },
        appointment_booked: { at: 6, value: known(true), otherwise: false },
      },
    },
    {
      lines: [
        ["agent", "Hi, this is Ava from Bright Smile Dental. How can I help you today?"],
        ["user", "I need to move my appointment, something came up at work."],
        ["agent", "No problem. Can I have your name?"],
        ["user", "{name}."],
        ["agent", "Thank you. I can move you to {day2} at {time2}. Would that work?"],
        ["user", "Hmm, anything later that day?"],
        ["agent", "Let me look. I'm afraid {time2} is the last free slot on {day2}, but {day} at {time} is open too."],
        ["user", "Then {day} at {time}, please."],
        ["agent", "Done. Your appointment is now on {day} at {time}. Have a nice day!"],
      ],
      summary: "{name} moved their appointment to {day} at {time}.",
      cutSummary: "{name} called to move an appointment and hung up before a new time was agreed.",
      facts: {
        customer_name: { at: 3, value: (slots) => slots.name },
        appointment_time: { at: 8, value: (slots) => `${slots.day} ${slots.time}` },
        appointment_booked: { at: 8, value: known(true), otherwise: false },
      },
    },
  ],
  survey: [
    {
      lines: [
        ["agent", "Hi {first}, this is Sam from Northwind Internet. Do you have two minutes for a short survey?"],
        ["user", "Sure, go ahead."],
        ["agent", "Thank you. On a scale from one to five, how satisfied were you with the support you received?"],
        ["user", "{score}, I'd say."],
        ["agent", "Got it. And is the issue you reported fully resolved?"],
        ["user", "Yes, the connection has been stable since."],
        ["agent", "Glad to hear it. Would you recommend Northwind to a friend?"],
        ["user", "Probably, yes."],
        ["agent", "That's all I needed. Thanks for your time, {first}, and have a good evening!"],
      ],
      summary: "{name} rated the support {score} out of five and says the issue is resolved.",
      cutSummary: "{name} started the survey and hung up before finishing it.",
      scores: ["Five", "Five", "Four", "Four", "Three"],
      facts: {
        customer_name: { at: 0, value: (slots) => slots.name },
        satisfaction: { at: 3, value: (slots) => SATISFACTION_BY_SCORE[slots.score] },
        issue_resolved: { at: 5, value: known(true) },
        would_recommend: { at: 7, value: known(true) },
      },
    },
    {
      lines: [
        ["agent", "Hi {first}, this is Sam from Northwind Internet. Do you have two minutes for a short survey?"],
        ["user", "Okay, but quickly please."],
        ["agent", "Of course. How satisfied were you with the support you received, from one to five?"],
        ["user", "{score}. It took three calls to get someone."],
        ["agent", "I'm sorry about that. Is the problem solved now?"],
        ["user", "Not completely, it still drops in the evening."],
        ["agent", "Thank you, I'll pass that on so a technician follows up. Anything else we could do better?"],
        ["user", "Just call back when you say you will."],
        ["agent", "Understood. Thanks for your honesty, {first}. Goodbye!"],
      ],
      summary: "{name} rated the support {score} out of five; the connection still drops and a follow-up was promised.",
      cutSummary: "{name} started the survey, complained about the wait, and hung up before finishing it.",
      scores: ["Three", "Two", "Two", "One"],
      facts: {
        customer_name: { at: 0, value: (slots) => slots.name },
        satisfaction: { at: 3, value: (slots) => SATISFACTION_BY_SCORE[slots.score] },
        issue_resolved: { at: 5, value: known(false) },
        feedback: { at: 7, value: known("Call back when you say you will.") },
      },
    },
  ],
  service: [
    {
      lines: [
        ["agent", "Thank you for calling Acme Home Services, this is Riley. How can I help?"],
        ["user", "Hi, {issue}."],
        ["agent", "I'm sorry to hear that. Can I get your name and address?"],
        ["user", "{name}, {address}."],
        ["agent", "Thanks, {first}. A technician can come {day} between {time} and {time2}. Does that work?"],
        ["user", "Yes, that works."],
        ["agent", "You're booked. You'll get a text when the technician is on the way. Anything else?"],
        ["user", "No, thank you."],
        ["agent", "Have a good day, {first}."],
      ],
      summary: "{name} reported that {issue}; a visit is booked for {day} from {time}.",
      cutSummary: "A caller reported that {issue} and hung up before a visit was booked.",
      facts: {
        problem_category: { at: 1, value: (slots) => slots.category },
        customer_name: { at: 3, value: (slots) => slots.name },
        visit_booked: { at: 6, value: known(true), otherwise: false },
      },
    },
    {
      lines: [
        ["agent", "Thank you for calling Acme Home Services, this is Riley. How can I help?"],
        ["user", "How much do you charge for a call-out?"],
        ["agent", "A standard visit is a flat fee of eighty-nine dollars, which includes the first half hour of work."],
        ["user", "Okay. And can someone come this week?"],
        ["agent", "Yes, {day} afternoon is open. May I have your name?"],
        ["user", "{name}. I'll think about it and call back."],
        ["agent", "Of course, {first}. Just call this number when you're ready. Goodbye!"],
      ],
      summary: "{name} asked about call-out prices and will call back to book.",
      cutSummary: "A caller asked about call-out prices and hung up.",
      facts: {
        problem_category: { at: 1, value: known("Pricing question") },
        customer_name: { at: 5, value: (slots) => slots.name },
        visit_booked: { at: 0, value: known(false) },
      },
    },
  ],
};

const SLOT_PATTERN = /\{(\w+)\}/g;

export function fill(template: string, slots: Slots): string {
  return template.replace(SLOT_PATTERN, (whole, key: string) => (key in slots ? slots[key as keyof Slots] : whole));
}

export function conversationKind(config: Record<string, unknown>): ConversationKind {
  const text = `${String(config.name ?? "")} ${String(config.base_prompt ?? "")}`;
  if (/appointment|booking|schedul|dental|clinic/i.test(text)) return "appointment";
  if (/survey|feedback|satisf/i.test(text)) return "survey";
  return "service";
}

export function randomSlots(random: Random): Slots {
  const first = random.pick(FIRST_NAMES);
  const dayIndex = random.int(0, DAYS.length - 1);
  const [issue, category] = random.pick(ISSUES);
  return {
    first,
    name: `${first} ${random.pick(LAST_NAMES)}`,
    day: DAYS[dayIndex],
    day2: DAYS[(dayIndex + random.int(1, 3)) % DAYS.length],
    time: random.pick(TIMES),
    time2: random.pick(TIMES),
    score: "Four",
    issue,
    category,
    address: `${random.int(2, 980)} ${random.pick(STREETS)}`,
  };
}

/** A fact the call established (`value`), or one it is known not to have (`known: false`). */
export type FactValue = { known: true; value: unknown; line: number } | { known: false };

export type Conversation = {
  lines: { role: "agent" | "user"; content: string }[];
  summary: string;
  /** What the conversation established, by question or variable name; undefined when it never came up. */
  fact: (name: string) => FactValue | undefined;
};

/**
 * One conversation of the agent's kind. `initialMessage` (the agent's own, `{{variables}}` filled)
 * replaces the script's greeting; `cut` keeps only the first lines, for a caller who hung up.
 */
export function conversation(random: Random, kind: ConversationKind, slots: Slots, initialMessage: string | null, cut: boolean): Conversation {
  const script = random.pick(SCRIPTS[kind]);
  const filled = script.scores ? { ...slots, score: random.pick(script.scores) } : slots;
  const count = cut ? random.int(2, script.lines.length - 2) : script.lines.length;
  const lines = script.lines.slice(0, count).map(([role, template], index) => ({
    role,
    content: index === 0 && initialMessage ? initialMessage : fill(template, filled),
  }));
  return {
    lines,
    summary: fill(count < script.lines.length ? script.cutSummary : script.summary, filled),
    fact: (name) => {
      const fact = script.facts[name];
      if (!fact) return undefined;
      if (fact.at < count) return { known: true, value: fact.value(filled), line: fact.at };
      return "otherwise" in fact ? { known: true, value: fact.otherwise, line: count - 1 } : { known: false };
    },
  };
}

/** `{{customer_name}}` and the like in an agent's initial message, filled from the call's slots. */
export function fillInitialMessage(message: string, slots: Slots): string {
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (/name/i.test(name) ? slots.first : "")).replace(/\s+([,.!?])/g, "$1");
}
