"use client";

import { Badge } from "@/components/ui/badge";
import { llmProviders, transcriberProviders, voiceProviders, webhookEvents } from "@/lib/agents/document-schema";
import { agentDefaults } from "@/lib/agents/normalize";
import type { AgentSettings } from "@/lib/agent-builder/editor-document";
import { errorsUnder, type EditorErrors } from "@/lib/agent-builder/validation-errors";
import { KnowledgeBasePicker } from "./knowledge-base-picker";
import { COMMON_LANGUAGE_TAGS, languageLabel } from "@/lib/agents/languages";
import { CheckboxField, LinesField, NumberField, Section, SelectField, TextAreaField, TextField } from "./fields";
import { ModelPicker, VoicePicker } from "./pickers";

/** The common languages, and the agent's own when it is another tag. */
const languageOptions = (current: string) =>
  [...new Set([...(current ? [current] : []), ...COMMON_LANGUAGE_TAGS])].map((tag) => ({ value: tag, label: languageLabel(tag) }));

const d = agentDefaults;

/** The agent-level fields, each with its unit and default (lib/agents/normalize). */
export function SettingsForm({
  settings,
  onChange,
  errors,
  readOnly,
}: {
  settings: AgentSettings;
  onChange: (update: (settings: AgentSettings) => AgentSettings) => void;
  errors: EditorErrors;
  readOnly: boolean;
}) {
  const set = <K extends keyof AgentSettings>(key: K, value: AgentSettings[K]) => onChange((current) => ({ ...current, [key]: value }));
  const e = (path: string) => errorsUnder(errors.settings, path);
  return (
    <fieldset disabled={readOnly} className="grid max-w-4xl gap-6">
      <Section title="Agent">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Name" value={settings.name} onChange={(value) => set("name", value)} errors={e("name")} maxLength={255} />
          <SelectField
            label="Language"
            value={settings.language}
            onChange={(value) => set("language", value)}
            errors={e("language")}
            options={languageOptions(settings.language)}
            hint={`What the agent speaks and hears. Default ${languageLabel(d.language)}.`}
          />
        </div>
        <TextAreaField
          label="Base prompt"
          rows={6}
          value={settings.base_prompt}
          onChange={(value) => set("base_prompt", value)}
          errors={e("base_prompt")}
          hint="Applies in every state, before the state's own prompt. Default empty."
          className="grid gap-1.5 [&_textarea]:font-mono"
        />
      </Section>

      <Section title="Start of the call">
        <CheckboxField
          label="The agent speaks first"
          hint="Off: the agent waits for the caller (initial_message null, the default)."
          checked={settings.initial_message !== null}
          onChange={(checked) => set("initial_message", checked ? "" : null)}
          disabled={readOnly}
        />
        {settings.initial_message !== null ? (
          <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
            <TextAreaField label="Initial message" rows={2} value={settings.initial_message} onChange={(value) => set("initial_message", value)} errors={e("initial_message")} />
            <NumberField
              label="Initial message delay"
              value={settings.initial_message_delay}
              fallback={d.initial_message_delay}
              min={0}
              max={60_000}
              onChange={(value) => set("initial_message_delay", value ?? d.initial_message_delay)}
              errors={e("initial_message_delay")}
              hint={`Milliseconds, 0 to 60000. Default ${d.initial_message_delay}.`}
            />
          </div>
        ) : null}
      </Section>

      <Section title="Voice">
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField label="Provider" value={settings.voice.provider} onChange={(provider) => set("voice", { ...settings.voice, provider })} options={voiceProviders} errors={e("voice.provider")} hint={`Default ${d.voice.provider}.`} />
          <VoicePicker provider={settings.voice.provider} value={settings.voice.name} onChange={(name) => set("voice", { ...settings.voice, name })} errors={e("voice.name")} fallback={d.voice.name} />
          <NumberField
            label="Speed"
            value={settings.voice.speed}
            fallback={d.voice.speed}
            step={0.05}
            min={0.25}
            max={4}
            onChange={(speed) => set("voice", { ...settings.voice, speed: speed ?? d.voice.speed })}
            errors={e("voice.speed")}
            hint={`Multiplier, 0.25 to 4. Default ${d.voice.speed}.`}
          />
        </div>
        <TextAreaField label="Voice instructions" rows={2} value={settings.voice.instructions} onChange={(instructions) => set("voice", { ...settings.voice, instructions })} errors={e("voice.instructions")} hint="How the voice should sound. Default empty." />
      </Section>

      <Section title="Language model and transcriber">
        <div className="grid gap-3 sm:grid-cols-4">
          <SelectField label="LLM provider" value={settings.llm.provider} onChange={(provider) => set("llm", { ...settings.llm, provider })} options={llmProviders} errors={e("llm.provider")} hint={`Default ${d.llm.provider}.`} />
          <ModelPicker provider={settings.llm.provider} value={settings.llm.model} onChange={(model) => set("llm", { ...settings.llm, model })} errors={e("llm.model")} fallback={d.llm.model} />
          <NumberField
            label="Temperature"
            value={settings.llm.temperature}
            fallback={d.llm.temperature}
            step={0.1}
            min={0}
            max={2}
            onChange={(temperature) => set("llm", { ...settings.llm, temperature: temperature ?? d.llm.temperature })}
            errors={e("llm.temperature")}
            hint={`0 to 2. Default ${d.llm.temperature}.`}
          />
          <SelectField
            label="Transcriber"
            value={settings.transcriber.provider}
            onChange={(provider) => set("transcriber", { provider })}
            options={transcriberProviders}
            errors={e("transcriber.provider")}
            hint={`Default ${d.transcriber.provider}.`}
          />
        </div>
        <LinesField
          label="Custom vocabulary"
          value={settings.custom_vocabulary}
          onChange={(value) => set("custom_vocabulary", value)}
          errors={e("custom_vocabulary")}
          hint="Words the transcriber should favour, one per line (up to 500). Default none."
        />
        <KnowledgeBasePicker value={settings.knowledge_base_ids} onChange={(ids) => set("knowledge_base_ids", ids)} errors={e("knowledge_base_ids")} disabled={readOnly} />
      </Section>

      <Section title="Interruptions and silence">
        <CheckboxField
          label="The caller can interrupt the agent"
          hint="Default on."
          checked={settings.interruptions}
          onChange={(value) => set("interruptions", value)}
          errors={e("interruptions")}
          disabled={readOnly}
        />
        <p className="flex items-center gap-2 text-sm">
          Interruption sensitivity <Badge variant="outline">{settings.interruptions_sensitivity}</Badge>
          <span className="text-xs text-muted-foreground">Set when the agent is created (default {d.interruptions_sensitivity}); an update cannot change it.</span>
        </p>
        <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
          <LinesField
            label="Presence check phrases"
            value={settings.presence_check_phrases}
            onChange={(value) => set("presence_check_phrases", value)}
            errors={e("presence_check_phrases")}
            hint={`Said when the caller is silent, one per line. Default “${d.presence_check_phrases[0]}”.`}
          />
          <NumberField
            label="Silence before a check"
            value={settings.presence_check_idle_threshold}
            fallback={d.presence_check_idle_threshold}
            min={1}
            max={600}
            onChange={(value) => set("presence_check_idle_threshold", value ?? d.presence_check_idle_threshold)}
            errors={e("presence_check_idle_threshold")}
            hint={`Seconds, 1 to 600. Default ${d.presence_check_idle_threshold}.`}
          />
          <NumberField
            label="Checks before hanging up"
            value={settings.presence_check_max_times}
            fallback={d.presence_check_max_times}
            min={0}
            max={20}
            onChange={(value) => set("presence_check_max_times", value ?? d.presence_check_max_times)}
            errors={e("presence_check_max_times")}
            hint={`0 to 20. Default ${d.presence_check_max_times}.`}
          />
        </div>
        <NumberField
          className="grid max-w-xs gap-1.5"
          label="Maximum call duration"
          value={settings.max_call_duration}
          fallback={d.max_call_duration}
          min={10}
          max={14_400}
          onChange={(value) => set("max_call_duration", value ?? d.max_call_duration)}
          errors={e("max_call_duration")}
          hint={`Seconds, 10 to 14400. Default ${d.max_call_duration} (30 minutes).`}
        />
      </Section>

      <Section title="Recordings and webhooks">
        <CheckboxField
          label="Secure recording URLs"
          hint="Recording links are signed and expire. Default off."
          checked={settings.secure_recording_urls}
          onChange={(value) => set("secure_recording_urls", value)}
          errors={e("secure_recording_urls")}
          disabled={readOnly}
        />
        <TextField
          label="Webhook URL"
          value={settings.webhook_url ?? ""}
          onChange={(value) => set("webhook_url", value.trim() ? value : null)}
          errors={e("webhook_url")}
          inputMode="url"
          placeholder="https://example.com/voice-events"
          hint="Receives the subscribed events (Standard Webhooks signatures). Default none."
        />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Webhook subscriptions</legend>
          {webhookEvents.map((event) => (
            <CheckboxField
              key={event}
              label={<span className="font-mono text-xs">{event}</span>}
              checked={settings.webhook_subscriptions.includes(event)}
              onChange={(checked) =>
                set("webhook_subscriptions", checked ? [...settings.webhook_subscriptions, event] : settings.webhook_subscriptions.filter((name) => name !== event))
              }
              disabled={readOnly}
            />
          ))}
          {e("webhook_subscriptions").length ? <p className="text-xs text-destructive">{e("webhook_subscriptions").join(" · ")}</p> : null}
        </fieldset>
      </Section>

      <Section title="What is kept">
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
          <SelectField
            label="Data storage"
            value={settings.data_storage}
            onChange={(value) => set("data_storage", value)}
            options={dataStorageOptions}
            errors={e("data_storage")}
            hint={dataStorageHints[settings.data_storage]}
          />
          <NumberField
            label="Keep calls for"
            value={settings.retention_days ?? undefined}
            min={1}
            max={3650}
            placeholder="Forever"
            onChange={(value) => set("retention_days", value ?? null)}
            errors={e("retention_days")}
            hint="Days, 1 to 3650; empty keeps calls forever. A daily job deletes older calls with their recordings."
          />
        </div>
      </Section>
    </fieldset>
  );
}

const dataStorageOptions = [
  { value: "everything", label: "Everything" },
  { value: "redact_pii", label: "Redact personal data" },
  { value: "metadata_only", label: "Metadata only" },
] as const;

const dataStorageHints: Record<AgentSettings["data_storage"], string> = {
  everything: "Transcripts, variables, answers and recordings are kept as they are. Default.",
  redact_pii:
    "Card numbers, SSNs, emails, phone numbers, dates of birth, IBANs, addresses and names are replaced by placeholders in what is kept and sent, and silenced in recordings. The live conversation still hears them.",
  metadata_only: "After the post-call work only duration, cost, status, end reason and metadata are kept: no transcript, recording, variables or answers.",
};
