import type { Call } from "@/lib/voice-api/calls";

/**
 * RFC 4180: a field holding a comma, a quote, CR or LF is quoted, quotes doubled; lines end in CRLF.
 * Free text (agent names, transcripts, metadata values) that a spreadsheet would run as a formula
 * (= + - @ tab CR at the start) gets a leading apostrophe; phone numbers and other structured
 * fields are left exact, since "+1415…" is what they are.
 */
export function csvField(value: unknown, { freeText = false } = {}): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (freeText && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Column = { header: string; value: (call: Call, agentName: string | undefined) => unknown; freeText?: boolean };

const COLUMNS: Column[] = [
  { header: "id", value: (call) => call.id },
  { header: "start_time", value: (call) => call.start_time },
  { header: "end_time", value: (call) => call.end_time },
  { header: "status", value: (call) => call.status },
  { header: "end_reason", value: (call) => call.end_reason },
  { header: "type", value: (call) => call.type },
  { header: "direction", value: (call) => call.direction },
  { header: "from_number", value: (call) => call.from_number },
  { header: "to_number", value: (call) => call.to_number },
  { header: "agent_id", value: (call) => call.agent_id },
  { header: "agent_name", value: (_call, agentName) => agentName, freeText: true },
  { header: "duration_seconds", value: (call) => call.duration_seconds },
  { header: "cost_usd", value: (call) => call.cost },
  { header: "answer_type", value: (call) => call.answer_type },
  { header: "agent_version", value: (call) => call.agent_version },
  { header: "success", value: (call) => call.analysis?.success.verdict },
  { header: "success_score", value: (call) => call.analysis?.success.score },
  { header: "sentiment", value: (call) => call.analysis?.sentiment },
  { header: "summary", value: (call) => call.analysis?.summary, freeText: true },
  { header: "metadata", value: (call) => (Object.keys(call.metadata ?? {}).length ? call.metadata : null) },
];

const TRANSCRIPT_COLUMN: Column = { header: "transcript", value: (call) => call.transcript_string, freeText: true };

export function callCsvColumns(includeTranscript: boolean): Column[] {
  return includeTranscript ? [...COLUMNS, TRANSCRIPT_COLUMN] : COLUMNS;
}

export function csvHeaderLine(columns: Column[]): string {
  return `${columns.map((column) => csvField(column.header)).join(",")}\r\n`;
}

/** The CSV lines of one page of calls. */
export function callsToCsvLines(calls: Call[], columns: Column[], agentNames: ReadonlyMap<string, string>): string {
  return calls
    .map((call) => `${columns.map((column) => csvField(column.value(call, agentNames.get(call.agent_id)), { freeText: column.freeText })).join(",")}\r\n`)
    .join("");
}
