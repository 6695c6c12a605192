"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { VariableValue } from "@/lib/schemas/call-values";
import type { WebCallSession } from "@/lib/schemas/web-calls";
import { readServerSentEvents } from "./sse-stream";
import { VoiceLink } from "./voice-link";

export type TalkEntry = { key: string; role: "agent" | "user" | "note"; content: string; interrupted?: boolean; /** Voice: the agent response it shows. */ response?: number };
export type TurnLatencyView = {
  turn: number;
  end_of_turn_ms: number;
  transcript_ms: number | null;
  first_token_ms: number | null;
  first_audio_ms: number | null;
};
export type ToolActivity = { key: string; name: string; kind: string; input: unknown; result?: { ok: boolean; output: unknown } };
export type VariableView = VariableValue;


export type WebCallView = {
  phase: "idle" | "starting" | "live" | "ended" | "error";
  callId: string | null;
  entries: TalkEntry[];
  /** The agent's words of the reply being streamed. */
  partial: string;
  stateName: string | null;
  variables: VariableView[];
  tools: ToolActivity[];
  endReason: string | null;
  error: string | null;
  /** A voice call was asked for and the server cannot make one: why (which field, which variable). */
  voiceUnavailable: string | null;
  answering: boolean;
  mode: "voice" | "text";
  /** Voice: the caller's words while they speak (interim transcript). */
  interim: string;
  /** Voice: microphone level 0..1, mute, and the milliseconds of agent audio played. */
  level: number;
  muted: boolean;
  microphoneError: string | null;
  agentAudioMs: number;
  turns: TurnLatencyView[];
};

const EVENT_TYPES = [
  "agent_message",
  "user_message",
  "state_changed",
  "tool_called",
  "tool_result",
  "variable_updated",
  "transfer_call",
  "wait",
  "leave_voicemail_message",
  "turn_failed",
  "call_ended",
];

const initialView = (stateName: string | null): WebCallView => ({
  phase: "idle",
  callId: null,
  entries: [],
  partial: "",
  stateName,
  variables: [],
  tools: [],
  endReason: null,
  error: null,
  voiceUnavailable: null,
  answering: false,
  mode: "text",
  interim: "",
  level: 0,
  muted: false,
  microphoneError: null,
  agentAudioMs: 0,
  turns: [],
});

/**
 * A web call from the browser: started through the console's API door (`startPath`, the session
 * token comes back), the call's events from its event stream, and each caller turn POSTed with the
 * token, its reply streamed. Events arrive on both streams; their sequence numbers keep each once.
 */
