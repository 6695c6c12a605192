import type { AnalyticsQuestion } from "@/lib/voice-api/analytics";
import { formatCount, formatRate } from "./format";

function Meter({ label, count, rate, color }: { label: string; count: number; rate: number | null; color: string }) {
  return (
    <li className="grid gap-1">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="truncate">{label}</span>
        <span className="shrink-0 tabular-nums text-muted-foreground">
          {formatCount(count)} · {formatRate(rate)}
        </span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div className="h-full rounded-full" style={{ width: `${Math.min(100, (rate ?? 0) * 100)}%`, background: color }} />
      </div>
    </li>
  );
}

const TYPE_LABELS: Record<string, string> = {
  boolean: "Yes / no",
  single_choice: "Single choice",
  multi_choice: "Multiple choice",
  number: "Number",
  text: "Text",
};

function QuestionCard({ question }: { question: AnalyticsQuestion }) {
  return (
    <article className="grid content-start gap-3 rounded-lg border p-4" aria-label={question.name}>
      <header className="grid gap-0.5">
        <h3 className="truncate font-medium">{question.name}</h3>
        <p className="text-xs text-muted-foreground">
          {question.agent_name ?? "Deleted agent"} · {TYPE_LABELS[question.type] ?? question.type} · {formatCount(question.answered)} answered
          {question.unanswered ? `, ${formatCount(question.unanswered)} without an answer` : ""}
        </p>
      </header>
      {question.boolean ? (
        <ul className="grid gap-2">
          <Meter label="Yes" count={question.boolean.yes} rate={question.boolean.yes_rate} color="var(--chart-2)" />
          <Meter
            label="No"
            count={question.boolean.no}
            rate={question.answered ? question.boolean.no / question.answered : null}
            color="var(--chart-5)"
          />
        </ul>
      ) : null}
      {question.options ? (
        <ul className="grid gap-2">
          {question.options.map((option) => (
            <Meter key={option.option_id} label={option.value} count={option.count} rate={option.rate} color="var(--chart-1)" />
          ))}
        </ul>
      ) : null}
      {question.number ? (
        <p className="text-sm">
          Average <span className="text-lg font-semibold tabular-nums">{question.number.average ?? "–"}</span>{" "}
          <span className="text-muted-foreground">over {formatCount(question.number.count)} answers</span>
        </p>
      ) : null}
      {question.type === "text" ? <p className="text-sm text-muted-foreground">Free-text answers: read them on each call&apos;s page.</p> : null}
    </article>
  );
}

/** One card per post-call question answered in the range; rates are over answered calls only. */
export function AnswerBreakdowns({ questions }: { questions: AnalyticsQuestion[] }) {
  if (questions.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No post-call answers in this range. Add post-call questions to an agent and its finished calls are answered automatically.
      </p>
    );
  }
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {questions.map((question) => (
        <QuestionCard key={question.question_id} question={question} />
      ))}
    </div>
  );
}
