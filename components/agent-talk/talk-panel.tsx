"use client";

import { Mic, MicOff, PhoneOff, Play, Send, Volume2, VolumeX } from "lucide-react";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useCan } from "@/components/console/console-session";
import { cn } from "@/lib/utils/cn";
import { speak, useSpeechRecognition } from "./use-speech";
import { useWebCall, type WebCallView } from "./use-web-call";

export type TalkPanelProps = {
  agentId: string;
  /** Shown as the current state until the first transition. */
  initialStateName?: string;
  /** BCP 47 tag for speech recognition and synthesis (the agent's language). */
  language?: string;
  /** Where the console starts web calls (default: the console's door to /v1). */
  startPath?: string;
};

const display = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
/** A long token without spaces (an id, a number): set in the narrow monospace that ids are read in elsewhere. */
const IDENTIFIER = /^[\w+:.-]{20,}$/;

/**
 * "Talk to this agent": a web call from the studio. Type, or speak where the browser recognizes
 * speech; hear the agent through speech synthesis; watch its state, variables and tool calls live.
 * The finished call is an ordinary call in the calls list.
 */
export function TalkPanel({ agentId, initialStateName, language = "en-US", startPath }: TalkPanelProps) {
  const canCall = useCan("write");
  const [voiceOn, setVoiceOn] = useState(true);
  const [draft, setDraft] = useState("");
  const voiceRef = useRef(voiceOn);
  useEffect(() => {
    voiceRef.current = voiceOn;
  }, [voiceOn]);
  const onAgentMessage = useCallback((text: string) => voiceRef.current && speak(text, language), [language]);
  const [voiceCall, setVoiceCall] = useState(true);
  const { view, start, say, hangUp, setMuted } = useWebCall({ agentId, initialStateName, startPath, onAgentMessage });
  const voice = view.mode === "voice" && view.phase !== "idle";
  const recognition = useSpeechRecognition(language, (phrase) => void say(phrase));
  const live = view.phase === "live";
  const transcriptEnd = useRef<HTMLDivElement>(null);
  // A block body: Chromium's scrollIntoView now returns a promise, which React refuses as an effect's cleanup.
  useEffect(() => {
    transcriptEnd.current?.scrollIntoView({ block: "nearest" });
  }, [view.entries.length, view.partial, view.interim]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim() || (view.answering && !voice)) return;
    void say(draft.trim());
    setDraft("");
  };

  return (
    <Card aria-label="Talk to this agent">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <CardTitle as="h2">Talk to this agent</CardTitle>
            <CardDescription>A web call with the published version. It appears in the calls list when it ends.</CardDescription>
          </div>
          <div className="flex items-center gap-2">
            {!live && (
              <label className="flex items-center gap-1 text-sm">
                <input type="checkbox" checked={voiceCall} onChange={(event) => setVoiceCall(event.target.checked)} /> Voice
              </label>
            )}
            {voice && live && (
              <>
                <LevelMeter level={view.level} muted={view.muted} />
                <Button variant="outline" size="icon" aria-label={view.muted ? "Unmute microphone" : "Mute microphone"} aria-pressed={view.muted} onClick={() => setMuted(!view.muted)}>
                  {view.muted ? <MicOff /> : <Mic />}
                </Button>
              </>
            )}
            {!voice && (
              <Button variant="ghost" size="icon" aria-label={voiceOn ? "Mute the agent" : "Hear the agent"} onClick={() => setVoiceOn(!voiceOn)}>
                {voiceOn ? <Volume2 /> : <VolumeX />}
              </Button>
            )}
            {live ? (
              <Button variant="destructive" size="sm" onClick={() => void hangUp()}>
                <PhoneOff /> Hang up
              </Button>
            ) : (
              <Button
                size="sm"
                onClick={() => void start({ voice: voiceCall })}
                disabled={view.phase === "starting" || !canCall}
                aria-describedby={canCall ? undefined : "talk-viewer-note"}
              >
                <Play /> {view.phase === "ended" ? "Call again" : view.phase === "starting" ? "Starting…" : "Start call"}
              </Button>
            )}
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
        <div className="flex min-h-80 flex-col gap-3">
          <div className="flex-1 space-y-2 overflow-y-auto rounded-md border p-3" role="log" aria-live="polite" aria-label="Transcript">
            {view.entries.length === 0 && !view.partial && (
              <p className="text-sm text-muted-foreground" id={canCall ? undefined : "talk-viewer-note"}>
                {!canCall ? "Viewers cannot start calls: a member, admin or owner of this organization can." : view.phase === "idle" ? "Start a call to talk to the agent." : "…"}
              </p>
            )}
            {view.entries.map((entry) => (
              <Message key={entry.key} role={entry.role} content={entry.content} interrupted={entry.interrupted} />
            ))}
            {view.partial && !voice && <Message role="agent" content={view.partial} pending />}
            {view.interim && <Message role="user" content={view.interim} pending />}
            <div ref={transcriptEnd} />
          </div>
          {view.error && <p className="text-sm text-destructive" role="alert">{view.error}</p>}
          {recognition.error && <p className="text-sm text-destructive" role="alert">{recognition.error}</p>}
          {view.microphoneError && <p className="text-sm text-destructive" role="alert">{view.microphoneError}</p>}
          {view.phase === "ended" && (
            <p className="text-sm text-muted-foreground">
              The call ended ({view.endReason?.replaceAll("_", " ")}).{" "}
              {view.callId && <Link className="underline" href={`/calls/${view.callId}`}>Open the call</Link>}
            </p>
          )}
          <form className="flex gap-2" onSubmit={submit}>
            <Input aria-label="Say something" placeholder={live ? "Type what the caller says…" : "Start a call first"} value={draft} onChange={(e) => setDraft(e.target.value)} disabled={!live} />
            {recognition.supported && !voice && (
              <Button type="button" variant="outline" size="icon" disabled={!live} aria-label={recognition.listening ? "Stop listening" : "Speak"} onClick={recognition.listening ? recognition.stop : recognition.start}>
                {recognition.listening ? <MicOff /> : <Mic />}
              </Button>
            )}
            <Button type="submit" disabled={!live || (view.answering && !voice) || !draft.trim()} aria-label="Send">
              <Send />
            </Button>
          </form>
        </div>
        <CallInspector view={view} />
      </CardContent>
    </Card>
  );
}

