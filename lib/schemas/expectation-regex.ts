/** A regex literal with flags (`/booked/i`); anything else is the pattern's source. */
const LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;

/**
 * An agent_says regex, in JavaScript syntax: its source (`book(ed|ing)`, case-sensitive) or a
 * literal with flags (`/booked/i`). The global and sticky flags are dropped (a test is one match).
 */
export function compileExpectationRegex(value: string): { regex: RegExp; error?: undefined } | { regex?: undefined; error: string } {
  const literal = LITERAL.exec(value);
  try {
    if (literal) return { regex: new RegExp(literal[1], literal[2].replace(/[gy]/g, "")) };
    return { regex: new RegExp(value) };
  } catch (error) {
    return { error: error instanceof Error ? error.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, "") : String(error) };
  }
}
