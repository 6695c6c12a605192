import type { PiiSpan } from "./pii-categories";

const SUFFIX =
  "(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl|terrace|ter|circle|cir|highway|hwy|parkway|pkwy|square|sq|trail|trl|row|alley|crescent|close|gardens|grove)";
const NUMBER_WORD = "(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|oh|zero)";
const HOUSE = `(?:\\d{1,6}[a-z]?|${NUMBER_WORD}(?:[ -]${NUMBER_WORD}){0,4})`;
const STREET_WORD = "(?:\\d{1,3}(?:st|nd|rd|th)|[a-z][a-z'’.-]*)";
const UNIT = "(?:,?\\s+(?:apt|apartment|suite|unit|flat|floor|#)\\.?\\s*[a-z0-9-]+)?";
// After the street: ", Springfield", ", Springfield, IL 62704", "London SW1A 1AA" (capitalised words and a postcode).
const LOCALITY = "(?:,?\\s+(?:[A-Z]{2}\\s+\\d{5}(?:-\\d{4})?|\\d{5}(?:-\\d{4})?|[A-Z]{1,2}\\d[A-Z\\d]?\\s*\\d[A-Z]{2}|[A-Z][a-zA-Z'’-]+(?:\\s+[A-Z][a-zA-Z'’-]+){0,2})){0,3}";

const STREET = new RegExp(`\\b${HOUSE}\\s+(?:${STREET_WORD}\\s+){1,4}?${SUFFIX}\\b\\.?${UNIT}`, "gi");
const LOCALITY_AFTER = new RegExp(`^${LOCALITY}`);
const PO_BOX = /\b(?:p\.?\s?o\.?\s?box|post office box)\s+\d+\b/gi;
// A suffix that is also a word ("I'll drive", "the way") needs a capital or an abbreviation to count.
const WORDY_SUFFIX = /\b(way|place|court|close|row|square|drive|lane|grove|gardens|circle|crescent|trail)$/i;

/** Street addresses (house number, street, suffix, unit, then the town and postcode if they follow), and PO boxes. */
export function recognizeAddresses(text: string): PiiSpan[] {
  const spans: PiiSpan[] = [];
  STREET.lastIndex = 0;
  for (let match = STREET.exec(text); match; match = STREET.exec(text)) {
    const street = match[0];
    const suffix = WORDY_SUFFIX.exec(street.replace(/[.,]$/, ""));
    if (suffix && suffix[1][0] === suffix[1][0].toLowerCase() && !/\d/.test(street.split(/\s+/)[0])) continue;
    let end = match.index + street.length;
    const locality = LOCALITY_AFTER.exec(text.slice(end));
    if (locality) end += locality[0].length;
    spans.push({ start: match.index, end, category: "address" });
  }
  PO_BOX.lastIndex = 0;
  for (let match = PO_BOX.exec(text); match; match = PO_BOX.exec(text)) spans.push({ start: match.index, end: match.index + match[0].length, category: "address" });
  return spans;
}
