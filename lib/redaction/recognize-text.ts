import { ibanValid } from "./checksums";
import type { PiiSpan } from "./pii-categories";

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** An address said aloud: "john dot smith at gmail dot com". */
const SPOKEN_EMAIL = /\b[a-z0-9]+(?:\s+(?:dot|underscore|dash)\s+[a-z0-9]+)*\s+at\s+[a-z0-9]+(?:\s+dot\s+[a-z0-9]+)*\s+dot\s+(?:com|net|org|edu|gov|io|co|uk|de|fr|ca|au|info|biz|me|us)\b/gi;

export function recognizeEmails(text: string): PiiSpan[] {
  const spans: PiiSpan[] = [];
  for (const pattern of [EMAIL, SPOKEN_EMAIL]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) spans.push({ start: match.index, end: match.index + match[0].length, category: "email" });
  }
  return spans;
}

const IBAN = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b/gi;

/** IBANs whose ISO 13616 check digits hold (mod 97). */
export function recognizeIbans(text: string): PiiSpan[] {
  const spans: PiiSpan[] = [];
  IBAN.lastIndex = 0;
  for (let match = IBAN.exec(text); match; match = IBAN.exec(text)) {
    // The pattern may run into a following word ("… 3000 thanks"): try the longest valid prefix of whole groups.
    let candidate = match[0];
    while (candidate.replace(/\s/g, "").length >= 15 && !ibanValid(candidate)) {
      const cut = candidate.lastIndexOf(" ");
      if (cut < 0) break;
      candidate = candidate.slice(0, cut);
    }
    if (ibanValid(candidate)) spans.push({ start: match.index, end: match.index + candidate.length, category: "iban" });
  }
  return spans;
}
