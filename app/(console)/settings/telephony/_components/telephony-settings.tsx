"use client";

import { useState, type FormEvent } from "react";
import { apiErrorText } from "@/components/calls/api-error-text";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { browserApi } from "@/lib/voice-api/browser-client";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import {
  CARRIER_LABELS,
  connectTelephonyProvider,
  disconnectTelephonyProvider,
  importCarrierNumbers,
  listCarrierNumbers,
  testTelephonyProvider,
  type Carrier,
  type CarrierNumber,
  type TelephonyProvider,
} from "@/lib/voice-api/telephony";

const FIELDS: Record<Carrier, { name: string; label: string; secret: boolean; hint: string }[]> = {
  twilio: [
    { name: "account_sid", label: "Account SID", secret: false, hint: "AC followed by 32 characters (Twilio Console → Account info)." },
    { name: "auth_token", label: "Auth token", secret: true, hint: "Stored encrypted; never shown again." },
  ],
  telnyx: [
    { name: "api_key", label: "API key", secret: true, hint: "An API v2 key (KEY…). Stored encrypted; never shown again." },
    { name: "public_key", label: "Public key", secret: false, hint: "Keys & Credentials → Public key: checks that webhooks come from Telnyx." },
    { name: "connection_id", label: "Call Control application id", secret: false, hint: "The application (connection) that places and receives the calls." },
  ],
};

/** Both carriers: connect, test, see the URLs to paste, import numbers. Only admins change anything. */
export function TelephonySettings({ initial, canManage }: { initial: TelephonyProvider[]; canManage: boolean }) {
  const [providers, setProviders] = useState(initial);
  const replace = (next: TelephonyProvider) => setProviders((old) => old.map((each) => (each.carrier === next.carrier ? next : each)));
  const none = providers.every((provider) => !provider.configured);
  return (
    <>
      {none ? (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          Telephony is not configured: phone calls cannot be placed or received until a carrier account is connected here (or set in the server&apos;s environment).
        </p>
      ) : null}
      {providers.map((provider) => (
        <ProviderCard key={provider.carrier} provider={provider} canManage={canManage} onChange={replace} />
      ))}
    </>
  );
}

