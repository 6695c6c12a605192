import { CheckCircle2, History, Sparkles, XCircle } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { AnalysisHistoryEntry, Call } from "@/lib/voice-api/calls";
import { formatScore, SentimentBadge, skipReasonText, VerdictBadge } from "./analysis-badges";
import { answerText } from "./call-facts";
import { LocalTime } from "./local-time";

function Checklist({ criteria }: { criteria: NonNullable<NonNullable<Call["analysis"]>["criteria"]> }) {
  return (
    <ul className="grid gap-1 text-sm" aria-label="Rubric criteria">
      {criteria.map((item) => (
        <li key={item.criterion} className="flex items-start gap-2" data-met={item.met}>
          {item.met ? <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-label="Met" /> : <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Not met" />}
          <span>{item.criterion}</span>
        </li>
      ))}
    </ul>
  );
}

function EarlierAnalyses({ history }: { history: AnalysisHistoryEntry[] }) {
  return (
    <details className="group rounded-md border px-3 py-2 text-sm">
      <summary className="flex cursor-pointer items-center gap-2 font-medium">
        <History className="size-4" aria-hidden /> Earlier results ({history.length})
      </summary>
      <ol className="mt-3 grid gap-3">
        {history.map((entry, index) => (
          <li key={`${entry.replaced_at}-${index}`} className="grid gap-1 border-t pt-3 first:border-t-0 first:pt-0">
            <p className="text-xs text-muted-foreground">
              Replaced <LocalTime iso={entry.replaced_at} /> by a re-run of the {entry.replaced.map((part) => (part === "analysis" ? "analysis" : "post-call answers")).join(" and ")}
            </p>
            {entry.summary ? <p>{entry.summary}</p> : null}
            <div className="flex flex-wrap gap-1.5">
              {entry.success ? <VerdictBadge success={entry.success} /> : null}
              {entry.sentiment ? <SentimentBadge sentiment={entry.sentiment} /> : null}
            </div>
            {entry.success?.reason ? <p className="text-muted-foreground">{entry.success.reason}</p> : null}
            {entry.post_call_answers?.length ? (
              <dl className="grid gap-x-3 gap-y-0.5 text-xs sm:grid-cols-[auto_1fr]" aria-label="Post-call answers then">
                {entry.post_call_answers.map((answer) => (
                  <div key={answer.id} className="contents">
                    <dt className="text-muted-foreground">{answer.question.name}</dt>
                    <dd>{answerText(answer)}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** The call's analysis at the top of its page: what happened, how the caller felt, and whether it succeeded, and why. */
export function CallAnalysisCard({ call }: { call: Call }) {
  const { analysis, analysis_skipped: skipped } = call;
  const history = call.analysis_history ?? [];
  const finished = call.status === "ended" || call.status === "failed";
  return (
    <Card aria-labelledby="call-analysis-title" data-testid="call-analysis">
      <CardHeader>
        <CardTitle id="call-analysis-title" className="flex items-center gap-2">
          <Sparkles className="size-4" aria-hidden /> Analysis
        </CardTitle>
        {analysis ? (
          <CardDescription>
            By {analysis.model}, <LocalTime iso={analysis.analyzed_at} />
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {analysis ? (
          <>
            <p className="text-base leading-relaxed" data-testid="call-summary">
              {analysis.summary}
            </p>
            <dl className="grid gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-6">
              <dt className="text-xs text-muted-foreground sm:pt-1">Sentiment</dt>
              <dd>
                <SentimentBadge sentiment={analysis.sentiment} />
              </dd>
              <dt className="text-xs text-muted-foreground sm:pt-1">Success</dt>
              <dd className="grid gap-1.5">
                <span className="flex flex-wrap items-center gap-2">
                  <VerdictBadge success={analysis.success} />
                  {analysis.success.score !== null ? <span className="sr-only">Score {formatScore(analysis.success.score)} out of 10</span> : null}
                </span>
                <p className="text-sm" data-testid="success-reason">
                  {analysis.success.reason}
                </p>
                {analysis.criteria ? <Checklist criteria={analysis.criteria} /> : null}
              </dd>
            </dl>
          </>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="call-summary">
            {skipped ? `${skipReasonText(skipped)}.` : finished ? "Not analysed yet." : "The call is analysed once it ends."}
          </p>
        )}
        {history.length ? <EarlierAnalyses history={history} /> : null}
      </CardContent>
    </Card>
  );
}
