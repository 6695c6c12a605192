import type { VariableValue } from "@/lib/schemas/call-values";

/**
 * A value in the variable's declared type, or undefined when it cannot be one (the model said
 * "unknown", a number arrived as prose). Datetimes and dates are kept as ISO strings.
 */
export function coerceVariableValue(type: string, raw: unknown): unknown {
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw === "string" && raw.trim() === "") return undefined;
  switch (type) {
    case "number":
    case "integer": {
      const value = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw.trim()) : NaN;
      if (!Number.isFinite(value)) return undefined;
      return type === "integer" ? Math.round(value) : value;
    }
    case "boolean":
      if (typeof raw === "boolean") return raw;
      if (typeof raw === "string" && /^(true|yes)$/i.test(raw.trim())) return true;
      if (typeof raw === "string" && /^(false|no)$/i.test(raw.trim())) return false;
      return undefined;
    case "datetime":
    case "date": {
      if (typeof raw !== "string" && typeof raw !== "number") return undefined;
      const parsed = new Date(raw);
      if (Number.isNaN(parsed.getTime())) return undefined;
      return type === "date" && typeof raw === "string" && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : parsed.toISOString();
    }
    default:
      return typeof raw === "string" ? raw : JSON.stringify(raw);
  }
}

/** The JSON Schema type the model is asked for, per variable type. */
export function jsonSchemaForVariableType(type: string): Record<string, unknown> {
  switch (type) {
    case "number":
      return { type: "number" };
    case "integer":
      return { type: "integer" };
    case "boolean":
      return { type: "boolean" };
    case "datetime":
      return { type: "string", description: "ISO 8601 date and time" };
    case "date":
      return { type: "string", description: "ISO 8601 date (YYYY-MM-DD)" };
    default:
      return { type: "string" };
  }
}

export const currentValue = (values: VariableValue[], name: string) => values.find((entry) => entry.name === name)?.value;

/** The call keeps one entry per variable, its latest value; each change replaces it (webhooks carry every change). */
export function withVariableValue(values: VariableValue[], next: VariableValue): VariableValue[] {
  const index = values.findIndex((entry) => entry.name === next.name);
  if (index === -1) return [...values, next];
  return values.map((entry, i) => (i === index ? next : entry));
}

export function displayValue(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}