export function useWebCall(options: { agentId: string; initialStateName?: string; startPath?: string; onAgentMessage?: (text: string) => void }) {
  const link = useRef<VoiceLink | null>(null);
  const { agentId, initialStateName = null, startPath = "/api/console/v1/calls/web" } = options;
  const [view, setView] = useState<WebCallView>(() => initialView(initialStateName));
  const session = useRef<WebCallSession | null>(null);
  const source = useRef<EventSource | null>(null);
  const seen = useRef(new Set<string>());
  const onAgentMessage = useRef(options.onAgentMessage);
  useEffect(() => {
    onAgentMessage.current = options.onAgentMessage;
  }, [options.onAgentMessage]);

  const apply = useCallback((type: string, id: string | null, raw: string) => {
    if (id) {
      if (seen.current.has(id)) return;
      seen.current.add(id);
    }
    const data = JSON.parse(raw) as Record<string, unknown>;
    const key = id ?? `${type}-${Math.random()}`;
    const voice = link.current !== null;
    if (type === "agent_message" && !voice) onAgentMessage.current?.(String(data.content));
    setView((v) => {
      switch (type) {
        case "agent_text_delta":
          return { ...v, partial: v.partial + String(data.text) };
        case "agent_message":
          // A voice call shows the agent's words as they are spoken (agent_speech_started), not as written.
          return voice ? v : { ...v, partial: "", entries: [...v.entries, { key, role: "agent", content: String(data.content) }] };
        case "user_message":
          return { ...v, interim: "", entries: [...v.entries, { key, role: "user", content: String(data.content) }] };
        case "user_transcript":
          return { ...v, interim: data.final ? "" : String(data.text) };
        case "agent_speech_started": {
          // One bubble per agent response, growing sentence by sentence as it is spoken.
          const index = v.entries.findLastIndex((entry) => entry.response === data.response);
          if (index !== -1) {
            const entries = [...v.entries];
            entries[index] = { ...entries[index], content: `${entries[index].content} ${String(data.text)}` };
            return { ...v, entries };
          }
          return { ...v, entries: [...v.entries, { key, role: "agent", content: String(data.text), response: Number(data.response) }] };
        }
        case "agent_speech_interrupted": {
          const index = v.entries.findLastIndex((entry) => entry.role === "agent" && entry.response !== undefined);
          if (index === -1) return v;
          const entries = [...v.entries];
          entries[index] = { ...entries[index], content: String(data.heard_text) || entries[index].content, interrupted: true };
          return { ...v, entries };
        }
        case "turn_metrics":
          return { ...v, turns: [...v.turns, data as unknown as TurnLatencyView] };
        case "media_error":
          return { ...v, entries: [...v.entries, { key, role: "note", content: `${String(data.stage)} failed: ${String(data.message)}` }] };
        case "state_changed":
          return { ...v, stateName: String(data.to) };
        case "variable_updated": {
          const variable = data.variable as VariableView;
          return { ...v, variables: [...v.variables.filter((x) => x.name !== variable.name), variable] };
        }
        case "tool_called":
          return { ...v, tools: [...v.tools, { key, name: String(data.name), kind: String(data.tool_type), input: data.input }] };
        case "tool_result": {
          const tools = [...v.tools];
          const index = tools.findLastIndex((tool) => tool.name === data.name && !tool.result);
          if (index !== -1) tools[index] = { ...tools[index], result: { ok: Boolean(data.ok), output: data.output } };
          return { ...v, tools };
        }
        case "transfer_call":
        case "wait":
        case "leave_voicemail_message":
          return { ...v, entries: [...v.entries, { key, role: "note", content: `${type.replaceAll("_", " ")} recorded` }] };
        case "turn_failed":
          return { ...v, partial: "", entries: [...v.entries, { key, role: "note", content: `The model failed: ${String(data.message)}` }] };
        case "call_ended":
          return { ...v, phase: "ended", answering: false, endReason: String(data.end_reason) };
        default:
          return v;
      }
    });
    if (type === "call_ended") source.current?.close();
  }, []);

  const start = useCallback(
    async (options: { dynamicVariables?: Record<string, unknown>; voice?: boolean } = {}) => {
      source.current?.close();
      link.current?.close();
      link.current = null;
      seen.current = new Set();
      setView({ ...initialView(initialStateName), phase: "starting" });
      const response = await fetch(startPath, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          agent_id: agentId,
          ...(options.dynamicVariables ? { dynamic_variables_values: options.dynamicVariables } : {}),
          // Asked for explicitly: a voice call the server cannot make is refused with the reason, never turned into a text call.
          mode: options.voice === false ? "text" : "voice",
        }),
      });
      const body = await response.json().catch(() => null);
      if (!response.ok || !body?.data) {
        const speechFields = ["transcriber.provider", "voice.provider", "llm.provider"];
        const details: { field?: string }[] = body?.error?.details ?? [];
        if (options.voice !== false && response.status === 400 && details.some((detail) => speechFields.includes(String(detail.field)))) {
          setView((v) => ({ ...v, phase: "idle", voiceUnavailable: body?.message ?? "The agent's speech providers are not configured on this server." }));
          return;
        }
        setView((v) => ({ ...v, phase: "error", error: body?.message ?? `Could not start the call (${response.status})` }));
        return;
      }
      const started = body.data as WebCallSession;
      session.current = started;
      const mode = started.mode === "voice" && started.media_url ? "voice" : "text";
      setView((v) => ({ ...v, phase: "live", mode, callId: started.call_id, variables: started.call.variable_values ?? [] }));
      if (mode === "voice") {
        const voice = new VoiceLink({
          onFrame: (frame) => apply(String(frame.type), typeof frame.seq === "number" ? String(frame.seq) : null, JSON.stringify(frame)),
          onLevel: (level) => setView((v) => (Math.abs(v.level - level) > 0.005 ? { ...v, level } : v)),
          onPlayed: (agentAudioMs) => setView((v) => ({ ...v, agentAudioMs })),
          onMicrophoneError: (microphoneError) => setView((v) => ({ ...v, microphoneError })),
          onClosed: () => setView((v) => (v.phase === "live" ? { ...v, phase: "ended", endReason: v.endReason ?? "user_hangup" } : v)),
        });
        link.current = voice;
        await voice.connect(started.media_url!).catch((error: unknown) =>
          setView((v) => ({ ...v, error: `The audio could not start: ${error instanceof Error ? error.message : String(error)}` })),
        );
        return;
      }
      const events = new EventSource(`${started.events_url}?session_token=${encodeURIComponent(started.session_token)}`);
      for (const type of EVENT_TYPES) events.addEventListener(type, (event) => apply(type, (event as MessageEvent).lastEventId || null, (event as MessageEvent).data));
      source.current = events;
    },
    [agentId, apply, initialStateName, startPath],
  );

  const say = useCallback(
    async (text: string) => {
      const current = session.current;
      if (!current || !text.trim()) return;
      if (link.current) return link.current.sendText(text);
      setView((v) => ({ ...v, answering: true, error: null }));
      try {
        const response = await fetch(current.turns_url, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${current.session_token}` },
          body: JSON.stringify({ text }),
        });
        if (!response.ok || !response.body) {
          const body = await response.json().catch(() => null);
          setView((v) => ({ ...v, error: body?.message ?? `The turn failed (${response.status})` }));
          return;
        }
        for await (const event of readServerSentEvents(response.body)) {
          if (event.event !== "turn_complete") apply(event.event, event.id, event.data);
        }
      } finally {
        setView((v) => ({ ...v, answering: false, partial: "" }));
      }
    },
    [apply],
  );

  const hangUp = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    if (link.current) return link.current.hangUp();
    await fetch(current.hangup_url, { method: "POST", headers: { Authorization: `Bearer ${current.session_token}` } });
  }, []);

  const setMuted = useCallback((muted: boolean) => {
    link.current?.setMuted(muted);
    setView((v) => ({ ...v, muted }));
  }, []);

  useEffect(
    () => () => {
      source.current?.close();
      link.current?.close();
    },
    [],
  );

  return { view, start, say, hangUp, setMuted };
}
