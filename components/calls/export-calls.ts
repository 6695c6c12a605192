import type { VoiceApiClient } from "@/lib/voice-api/client";
import { countCalls, listCalls, type CallFilters } from "@/lib/voice-api/calls";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { callCsvColumns, callsToCsvLines, csvHeaderLine } from "./calls-csv";

export const EXPORT_PAGE_SIZE = 1000;
const RATE_LIMIT_RETRIES = 12;
const RATE_LIMIT_WAIT_MS = 5000;

export type ExportProgress = { rows: number; total: number | null };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** One request; a 429 (the key's rate limit, shared with other clients) waits and tries again. */
async function withRateLimitRetry<T>(run: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isVoiceApiError(error) || error.status !== 429 || attempt >= RATE_LIMIT_RETRIES) throw error;
      await sleep(RATE_LIMIT_WAIT_MS, signal);
    }
  }
}

/**
 * Every call matching `filters` as CSV, newest first: walks the cursor pages of GET /v1/calls
 * (1000 rows each) and keeps the text as Blob parts, so memory holds one page of objects at a time.
 * `onProgress` hears after each page; `signal` cancels between and during requests.
 */
export async function exportCallsCsv(options: {
  api: VoiceApiClient;
  filters: CallFilters;
  includeTranscript: boolean;
  agentNames: ReadonlyMap<string, string>;
  signal: AbortSignal;
  onProgress: (progress: ExportProgress) => void;
}): Promise<{ blob: Blob; rows: number }> {
  const { api, filters, includeTranscript, agentNames, signal, onProgress } = options;
  const columns = callCsvColumns(includeTranscript);
  // An estimate (past 10,000 matches of some filters) is good enough for a progress bar.
  const { total } = await withRateLimitRetry(() => countCalls(api, filters, signal), signal);
  // The byte order mark lets spreadsheet programs read the file as UTF-8.
  const parts: BlobPart[] = ["\uFEFF", csvHeaderLine(columns)];
  let rows = 0;
  let cursor: string | undefined;
  onProgress({ rows, total });
  do {
    const page = await withRateLimitRetry(
      () => listCalls(api, { ...filters, cursor, limit: EXPORT_PAGE_SIZE, include_transcript: includeTranscript || undefined }, signal),
      signal,
    );
    parts.push(callsToCsvLines(page.data, columns, agentNames));
    rows += page.data.length;
    cursor = page.next_cursor ?? undefined;
    onProgress({ rows, total: cursor ? Math.max(total, rows) : rows });
  } while (cursor);
  return { blob: new Blob(parts, { type: "text/csv;charset=utf-8" }), rows };
}

export function exportFileName(now = new Date()): string {
  return `calls-${now.toISOString().slice(0, 19).replace(/[:T]/g, "-")}.csv`;
}
