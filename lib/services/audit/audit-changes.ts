import { REDACTED, type AuditChanges } from "@/lib/schemas/audit-log";
import { canonicalJson } from "../canonical-json";

/** Keys whose values are credentials: shown as "[redacted]" wherever they appear in `changes`. */
const SECRET_KEY = /secret|password|passwd|token|api[-_]?key|authorization|credential|private[-_]?key|cookie/i;

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => value !== null && typeof value === "object" && !Array.isArray(value);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Postgres' jsonb refuses NUL and lone surrogates; the entry's hash must read the same after a round trip. */
function storable(text: string): string {
  return text.replaceAll("\u0000", "").replace(LONE_SURROGATE, "\uFFFD");
}

/** A value as the log keeps it: secrets under credential-like keys redacted (at any depth), text storable. */
export function auditValue(value: unknown, secretKey = false): unknown {
  if (value === undefined) return null;
  if (value === null) return null;
  if (Array.isArray(value)) return value.map((item) => auditValue(item, secretKey));
  if (isPlain(value)) {
    // A `{name, value}` pair whose name is a credential's (a tool's `Authorization` header): its value is one.
    const namedSecret = typeof value.name === "string" && (SECRET_KEY.test(value.name) || /auth|signature/i.test(value.name));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storable(key), auditValue(item, SECRET_KEY.test(key) || (namedSecret && key === "value"))]));
  }
  if (secretKey) return REDACTED;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return storable(value);
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  return value;
}

/** Top-level fields, and plain objects' fields as dotted paths (arrays compare whole). */
function flatten(value: Plain | null, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, item] of Object.entries(value ?? {})) {
    if (item === undefined) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlain(item) && Object.keys(item).length > 0 && !SECRET_KEY.test(key)) flatten(item, path, out);
    else out.set(path, item);
  }
  return out;
}

export type ChangeOptions = {
  /** Field paths whose values are secrets even though their names do not say so. */
  secrets?: readonly string[];
  /** Field paths left out (timestamps, derived values). */
  ignore?: readonly string[];
};

/**
 * `{field: {from, to}}` for every field that differs between `before` and `after` (null for a
 * resource created or deleted). Secrets read "[redacted]" on both sides (null stays null, so a log
 * reader sees that a secret was set, changed or removed, never its value).
 */
export function fieldChanges(before: Plain | null, after: Plain | null, options: ChangeOptions = {}): AuditChanges {
  const from = flatten(before);
  const to = flatten(after);
  const changes: AuditChanges = {};
  const paths = [...new Set([...from.keys(), ...to.keys()])].sort();
  for (const path of paths) {
    if (options.ignore?.some((ignored) => path === ignored || path.startsWith(`${ignored}.`))) continue;
    const a = from.get(path) ?? null;
    const b = to.get(path) ?? null;
    if (canonicalJson(a) === canonicalJson(b)) continue;
    const secret = SECRET_KEY.test(path.split(".").at(-1) ?? "") || options.secrets?.includes(path);
    changes[storable(path)] = secret
      ? { from: a === null ? null : REDACTED, to: b === null ? null : REDACTED }
      : { from: auditValue(a), to: auditValue(b) };
  }
  return changes;
}

/** One field's change, e.g. `change("role", "member", "admin")`. */
export function change(field: string, from: unknown, to: unknown): AuditChanges {
  return { [field]: { from: auditValue(from), to: auditValue(to) } };
}
