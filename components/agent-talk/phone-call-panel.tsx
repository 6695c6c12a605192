"use client";

import { PhoneCall, PhoneOff } from "lucide-react";
import Link from "next/link";
import { useEffect, useState, type FormEvent } from "react";
import { apiErrorText } from "@/components/calls/api-error-text";
import { SelectField } from "@/components/calls/select-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { browserApi } from "@/lib/voice-api/browser-client";
import { getCall, isOngoing, terminateCall, type Call } from "@/lib/voice-api/calls";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { telephonyReady } from "@/lib/voice-api/telephony";
import { phoneNumbersPath } from "@/components/phone-numbers/phone-number-paging";
import { usePhoneNumbers } from "@/lib/swr/use-phone-numbers";
import { useTelephonyProviders } from "@/lib/swr/use-telephony-providers";

const E164 = /^\+[1-9]\d{6,14}$/;
const POLL_MS = 1000;

/**
 * "Call a phone": an outbound test call from one of the organization's numbers to a number typed
 * here, with the call's status and transcript as they happen (polled from the API) and a hang-up.
 */
export function PhoneCallPanel({ agentId }: { agentId: string }) {
  const providers = useTelephonyProviders();
  const numbers = usePhoneNumbers(phoneNumbersPath({ page: 1, limit: 100 }));
  const callable = (numbers.data?.data ?? []).filter((number) => number.type === "pstn");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [callId, setCallId] = useState<string | null>(null);
  const [call, setCall] = useState<Call | null>(null);
  const fromNumber = from || callable[0]?.number || "";

  useEffect(() => {
    if (!callId) return;
    let stopped = false;
    const poll = async () => {
      try {
        const next = await getCall(browserApi(), callId);
        if (stopped) return;
        setCall(next);
        if (!isOngoing(next)) return;
      } catch {
        // a missed poll is retried
      }
      if (!stopped) setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [callId]);

  const place = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!E164.test(to.trim())) return setError("Enter the number in E.164 form, such as +14155550123");
    setPlacing(true);
    try {
      const started = await browserApi().post<{ call_id: string }>("/calls/phone", { from_number: fromNumber, to_number: to.trim(), agent_id: agentId });
      setCall(null);
      setCallId(started.call_id);
    } catch (caught) {
      setError(isVoiceApiError(caught) && caught.details[0] ? `${caught.details[0].field}: ${caught.details[0].message}` : apiErrorText(caught));
    } finally {
      setPlacing(false);
    }
  };

  const hangUp = async () => {
    if (callId) await terminateCall(browserApi(), callId).catch((caught) => setError(apiErrorText(caught)));
  };

  const ready = providers.data ? telephonyReady(providers.data.data) : true;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Call a phone</CardTitle>
        <CardDescription>The agent calls the number you enter from one of your numbers; the call is recorded like any other.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!ready ? (
          <p role="status" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            Telephony is not configured, so the agent cannot call a phone yet.{" "}
            <Link href="/settings/telephony" className="font-medium underline underline-offset-2">
              Connect Twilio or Telnyx
            </Link>
          </p>
        ) : numbers.data && callable.length === 0 ? (
          <p role="status" className="text-sm text-muted-foreground">
            Your organization has no phone number to call from. <Link href="/phone-numbers" className="underline underline-offset-2">Add or import one</Link>.
          </p>
        ) : (
          <form onSubmit={place} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-label="Call a phone">
            <SelectField label="From" value={fromNumber} onValueChange={setFrom} options={callable.map((number) => ({ value: number.number, label: number.name ? `${number.number} (${number.name})` : number.number }))} />
            <FormField label="Number to call" error={error}>
              <Input value={to} onChange={(event) => setTo(event.target.value)} placeholder="+14155550123" inputMode="tel" autoComplete="off" />
            </FormField>
            <Button type="submit" disabled={placing || (call !== null && isOngoing(call))}>
              <PhoneCall aria-hidden /> {placing ? "Calling…" : "Call"}
            </Button>
          </form>
        )}
        {callId ? (
          <div className="grid gap-2" aria-live="polite">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span>Call</span>
              <Badge variant={call && !isOngoing(call) ? "outline" : "success"} data-testid="phone-call-status">
                {call ? call.status.replace("_", " ") : "starting"}
              </Badge>
              {call?.end_reason ? <span className="text-muted-foreground">({call.end_reason.replace(/_/g, " ")})</span> : null}
              {call && isOngoing(call) ? (
                <Button size="sm" variant="destructive" onClick={hangUp}>
                  <PhoneOff aria-hidden /> Hang up
                </Button>
              ) : null}
              <Link href={`/calls/${callId}`} className="ml-auto text-sm underline underline-offset-2">
                Open the call
              </Link>
            </div>
            <ol className="grid gap-1 text-sm" aria-label="Transcript">
              {(call?.transcript ?? []).map((entry, index) => (
                <li key={index} className={entry.role === "agent" ? "" : "text-right"}>
                  <span className="text-xs text-muted-foreground">{entry.role === "agent" ? "Agent" : "Caller"}: </span>
                  {entry.content}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
