import { luhnValid } from "./checksums";
import { numberRuns, type NumberRun } from "./number-runs";
import type { PiiSpan } from "./pii-categories";

const SSN_CONTEXT = /\b(social|ssn|security number|tax id|taxpayer)\b/i;
const PHONE_CONTEXT = /\b(phone|number|call|reach|cell|mobile|text me|contact|dial|fax|landline)\b/i;
/** Numbers a caller reads out that are not personal: the agent may need them, so they are kept. */
const REFERENCE_CONTEXT = /\b(order|confirmation|reference|booking|ticket|invoice|tracking|case|policy|claim|reservation|room|flight|zip|postal|code|pin)\b/i;

const before = (text: string, run: NumberRun, chars = 48) => text.slice(Math.max(0, run.start - chars), run.start);

/** A valid SSN: area not 000, 666 or 9xx, group not 00, serial not 0000. */
function ssnShape(digits: string): boolean {
  return /^(?!000|666|9)\d{3}(?!00)\d{2}(?!0000)\d{4}$/.test(digits);
}

/** Card numbers (13–19 digits passing Luhn), social security numbers and phone numbers, written or said. */
export function recognizeNumbers(text: string): PiiSpan[] {
  const spans: PiiSpan[] = [];
  for (const run of numberRuns(text)) {
    const { digits } = run;
    const context = before(text, run);
    if (digits.length >= 13 && digits.length <= 19 && luhnValid(digits) && !run.plus) {
      spans.push({ start: run.start, end: run.end, category: "credit_card" });
    } else if (digits.length === 9 && ssnShape(digits) && ((run.groups.join("-") === "3-2-4" && !run.spoken) || SSN_CONTEXT.test(context))) {
      spans.push({ start: run.start, end: run.end, category: "ssn" });
    } else if (isPhoneNumber(run, context)) {
      spans.push({ start: run.start, end: run.end, category: "phone_number" });
    }
  }
  return spans;
}

function isPhoneNumber(run: NumberRun, context: string): boolean {
  const length = run.digits.length;
  if (run.plus) return length >= 8 && length <= 15;
  const referenceNear = REFERENCE_CONTEXT.test(context.slice(-32)) && !/\bphone\b/i.test(context.slice(-32));
  if (referenceNear) return false;
  if (length >= 10 && length <= 15) return true;
  return length >= 7 && length <= 9 && PHONE_CONTEXT.test(context);
}
