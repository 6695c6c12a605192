/** Latency samples in milliseconds and what the report shows of them. */

export type Summary = { count: number; p50: number; p99: number; mean: number; min: number; max: number };

/** Nearest-rank percentile (p in 0..100) of samples already sorted ascending. */
function nearestRank(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    p50: nearestRank(sorted, 50),
    p99: nearestRank(sorted, 99),
    mean: sorted.length ? total / sorted.length : Number.NaN,
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Milliseconds since `start` (a `process.hrtime.bigint()` reading). */
export function elapsedMs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function formatMs(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return "–";
  const magnitude = Math.abs(value);
  return magnitude >= 100 ? value.toFixed(0) : magnitude >= 10 ? value.toFixed(1) : magnitude >= 0.1 || magnitude === 0 ? value.toFixed(2) : value.toFixed(4);
}

export function formatRatio(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? "–" : `${value.toFixed(2)}×`;
}

export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms.toFixed(0)} ms`;
  if (ms < 120_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** A plain-text table with aligned columns (numbers right-aligned). */
export function textTable(header: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (rightAligned[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

export function markdownTable(header: string[], rows: string[][], rightAligned: boolean[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, "\\|");
  return [
    `| ${header.map(escape).join(" | ")} |`,
    `| ${rightAligned.map((right) => (right ? "---:" : ":---")).join(" | ")} |`,
    ...rows.map((row) => `| ${row.map(escape).join(" | ")} |`),
  ].join("\n");
}