function Message({ role, content, pending, interrupted }: { role: "agent" | "user" | "note"; content: string; pending?: boolean; interrupted?: boolean }) {
  if (role === "note") return <p className="text-center text-xs text-muted-foreground">{content}</p>;
  return (
    <div className={role === "user" ? "flex justify-end" : "flex justify-start"}>
      <p className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${role === "user" ? "bg-primary text-primary-foreground" : "bg-muted"} ${pending ? "opacity-70" : ""}`}>
        <span className="sr-only">{role === "user" ? "You: " : "Agent: "}</span>
        {content}
        {interrupted && <span className="ml-1 text-xs italic text-muted-foreground">— interrupted</span>}
        {pending && role === "user" && <span className="sr-only"> (still speaking)</span>}
      </p>
    </div>
  );
}

/** The microphone's input level (what the agent hears). */
function LevelMeter({ level, muted }: { level: number; muted: boolean }) {
  const percent = muted ? 0 : Math.min(100, Math.round(Math.sqrt(level) * 200));
  return (
    <div role="meter" aria-label="Microphone level" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 w-20 overflow-hidden rounded bg-muted">
      <div className="h-full bg-primary transition-[width] duration-75" style={{ width: `${percent}%` }} />
    </div>
  );
}

const latency = (ms: number | null) => (ms === null ? "—" : `${ms} ms`);

/** Each caller turn's latency, live: end of speech → the first audio of the answer. */
function TurnLatencies({ view }: { view: WebCallView }) {
  return (
    <section>
      <h3 className="mb-1 font-medium">Latency</h3>
      <p className="mb-1 text-xs text-muted-foreground">Agent audio played: {(view.agentAudioMs / 1000).toFixed(1)} s</p>
      {view.turns.length === 0 ? (
        <p className="text-muted-foreground">No spoken turn yet</p>
      ) : (
        <ol className="space-y-1" aria-label="Turn latency">
          {view.turns.map((turn) => (
            <li key={turn.turn} className="rounded border px-2 py-1 text-xs">
              Turn {turn.turn}: <strong>{latency(turn.first_audio_ms)}</strong> to the first audio
              <span className="block text-muted-foreground">
                end of turn {latency(turn.end_of_turn_ms)} · transcript {latency(turn.transcript_ms)} · first token {latency(turn.first_token_ms)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function CallInspector({ view }: { view: WebCallView }) {
  return (
    <aside className="space-y-4 text-sm" aria-label="Call state">
      {view.mode === "voice" && view.phase !== "idle" && <TurnLatencies view={view} />}
      <section>
        <h3 className="mb-1 font-medium">State</h3>
        <Badge variant="outline" data-testid="current-state">{view.stateName ?? "—"}</Badge>
      </section>
      <section>
        <h3 className="mb-1 font-medium">Variables</h3>
        {view.variables.length === 0 ? (
          <p className="text-muted-foreground">None yet</p>
        ) : (
          // Each name above its value, so a value has the panel's whole width (a call id fits on one line).
          <dl className="grid gap-2" aria-label="Variables">
            {view.variables.map((variable) => (
              <div key={variable.name} className="grid min-w-0 gap-0.5">
                <dt className="font-mono text-xs text-muted-foreground">{variable.name}</dt>
                <dd className={cn("[overflow-wrap:anywhere]", IDENTIFIER.test(display(variable.value)) && "font-mono text-xs")}>{display(variable.value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section>
        <h3 className="mb-1 font-medium">Tool calls</h3>
        {view.tools.length === 0 ? (
          <p className="text-muted-foreground">None yet</p>
        ) : (
          <ul className="space-y-1" aria-label="Tool calls">
            {view.tools.map((tool) => (
              <li key={tool.key} className="rounded border px-2 py-1">
                <span className="font-mono text-xs">{tool.name}</span>{" "}
                {tool.result && <Badge variant={tool.result.ok ? "success" : "destructive"}>{tool.result.ok ? "ok" : "failed"}</Badge>}
                {tool.kind === "custom_function" && <pre className="mt-1 overflow-x-auto text-xs text-muted-foreground">{JSON.stringify(tool.input)}</pre>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
