/**
 * Runs of digits in text, written or said: "4111 1111 1111 1111", "(415) 555-0123", "four one one
 * one …", "oh seven seven double two". Each run keeps where it stands in the text and how its
 * digits were grouped (a written SSN reads 3-2-4).
 */
export type NumberRun = { start: number; end: number; digits: string; groups: number[]; spoken: boolean; plus: boolean };

const WORD_DIGITS: Record<string, string> = {
  zero: "0",
  oh: "0",
  o: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
};
const REPEATS: Record<string, number> = { double: 2, triple: 3 };

// A token: a digit group, a digit word, "double"/"triple", or a separator a person or a transcriber puts between groups.
const TOKEN = /\d+|[A-Za-z]+|[^\sA-Za-z\d]/g;
const SEPARATORS = new Set(["-", ".", ",", "(", ")", "/", "–"]);

/**
 * A digit group inside a word that also holds letters ("4fd1", a UUID's groups, "2026-11-26T22",
 * "A113"): part of an identifier, a code or a timestamp, never a number said. The word is what
 * letters, digits, `_` and `-` join.
 */
function glued(text: string, start: number, end: number): boolean {
  let from = start;
  let to = end;
  while (from > 0 && /[\w-]/.test(text[from - 1])) from--;
  while (to < text.length && /[\w-]/.test(text[to])) to++;
  return /[A-Za-z_]/.test(text.slice(from, to));
}

export function numberRuns(text: string): NumberRun[] {
  const runs: NumberRun[] = [];
  let current: (NumberRun & { realDigits: number; tainted?: boolean }) | null = null;
  let repeat = 1;
  let pendingPlus = false;
  const close = () => {
    if (current && current.realDigits > 0 && !current.tainted) runs.push({ start: current.start, end: current.end, digits: current.digits, groups: current.groups, spoken: current.spoken, plus: current.plus });
    current = null;
    repeat = 1;
  };
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    const token = match[0];
    const lower = token.toLowerCase();
    const start = match.index;
    const end = start + token.length;
    let digits: string | null = null;
    let spoken = false;
    if (/^\d+$/.test(token)) {
      digits = token;
      if (glued(text, start, end)) {
        // An identifier's digits: whatever run it belongs to is not a number anyone said.
        if (current) current.tainted = true;
        else {
          current = { start, end, digits: "", groups: [], spoken: false, plus: false, realDigits: 0, tainted: true };
          pendingPlus = false;
        }
      }
    }
    else if (lower in WORD_DIGITS && (lower !== "o" && lower !== "oh" ? true : current !== null || /^\s*(?:\d|zero|one|two|three|four|five|six|seven|eight|nine|double|triple)\b/i.test(text.slice(end)))) {
      digits = WORD_DIGITS[lower].repeat(repeat);
      spoken = true;
    } else if (lower in REPEATS) {
      repeat = REPEATS[lower];
      if (!current) {
        current = { start, end, digits: "", groups: [], spoken: true, plus: pendingPlus, realDigits: 0 };
        pendingPlus = false;
      }
      continue;
    }
    if (digits !== null) {
      if (!current) {
        current = { start: pendingPlus ? start - 1 : start, end, digits: "", groups: [], spoken, plus: pendingPlus, realDigits: 0 };
        pendingPlus = false;
      }
      if (!/^\d+$/.test(token) || repeat > 1) digits = digits.length === 1 ? digits.repeat(repeat) : digits;
      repeat = 1;
      current.digits += digits;
      current.realDigits += digits.length;
      current.end = end;
      current.spoken ||= spoken;
      // Written groups count one each; spoken digits make one group until a pause ("," or "-").
      if (!spoken || current.groups.length === 0) current.groups.push(digits.length);
      else current.groups[current.groups.length - 1] += digits.length;
      continue;
    }
    if (token === "+" && !current) {
      pendingPlus = true;
      continue;
    }
    if (current && (SEPARATORS.has(token) || lower === "dash")) {
      if (current.spoken && (token === "," || token === "-" || lower === "dash")) current.groups.push(0);
      continue;
    }
    close();
    pendingPlus = false;
  }
  close();
  for (const run of runs) run.groups = run.groups.filter((size) => size > 0);
  return runs;
}