function ProviderCard({ provider, canManage, onChange }: { provider: TelephonyProvider; canManage: boolean; onChange: (next: TelephonyProvider) => void }) {
  const carrier = provider.carrier;
  const label = CARRIER_LABELS[carrier];
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [numbers, setNumbers] = useState<CarrierNumber[] | null>(null);
  const [editing, setEditing] = useState(!provider.configured);

  const run = async (what: string, action: () => Promise<void>) => {
    setBusy(what);
    try {
      await action();
    } catch (caught) {
      if (isVoiceApiError(caught) && caught.details.length) setErrors(Object.fromEntries(caught.details.map((detail) => [detail.field, detail.message])));
      toast.error(`${label}: ${what} failed`, apiErrorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const connect = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    void run("connecting", async () => {
      const body = Object.fromEntries(FIELDS[carrier].map((field) => [field.name, (draft[field.name] ?? "").trim()]));
      const next = await connectTelephonyProvider(browserApi(), carrier, body as never);
      onChange(next);
      setDraft({});
      setEditing(false);
      toast.success(`${label} connected`, next.verification_error ?? (next.account_name ? `Account: ${next.account_name}` : "The credentials work."));
    });
  };

  const test = () =>
    run("testing", async () => {
      const check = await testTelephonyProvider(browserApi(), carrier);
      if (check.ok) toast.success(`${label} accepted the credentials`, check.account_name ?? undefined);
      else toast.error(`${label} refused the credentials`, check.message ?? undefined);
    });

  const loadNumbers = () => run("listing numbers", async () => setNumbers(await listCarrierNumbers(browserApi(), carrier)));

  const importAll = (only?: string[]) =>
    run("importing", async () => {
      const imported = await importCarrierNumbers(browserApi(), carrier, only);
      toast.success(`${imported.length} number(s) imported`, "Their calls now come here; give each an agent on the Phone numbers page.");
      setNumbers(await listCarrierNumbers(browserApi(), carrier));
    });

  const disconnect = () =>
    run("disconnecting", async () => {
      await disconnectTelephonyProvider(browserApi(), carrier);
      const next = { ...provider, configured: false, source: null, account_id: null, account_name: null, verified_at: null, verification_error: null, problem: `No ${label} account is connected.` };
      onChange(next);
      setEditing(true);
      toast.success(`${label} disconnected`);
    });

  const state = !provider.configured ? (
    <Badge variant="outline">Not connected</Badge>
  ) : provider.problem ? (
    <Badge variant="warning">Needs attention</Badge>
  ) : (
    <Badge variant="success">Ready</Badge>
  );

  return (
    <Card data-carrier={carrier}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {label} {state}
        </CardTitle>
        <CardDescription>
          {provider.configured
            ? `${provider.source === "environment" ? "From the server's environment" : "Connected by your organization"}: ${provider.account_id}${provider.account_name ? ` (${provider.account_name})` : ""}.`
            : `Connect your ${label} account to call from and answer its numbers.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {provider.problem && provider.configured ? (
          <p role="alert" className="text-sm text-destructive">
            {provider.problem}
          </p>
        ) : null}
        {provider.webhook_urls ? (
          <div className="grid gap-2 text-sm">
            <p className="font-medium">Addresses {label} reaches this deployment at</p>
            {(
              [
                [carrier === "twilio" ? "Voice webhook (a number's “A call comes in”)" : "Call Control application webhook", provider.webhook_urls.voice],
                ...(carrier === "twilio" ? [["Status callback", provider.webhook_urls.status]] : []),
                ["Media stream (set for you on each call)", provider.webhook_urls.media_stream],
              ] as [string, string][]
            ).map(([name, url]) => (
              <div key={name} className="flex flex-wrap items-center gap-2">
                <span className="text-muted-foreground">{name}:</span>
                <code className="rounded bg-muted px-1.5 py-0.5 text-xs break-all" data-webhook-url={name}>
                  {url}
                </code>
                <CopyButton value={url} label="Copy" aria-label={`Copy ${name}`} />
              </div>
            ))}
            <p className="text-muted-foreground">Importing numbers below points them here for you.</p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Set PUBLIC_BASE_URL on the server to the public https:// address of this deployment: carriers need it to reach it.</p>
        )}

        {canManage && editing ? (
          <form onSubmit={connect} className="grid gap-3" aria-label={`${label} credentials`}>
            {FIELDS[carrier].map((field) => (
              <FormField key={field.name} label={field.label} hint={field.hint} error={errors[field.name]}>
                <Input
                  name={field.name}
                  type={field.secret ? "password" : "text"}
                  autoComplete="off"
                  required
                  value={draft[field.name] ?? ""}
                  onChange={(event) => setDraft((old) => ({ ...old, [field.name]: event.target.value }))}
                />
              </FormField>
            ))}
            <div className="flex gap-2">
              <Button type="submit" disabled={busy !== null}>
                {busy === "connecting" ? "Checking…" : `Connect ${label}`}
              </Button>
              {provider.configured ? (
                <Button type="button" variant="outline" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </form>
        ) : null}

        {provider.configured ? (
          <div className="flex flex-wrap gap-2">
            {canManage ? (
              <>
                <Button variant="outline" onClick={test} disabled={busy !== null}>
                  {busy === "testing" ? "Testing…" : "Test credentials"}
                </Button>
                <Button variant="outline" onClick={loadNumbers} disabled={busy !== null}>
                  Show the account&apos;s numbers
                </Button>
                {!editing && provider.source === "organization" ? (
                  <>
                    <Button variant="outline" onClick={() => setEditing(true)}>
                      Replace credentials
                    </Button>
                    <Button variant="destructive" onClick={disconnect} disabled={busy !== null}>
                      Disconnect
                    </Button>
                  </>
                ) : null}
                {!editing && provider.source === "environment" ? (
                  <Button variant="outline" onClick={() => setEditing(true)}>
                    Use your own account
                  </Button>
                ) : null}
              </>
            ) : (
              <p className="text-sm text-muted-foreground">Only an admin can change the carrier account.</p>
            )}
          </div>
        ) : null}

        {numbers ? (
          <div className="grid gap-2" aria-label={`${label} numbers`}>
            {numbers.length === 0 ? <p className="text-sm text-muted-foreground">This account has no numbers.</p> : null}
            <ul className="grid gap-1 text-sm">
              {numbers.map((number) => (
                <li key={number.carrier_number_id} className="flex flex-wrap items-center gap-2" data-carrier-number={number.phone_number}>
                  <span className="font-mono">{number.phone_number}</span>
                  {number.live ? <Badge variant="success">Live</Badge> : <Badge variant="warning">Not live</Badge>}
                  {number.problem ? <span className="text-muted-foreground">{number.problem}</span> : null}
                  {!number.live && canManage ? (
                    <Button size="sm" variant="outline" onClick={() => importAll([number.phone_number])} disabled={busy !== null}>
                      Import
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            {numbers.some((number) => !number.live) && canManage ? (
              <div>
                <Button onClick={() => importAll()} disabled={busy !== null}>
                  {busy === "importing" ? "Importing…" : "Import all and point them here"}
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
