import Link from "next/link";
import type { ReactNode } from "react";
import type { Call, CallStarter, PostCallAnswer, VariableValue } from "@/lib/voice-api/calls";
import { CARRIER_LABELS } from "@/lib/voice-api/telephony";
import { CallStatusBadge } from "./call-status-badge";
import { formatMoney, moneyDecimals, formatMoneyParts } from "@/lib/utils/money";
import { callTypeLabel, formatDuration, humanize } from "./format";
import { LocalTime } from "./local-time";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** Who started a call through the API: a member in the studio, or an API key (never the key itself). */
export function StartedBy({ starter }: { starter: CallStarter | null }) {
  if (!starter) return <span className="text-muted-foreground">Not recorded</span>;
  if (starter.source === "studio") {
    return (
      <>
        {starter.user ? (
          <>
            {starter.user.name ?? starter.user.email}
            {starter.user.name ? <span className="block text-xs break-all text-muted-foreground">{starter.user.email}</span> : null}
          </>
        ) : (
          "A member"
        )}
        <span className="block text-xs text-muted-foreground">in the studio</span>
      </>
    );
  }
  return (
    <>
      {starter.api_key ? <>API key “{starter.api_key.name}”</> : "An API key"}
      <span className="block text-xs text-muted-foreground">
        through the API{starter.api_key ? <> · <span className="font-mono">{starter.api_key.prefix}…</span></> : null}
      </span>
    </>
  );
}

/** A call a campaign placed: the campaign, linked (its calls name no member or key: the campaign dialled them). */
function StartedByCampaign({ campaignId, name }: { campaignId: string; name: string | null }) {
  return (
    <>
      <Link href={`/campaigns/${campaignId}`} className="underline-offset-4 hover:underline">
        {name ? <>Campaign “{name}”</> : "Its campaign"}
      </Link>
      <span className="block text-xs text-muted-foreground">dialled by the campaign</span>
    </>
  );
}

export function CallOverview({ call, agentName, campaignName = null }: { call: Call; agentName: string | null; campaignName?: string | null }) {
  const web = call.type === "web_call";
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3 lg:grid-cols-4">
      <Fact label="Status">
        <span className="flex flex-wrap items-center gap-2">
          <CallStatusBadge status={call.status} />
          {call.end_reason ? <span className="text-muted-foreground">{humanize(call.end_reason)}</span> : null}
        </span>
      </Fact>
      {/* A web call has no numbers and no direction: someone talked to the agent in a browser, started from the studio or through the API. */}
      <Fact label="Type">{web ? "Web call, in a browser" : `${callTypeLabel(call.type)} · ${call.direction}`}</Fact>
      {call.campaign_id && !call.started_by ? (
        <Fact label="Started by">
          <StartedByCampaign campaignId={call.campaign_id} name={campaignName} />
        </Fact>
      ) : web || call.started_by ? (
        <Fact label="Started by">
          <StartedBy starter={call.started_by} />
        </Fact>
      ) : null}
      {web ? null : (
        <>
          <Fact label="From">
            <span className="font-mono">{call.from_number ?? "—"}</span>
          </Fact>
          <Fact label="To">
            <span className="font-mono">{call.to_number ?? "—"}</span>
          </Fact>
        </>
      )}
      <Fact label="Agent">
        {agentName ? (
          <Link href={`/agents/${call.agent_id}`} className="underline-offset-4 hover:underline">
            {agentName}
          </Link>
        ) : (
          <span className="text-muted-foreground">Deleted agent</span>
        )}
        {call.agent_version ? <span className="text-muted-foreground"> · v{call.agent_version}</span> : null}
      </Fact>
      <Fact label="Started">
        <LocalTime iso={call.start_time} />
      </Fact>
      <Fact label="Ended">
        <LocalTime iso={call.end_time} />
      </Fact>
      <Fact label="Duration">
        <span className="tabular-nums">{formatDuration(call.duration_seconds)}</span>
        {call.redirect_duration_seconds ? <span className="text-muted-foreground"> (+{formatDuration(call.redirect_duration_seconds)} redirected)</span> : null}
      </Fact>
      {web ? null : <Fact label="Answered by">{humanize(call.answer_type)}</Fact>}
      {call.carrier ? <Fact label="Carrier">{CARRIER_LABELS[call.carrier]}</Fact> : null}
      {call.transfer ? (
        <Fact label="Transferred to">
          <span className="font-mono">{call.transfer.to}</span> <span className="text-muted-foreground">({humanize(call.transfer.status)})</span>
        </Fact>
      ) : null}
      <Fact label="Cost">
        {/* In the precision of the breakdown beside it, so the two totals read the same. */}
        <span className="tabular-nums">{formatMoney(call.cost, moneyDecimals([call.cost, ...Object.values(call.cost_breakdown ?? {})]))}</span>
      </Fact>
    </dl>
  );
}

