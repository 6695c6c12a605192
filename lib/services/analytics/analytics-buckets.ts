/**
 * The duration histogram's buckets, `[min, max)` in seconds, in the order of the rollup's columns
 * (`call_stats_15m.duration_*`, filled by migration 0006 with these same bounds).
 */
export const DURATION_BUCKETS = [
  { min: 0, max: 30, label: "< 30 s", column: "duration_under_30s" },
  { min: 30, max: 60, label: "30–60 s", column: "duration_under_1m" },
  { min: 60, max: 120, label: "1–2 min", column: "duration_under_2m" },
  { min: 120, max: 300, label: "2–5 min", column: "duration_under_5m" },
  { min: 300, max: 600, label: "5–10 min", column: "duration_under_10m" },
  { min: 600, max: 1200, label: "10–20 min", column: "duration_under_20m" },
  { min: 1200, max: 1800, label: "20–30 min", column: "duration_under_30m" },
  { min: 1800, max: null, label: "≥ 30 min", column: "duration_30m_or_more" },
] as const;
