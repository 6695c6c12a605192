import type { PiiSpan } from "./pii-categories";

const MONTH = "(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?";
const UNITS_ORDINAL = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth";
const ORDINAL_WORD = `(?:(?:twenty|thirty)[ -](?:${UNITS_ORDINAL})|${UNITS_ORDINAL}|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)`;
const DAY = `(?:\\d{1,2}(?:st|nd|rd|th)?|${ORDINAL_WORD})`;
const UNIT = "one|two|three|four|five|six|seven|eight|nine";
const TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety";
const TEEN = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen";
const TWO_DIGITS = `(?:(?:${TENS})(?:[ -](?:${UNIT}))?|${TEEN}|oh[ -](?:${UNIT}))`;
const SPOKEN_YEAR = `(?:(?:nineteen|twenty)[ -]${TWO_DIGITS}|two thousand(?:(?: and)? (?:${TWO_DIGITS}|${UNIT}))?)`;
const YEAR = `(?:\\d{4}|${SPOKEN_YEAR})`;

const NAMED = new RegExp(
  [`\\b${MONTH}\\s+(?:the\\s+)?${DAY}(?:,?\\s+(?:of\\s+)?${YEAR})?\\b`, `\\b(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH}(?:,?\\s+${YEAR})?\\b`].join("|"),
  "gi",
);
const NUMERIC = /\b(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2})\b/g;
const BIRTH_CONTEXT = /\b(born|birth|birthday|dob|d\.o\.b|date of birth|birthdate)\b/i;

const YEAR_WORDS: Record<string, number> = { ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19 };
const TENS_WORDS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const UNIT_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };

/** The year a date names, written or said, or null. */
function yearOf(date: string): number | null {
  const written = /\b(\d{4})\b/.exec(date) ?? /[/.-](\d{2})$/.exec(date);
  if (written) {
    const value = Number(written[1]);
    return value < 100 ? (value > 30 ? 1900 + value : 2000 + value) : value;
  }
  const spoken = /\b(nineteen|twenty|two thousand)\b(.*)$/i.exec(date);
  if (!spoken) return null;
  const words = spoken[2].toLowerCase().replace(/\band\b|-/g, " ").split(/\s+/).filter(Boolean);
  let rest = 0;
  for (const word of words) rest += YEAR_WORDS[word] ?? TENS_WORDS[word] ?? UNIT_WORDS[word] ?? 0;
  const century = spoken[1].toLowerCase() === "nineteen" ? 1900 : 2000;
  return century + rest;
}

/**
 * Dates of birth: a date with birth nearby ("born on", "date of birth", "DOB"), or a full date
 * whose year is at least five years past (an appointment next week is not one). Written ("03/14/1985",
 * "March 3rd, 1985") or said ("the third of March nineteen eighty-five").
 */
export function recognizeDatesOfBirth(text: string, now = new Date()): PiiSpan[] {
  const spans: PiiSpan[] = [];
  const latest = now.getUTCFullYear() - 5;
  for (const pattern of [NAMED, NUMERIC]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const found = match[0];
      // "may" alone is a verb: a month named May must be capitalised or carry a day and a year.
      if (/^may\b/.test(found) && !/\d{4}|\b(nineteen|twenty|two thousand)\b/i.test(found)) continue;
      const birth = BIRTH_CONTEXT.test(text.slice(Math.max(0, match.index - 48), match.index));
      const year = yearOf(found);
      if (birth || (year !== null && year >= 1900 && year <= latest)) spans.push({ start: match.index, end: match.index + found.length, category: "date_of_birth" });
    }
  }
  return spans;
}
