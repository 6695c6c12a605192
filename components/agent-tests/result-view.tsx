"use client";

import { Check, X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils/cn";
import type { Assertion, TestResult } from "@/lib/voice-api/agent-tests";
import { StatusBadge } from "./result-badges";

const show = (value: unknown) => (value === null || value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value, null, 2));

const place = (assertion: Assertion) => (assertion.turn === null ? (assertion.type === "success_criterion" ? "Criterion" : "End") : `Turn ${assertion.turn + 1}`);
const what = (assertion: Assertion) => (assertion.type === "agent_says" ? `agent says (${assertion.match})` : assertion.type.replace(/_/g, " "));

/** Each assertion with what was expected and what happened side by side, and why it passed or failed. */
function Assertions({ assertions }: { assertions: Assertion[] }) {
  if (assertions.length === 0) return <p className="text-sm text-muted-foreground">No assertions were checked.</p>;
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm" aria-label="Assertions">
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <th className="p-2 text-left font-medium">Where</th>
            <th className="p-2 text-left font-medium">Expectation</th>
            <th className="p-2 text-left font-medium">Expected</th>
            <th className="p-2 text-left font-medium">Actual</th>
          </tr>
        </thead>
        <tbody>
          {assertions.map((assertion, index) => (
            <tr key={index} className={cn("border-t align-top", !assertion.passed && "bg-destructive/5")} data-passed={assertion.passed}>
              <td className="p-2 whitespace-nowrap">
                <span className="inline-flex items-center gap-1">
                  {assertion.passed ? <Check className="size-4 text-success" aria-label="passed" /> : <X className="size-4 text-destructive" aria-label="failed" />}
                  {place(assertion)}
                </span>
              </td>
              <td className="p-2">
                <span className="font-medium">{what(assertion)}</span>
                <p className="text-xs text-muted-foreground">{assertion.reason}</p>
              </td>
              <td className="max-w-64 p-2 font-mono text-xs break-words whitespace-pre-wrap">{show(assertion.expected)}</td>
              <td className="max-w-64 p-2 font-mono text-xs break-words whitespace-pre-wrap">{show(assertion.actual)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Transcript({ result }: { result: TestResult }) {
  if (result.transcript.length === 0) return <p className="text-sm text-muted-foreground">Nothing was said.</p>;
  return (
    <ol className="grid gap-2" aria-label="Transcript">
      {result.transcript.map((entry, index) => (
        <li key={index} className={cn("grid max-w-[90%] gap-0.5 rounded-lg px-3 py-2 text-sm", entry.role === "agent" ? "bg-muted" : "ml-auto bg-primary/10")}>
          <span className="text-xs font-medium text-muted-foreground">
            {entry.role === "agent" ? "Agent" : "Caller"}
            {entry.interrupted ? " · cut off" : ""}
          </span>
          <span>{entry.content}</span>
        </li>
      ))}
    </ol>
  );
}

/** One result: status and error, the assertions (expected vs actual) beside the transcript, then states, tools and variables. */
export function ResultView({ result }: { result: TestResult }) {
  return (
    <article className="grid gap-4" aria-label={`Result of ${result.test_name}, repetition ${result.repetition}`}>
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold">{result.test_name}</h3>
        <StatusBadge status={result.status} />
        <Badge variant="outline">{result.mode}</Badge>
        <span className="text-xs text-muted-foreground">
          repetition {result.repetition} · {(result.duration_ms / 1000).toFixed(1)} s{result.end_reason ? ` · ended: ${result.end_reason}` : ""}
        </span>
      </header>
      {result.error ? (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/5 px-3 py-2 text-sm">
          <span className="font-medium text-destructive">What broke: </span>
          {result.error}
        </p>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className="grid min-w-0 content-start gap-2" aria-label="Assertions">
          <h4 className="text-sm font-semibold">Assertions</h4>
          <Assertions assertions={result.assertions} />
        </section>
        <section className="grid min-w-0 content-start gap-2" aria-label="Conversation">
          <h4 className="text-sm font-semibold">Conversation</h4>
          <Transcript result={result} />
        </section>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs font-medium text-muted-foreground">States</dt>
          <dd>{result.states_visited.join(" → ")}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-muted-foreground">Tools called</dt>
          <dd className="grid gap-0.5">
            {result.tool_calls.length
              ? result.tool_calls.map((call, index) => (
                  <span key={index} className="font-mono text-xs break-all">
                    {call.tool_name}({JSON.stringify(call.arguments)}){call.mocked ? " · mocked" : ""}
                  </span>
                ))
              : "none"}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-muted-foreground">Variables</dt>
          <dd className="grid gap-0.5">
            {result.variable_values.length
              ? result.variable_values.map((value) => (
                  <span key={value.name} className="font-mono text-xs break-all">
                    {value.name} = {JSON.stringify(value.value)}
                  </span>
                ))
              : "none"}
          </dd>
        </div>
      </dl>
      {result.turn_latency?.length ? (
        <p className="text-xs text-muted-foreground">
          Latency (first audio after the caller stopped): {result.turn_latency.map((turn) => (turn.first_audio_ms === null ? "—" : `${turn.first_audio_ms} ms`)).join(", ")}
        </p>
      ) : null}
    </article>
  );
}
