import { piiCategories, placeholder, type PiiCategory, type PiiSpan } from "./pii-categories";
import { recognizeAddresses } from "./recognize-address";
import { recognizeDatesOfBirth } from "./recognize-dates";
import { recognizeNames } from "./recognize-names";
import { recognizeNumbers } from "./recognize-numbers";
import { recognizeEmails, recognizeIbans } from "./recognize-text";

/** Which recogniser wins when two find overlapping text: the more specific first. */
const PRIORITY: PiiCategory[] = ["email", "iban", "credit_card", "ssn", "address", "date_of_birth", "phone_number", "person_name"];

/** Every piece of PII in `text`, in order, none overlapping. */
export function findPii(text: string, now?: Date): PiiSpan[] {
  if (!text) return [];
  const found = [
    ...recognizeEmails(text),
    ...recognizeIbans(text),
    ...recognizeNumbers(text),
    ...recognizeAddresses(text),
    ...recognizeDatesOfBirth(text, now),
    ...recognizeNames(text),
  ].sort((a, b) => PRIORITY.indexOf(a.category) - PRIORITY.indexOf(b.category) || b.end - b.start - (a.end - a.start));
  const kept: PiiSpan[] = [];
  for (const span of found) if (!kept.some((other) => span.start < other.end && other.start < span.end)) kept.push(span);
  return kept.sort((a, b) => a.start - b.start);
}

export type Redacted<T> = { value: T; categories: PiiCategory[] };

const byCategoryOrder = (categories: Set<PiiCategory>) => piiCategories.filter((category) => categories.has(category));

/** `text` with each piece of PII replaced by its placeholder (`[credit_card]`, …), and the categories found. */
export function redactText(text: string, now?: Date): Redacted<string> {
  const spans = findPii(text, now);
  if (spans.length === 0) return { value: text, categories: [] };
  let out = "";
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + placeholder(span.category);
    at = span.end;
  }
  return { value: out + text.slice(at), categories: byCategoryOrder(new Set(spans.map((span) => span.category))) };
}

/** Keys of identifiers, counters and times (`call_id`, `seq`, `at`, `duration_ms` …): kept as they are. */
const TECHNICAL_KEY = /^(id|seq|at|type|event|role|timestamp|version|status)$|_(id|ids|at|ms|seconds|count|index|version|tokens|type)$/i;
const IDENTIFIER = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)$/i;

/**
 * Every string in a JSON value redacted (object keys are kept), and the categories found anywhere.
 * Identifiers, counters and times are left alone: values under keys such as `call_id`, `seq`, `at`,
 * `duration_ms`, and strings that are a UUID or an ISO timestamp.
 */
export function redactJson<T>(value: T, now?: Date): Redacted<T> {
  const categories = new Set<PiiCategory>();
  const walk = (item: unknown, key?: string): unknown => {
    if (key !== undefined && TECHNICAL_KEY.test(key)) return item;
    if (typeof item === "string" && IDENTIFIER.test(item)) return item;
    if (typeof item === "string") {
      const redacted = redactText(item, now);
      for (const category of redacted.categories) categories.add(category);
      return redacted.value;
    }
    if (typeof item === "number" && Number.isInteger(item) && Math.abs(item) >= 1_000_000) {
      // A long number kept as a number (a card or phone number in a variable) is checked as text.
      const redacted = redactText(String(item), now);
      if (redacted.categories.length) {
        for (const category of redacted.categories) categories.add(category);
        return redacted.value;
      }
      return item;
    }
    if (Array.isArray(item)) return item.map((inner) => walk(inner));
    if (item && typeof item === "object") return Object.fromEntries(Object.entries(item).map(([name, inner]) => [name, walk(inner, name)]));
    return item;
  };
  const redacted = walk(value) as T;
  return { value: redacted, categories: byCategoryOrder(categories) };
}

/** The union of category lists, in the canonical order. */
export function mergeCategories(...lists: readonly (readonly PiiCategory[] | null | undefined)[]): PiiCategory[] {
  return byCategoryOrder(new Set(lists.flatMap((list) => list ?? [])));
}
