import "server-only";
import { parse } from "csv-parse/sync";
import { MAX_CSV_ROWS } from "@/lib/schemas/campaigns";
import { ValidationError } from "@/lib/utils/domain-errors";
import type { ContactDraft, RejectedRow } from "./campaign-contacts";

const METADATA_PREFIX = "metadata.";

/**
 * A contacts CSV → contacts: a header row, then one contact per row. `phone_number` is the number,
 * `timezone` its zone, `metadata.<key>` columns its metadata, every other column a dynamic variable
 * (text). `mapping` renames columns first ("" drops one). Empty cells are left out. Rows are numbered
 * as a spreadsheet numbers them (the header is row 1).
 */
export function contactsFromCsv(text: string, mapping: Record<string, string> = {}): { drafts: ContactDraft[]; rejected: RejectedRow[] } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, trim: true, to_line: MAX_CSV_ROWS + 10 });
  } catch (error) {
    throw ValidationError.field("file", `The CSV could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (records.length === 0) throw ValidationError.field("file", "The CSV is empty: it needs a header row with a phone_number column");
  const header = records[0].map((name) => {
    const mapped = Object.hasOwn(mapping, name) ? mapping[name] : name;
    return mapped.trim();
  });
  if (!header.includes("phone_number")) {
    throw ValidationError.field("file", `The CSV has no phone_number column (its columns: ${records[0].slice(0, 20).join(", ") || "none"})`);
  }
  const rows = records.length - 1;
  if (rows > MAX_CSV_ROWS) {
    throw ValidationError.field("file", `The CSV has more than ${MAX_CSV_ROWS.toLocaleString("en-US")} rows: split it into several uploads`);
  }
  const seenColumns = new Set<string>();
  header.forEach((name, index) => {
    if (!name) return;
    if (seenColumns.has(name)) throw ValidationError.field("file", `Column "${records[0][index]}" appears twice`);
    seenColumns.add(name);
  });
  const drafts: ContactDraft[] = [];
  const rejected: RejectedRow[] = [];
  for (let i = 1; i < records.length; i++) {
    const record = records[i];
    const row = i + 1;
    if (record.length > header.length && record.slice(header.length).some((cell) => cell !== "")) {
      rejected.push({ row, field: "row", message: `Has ${record.length} cells; the header has ${header.length}` });
      continue;
    }
    const draft: ContactDraft = { row, phone_number: "", fromCsv: true };
    const variables: Record<string, unknown> = {};
    const metadata: Record<string, unknown> = {};
    header.forEach((name, index) => {
      const value = record[index] ?? "";
      if (!name || value === "") return;
      if (name === "phone_number") draft.phone_number = value;
      else if (name === "timezone") draft.timezone = value;
      else if (name.startsWith(METADATA_PREFIX) && name.length > METADATA_PREFIX.length) metadata[name.slice(METADATA_PREFIX.length)] = value;
      else variables[name] = value;
    });
    if (Object.keys(variables).length) draft.dynamic_variables_values = variables;
    if (Object.keys(metadata).length) draft.metadata = metadata;
    drafts.push(draft);
  }
  return { drafts, rejected };
}
