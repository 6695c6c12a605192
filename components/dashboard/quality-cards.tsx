import Link from "next/link";
import type { QualityFigures } from "@/lib/voice-api/analytics";
import { formatCount, formatLatency, formatRate } from "./format";

const SENTIMENTS = [
  { key: "positive", label: "Positive", color: "bg-success" },
  { key: "neutral", label: "Neutral", color: "bg-muted-foreground/50" },
  { key: "negative", label: "Negative", color: "bg-destructive" },
] as const;

/** The sentiment shares as one bar and a legend with the exact figures. */
function SentimentBar({ quality }: { quality: QualityFigures }) {
  return (
    <div className="grid gap-2">
      <div className="flex h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden>
        {SENTIMENTS.map(({ key, color }) => (
          <div key={key} className={color} style={{ width: `${(quality.sentiment[key] ?? 0) * 100}%` }} />
        ))}
      </div>
      <ul className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs">
        {SENTIMENTS.map(({ key, label, color }) => (
          <li key={key} className="flex items-center gap-1" data-metric={`sentiment_${key}`} data-value={quality.sentiment[key] ?? ""}>
            <span className={`size-2 rounded-full ${color}`} aria-hidden />
            {label} <span className="font-medium tabular-nums">{formatRate(quality.sentiment[key])}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Success rate, sentiment and turn latency of the range; `data-value` carries the exact figure behind each. */
export function QualityCards({ quality, qualityHref }: { quality: QualityFigures; qualityHref: string }) {
  const judged = quality.verdicts.success + quality.verdicts.failure;
  return (
    <dl className="grid grid-cols-2 gap-3 xl:grid-cols-4" aria-label="Call quality">
      <div className="rounded-lg border bg-card p-4 shadow-xs">
        <dt className="text-sm text-muted-foreground">Success rate</dt>
        <dd className="mt-1 text-2xl font-semibold tabular-nums tracking-tight" data-metric="success_rate" data-value={quality.success_rate ?? ""}>
          {formatRate(quality.success_rate)}
        </dd>
        <dd className="text-xs text-muted-foreground">
          of {formatCount(judged)} calls judged ·{" "}
          <Link href={qualityHref} className="underline underline-offset-2">
            by version
          </Link>
        </dd>
      </div>
      <div className="col-span-2 rounded-lg border bg-card p-4 shadow-xs xl:col-span-1">
        <dt className="text-sm text-muted-foreground">Caller sentiment</dt>
        <dd className="mt-2">
          <SentimentBar quality={quality} />
        </dd>
        <dd className="mt-1 text-xs text-muted-foreground">over {formatCount(quality.analyzed_calls)} analysed calls</dd>
      </div>
      <div className="rounded-lg border bg-card p-4 shadow-xs">
        <dt className="text-sm text-muted-foreground">Latency p50</dt>
        <dd className="mt-1 text-2xl font-semibold tabular-nums tracking-tight" data-metric="turn_latency_p50_ms" data-value={quality.turn_latency_p50_ms ?? ""}>
          {formatLatency(quality.turn_latency_p50_ms)}
        </dd>
        <dd className="text-xs text-muted-foreground">to the answer&apos;s first audio, {formatCount(quality.latency_turns)} turns</dd>
      </div>
      <div className="rounded-lg border bg-card p-4 shadow-xs">
        <dt className="text-sm text-muted-foreground">Latency p90</dt>
        <dd className="mt-1 text-2xl font-semibold tabular-nums tracking-tight" data-metric="turn_latency_p90_ms" data-value={quality.turn_latency_p90_ms ?? ""}>
          {formatLatency(quality.turn_latency_p90_ms)}
        </dd>
        <dd className="text-xs text-muted-foreground">9 turns in 10 are answered this fast</dd>
      </div>
    </dl>
  );
}