const costPartLabel = (part: string) => {
  const words = humanize(part).replace(/\bllm\b/gi, "LLM").replace(/\btts\b/gi, "TTS").replace(/\bstt\b/gi, "STT");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The lines and the total in one precision, the lines rounded so that they add up to the total shown. */
export function CostBreakdown({ breakdown, total }: { breakdown: Record<string, number>; total: number | null }) {
  const entries = Object.entries(breakdown);
  const shown = formatMoneyParts(
    entries.map(([, amount]) => amount),
    total ?? entries.reduce((sum, [, amount]) => sum + amount, 0),
  );
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Cost breakdown</caption>
      <tbody>
        {entries.map(([part], index) => (
          <tr key={part} className="border-b last:border-0">
            <th scope="row" className="py-1.5 text-left font-normal">
              {costPartLabel(part)}
            </th>
            <td className="py-1.5 text-right tabular-nums">{shown.parts[index]}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="pt-2 text-left font-medium">
            Total
          </th>
          <td className="pt-2 text-right font-medium tabular-nums">{shown.total}</td>
        </tr>
      </tfoot>
    </table>
  );
}

const showValue = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export function VariableValues({ values }: { values: VariableValue[] }) {
  if (values.length === 0) return <p className="text-sm text-muted-foreground">No variables were recorded on this call.</p>;
  return (
    <dl className="grid gap-3">
      {values.map((variable, index) => (
        <div key={`${variable.name}-${index}`} className="grid gap-0.5 border-b pb-3 last:border-0 last:pb-0">
          <dt className="flex flex-wrap items-baseline gap-x-2 text-xs">
            <span className="font-mono text-sm font-medium">{variable.name}</span>
            <span className="text-muted-foreground">{variable.type}</span>
            <span className="ml-auto text-muted-foreground">
              <LocalTime iso={variable.timestamp} />
            </span>
          </dt>
          <dd className="text-sm break-words">{showValue(variable.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function answerText(answer: PostCallAnswer): ReactNode {
  if (!answer.has_answer) return <span className="text-muted-foreground">No answer</span>;
  if (answer.answer_boolean !== null) return answer.answer_boolean ? "Yes" : "No";
  if (answer.selected_options.length) return answer.selected_options.map((selected) => selected.option.value).join(", ");
  if (answer.answer_number !== null) return String(answer.answer_number);
  return answer.answer_text ?? <span className="text-muted-foreground">No answer</span>;
}

export function PostCallAnswers({ answers }: { answers: PostCallAnswer[] }) {
  if (answers.length === 0) return <p className="text-sm text-muted-foreground">No post-call questions were answered for this call. Add questions to the agent to have them answered after each call.</p>;
  return (
    <dl className="grid gap-3">
      {answers.map((answer) => (
        <div key={answer.id} className="grid gap-0.5">
          <dt className="text-sm font-medium">
            {answer.question.name} <span className="text-xs font-normal text-muted-foreground">({humanize(answer.question.question_type)})</span>
          </dt>
          {answer.question.description ? <dd className="text-xs text-muted-foreground">{answer.question.description}</dd> : null}
          <dd className="text-sm">{answerText(answer)}</dd>
        </div>
      ))}
    </dl>
  );
}
