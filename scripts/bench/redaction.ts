/**
 * `npm run bench:redaction`: what PII redaction costs per transcript turn (lib/redaction's
 * `redactText`, as a redacting agent's every stored turn goes through it), over turns of the
 * demo conversations and turns full of PII (cards and phone numbers said as words, emails,
 * addresses, names, dates of birth, IBANs). Target: p99 ≤ 1 ms per turn. See docs/performance.md.
 */
import { parseArgs } from "node:util";
import { conversation, randomSlots, type ConversationKind } from "@/lib/demo/conversations";
import { createRandom } from "@/lib/demo/random";
import { redactText } from "@/lib/redaction/find-pii";
import { elapsedMs, formatMs, markdownTable, summarize } from "./stats";

const { values: flags } = parseArgs({ options: { turns: { type: "string", default: "200000" } }, strict: true });
const total = Number(flags.turns);

const PII_TURNS = [
  "Sure, my card number is four one one one one one one one one one one one one one one one, expiry oh nine twenty eight.",
  "It's 5555 5555 5555 4444 and the security code is on the back.",
  "My name is Maria Garcia and I live at 221 Baker Street, Springfield, IL 62704.",
  "You can reach me on +1 (415) 555-0123 or at maria.garcia@example.com, whichever is easier.",
  "My date of birth is the third of March nineteen eighty-five, and my social is 123-45-6789.",
  "Please send the refund to DE89 3704 0044 0532 0130 00, that's my German account.",
  "This is John Smith calling about the appointment with Doctor Patel on Tuesday.",
  "call me back on four one five five five five zero one two three after six",
];

/** The PII turns, and the lines of 300 seeded demo conversations (names, days, addresses in them). */
function corpus(): string[] {
  const turns: string[] = [...PII_TURNS];
  const random = createRandom(25);
  for (let i = 0; i < 300; i++) {
    const kind = (["appointment", "survey", "service"] as ConversationKind[])[i % 3];
    for (const line of conversation(random, kind, randomSlots(random), null, false).lines) turns.push(line.content);
  }
  return [...new Set(turns)];
}

const turns = corpus();
const withPii = new Set(PII_TURNS);
// Warm up: the name lexicon loads on first use (once per process), and the JIT settles.
for (let i = 0; i < 5000; i++) redactText(turns[i % turns.length]);

const all: number[] = [];
const pii: number[] = [];
const plain: number[] = [];
let found = 0;
for (let i = 0; i < total; i++) {
  const text = turns[i % turns.length];
  const start = process.hrtime.bigint();
  const result = redactText(text);
  const ms = elapsedMs(start);
  all.push(ms);
  (withPii.has(text) ? pii : plain).push(ms);
  found += result.categories.length;
}

const rows = [
  ["every turn", all],
  ["turns with PII", pii],
  ["turns without PII", plain],
] as const;
console.log(`\nredaction per transcript turn: ${total.toLocaleString("en-US")} turns (${turns.length} distinct, ${PII_TURNS.length} with PII; ${found.toLocaleString("en-US")} categories found)\n`);
console.log(
  markdownTable(
    ["turns", "p50", "p99", "max", "target"],
    rows.map(([name, samples]) => {
      const summary = summarize(samples);
      return [name, formatMs(summary.p50), formatMs(summary.p99), formatMs(summary.max), name === "every turn" ? `p99 ≤ 1 ms: ${summary.p99 <= 1 ? "met" : "MISSED"}` : ""];
    }),
    [false, true, true, true, false],
  ),
);
