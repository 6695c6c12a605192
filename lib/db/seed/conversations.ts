import type { Random } from "./random";

/** Which kind of script a seeded call follows, guessed from the agent's name and prompt. */
export type ConversationKind = "appointment" | "survey" | "service";

export type Slots = Record<"name" | "first" | "day" | "time" | "day2" | "time2" | "score" | "issue" | "address", string>;

type Line = readonly ["agent" | "user", string];
type Script = { lines: readonly Line[]; summary: string };

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
const SCORES = ["Five", "Four", "Four", "Three", "Two"];
const ISSUES = ["the water heater stopped working", "a pipe is leaking under the sink", "the heating makes a loud noise", "half the outlets in the kitchen are dead"];
const STREETS = ["Maple Street", "Oak Avenue", "Harbor Road", "Cedar Lane", "Hillside Drive"];
const FEEDBACK = [
  "Shorter waiting times on the phone.",
  "The technician could have called before arriving.",
  "Nothing, the service was great.",
  "Clearer information about pricing.",
  "Faster follow-up by email.",
];

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
      summary: "{name} rescheduled their appointment to {day} at {time}.",
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
  return {
    first,
    name: `${first} ${random.pick(LAST_NAMES)}`,
    day: DAYS[dayIndex],
    day2: DAYS[(dayIndex + random.int(1, 3)) % DAYS.length],
    time: random.pick(TIMES),
    time2: random.pick(TIMES),
    score: random.pick(SCORES),
    issue: random.pick(ISSUES),
    address: `${random.int(2, 980)} ${random.pick(STREETS)}`,
  };
}

export type Conversation = { lines: { role: "agent" | "user"; content: string }[]; summary: string };

/**
 * One conversation of the agent's kind. `initialMessage` (the agent's own, `{{variables}}` filled)
 * replaces the script's greeting; `cut` keeps only the first lines, for a caller who hung up.
 */
export function conversation(random: Random, kind: ConversationKind, slots: Slots, initialMessage: string | null, cut: boolean): Conversation {
  const script = random.pick(SCRIPTS[kind]);
  const count = cut ? random.int(2, script.lines.length - 2) : script.lines.length;
  const lines = script.lines.slice(0, count).map(([role, template], index) => ({
    role,
    content: index === 0 && initialMessage ? initialMessage : fill(template, slots),
  }));
  return { lines, summary: fill(script.summary, slots) };
}

export function feedbackText(random: Random): string {
  return random.pick(FEEDBACK);
}

/** `{{customer_name}}` and the like in an agent's initial message, filled from the call's slots. */
export function fillInitialMessage(message: string, slots: Slots): string {
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (/name/i.test(name) ? slots.first : "")).replace(/\s+([,.!?])/g, "$1");
}
