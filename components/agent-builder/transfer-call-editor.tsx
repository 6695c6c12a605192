"use client";

import type { BuiltInTool } from "@/lib/agents/normalize";
import { DEFAULT_TRANSFER_TIMEOUT_SECONDS, withRingTime, withTransferMode, withTransferText } from "@/lib/agent-builder/transfer-tool";
import { errorsUnder } from "@/lib/agent-builder/validation-errors";
import { NumberField, SelectField, TextAreaField, TextField } from "./fields";

// Short labels: the side panel is narrow and a closed select cannot wrap; the hint says what the chosen one does.
const modes = [
  { value: "cold", label: "Cold" },
  { value: "warm", label: "Warm" },
] as const;
const modeHints = {
  cold: "Cold (default): hand the caller over at once.",
  warm: "Warm: hold the caller, brief the destination, then join them. Phone calls only.",
} as const;

/** A transfer_call tool's destination and, for a warm transfer, its hold audio, briefing and ring time. */
export function TransferCallEditor({
  tool,
  onChange,
  errors,
  at,
}: {
  tool: BuiltInTool;
  onChange: (tool: BuiltInTool) => void;
  errors: Record<string, string[]> | undefined;
  /** The tool's path in its state, e.g. `tools[1]`. */
  at: string;
}) {
  const e = (path: string) => errorsUnder(errors, `${at}.${path}`);
  const warm = tool.transfer_mode === "warm";
  return (
    <div className="grid gap-3" data-testid="transfer-call-editor">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Transfer to"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+14155550199"
          value={tool.transfer_phone_number ?? ""}
          onChange={(value) => onChange(withTransferText(tool, "transfer_phone_number", value))}
          errors={e("transfer_phone_number")}
          hint={warm ? "E.164, with the country code. Required for a warm transfer." : "E.164, with the country code."}
        />
        <SelectField
          label="Mode"
          value={warm ? "warm" : "cold"}
          onChange={(mode) => onChange(withTransferMode(tool, mode))}
          options={modes}
          errors={e("transfer_mode")}
          hint={modeHints[warm ? "warm" : "cold"]}
        />
      </div>
      {warm ? (
        <fieldset className="grid gap-3 rounded border p-2">
          <legend className="px-1 text-sm font-medium">Warm transfer</legend>
          <TextAreaField
            label="Summary spoken to the destination"
            rows={3}
            value={tool.whisper_message ?? ""}
            onChange={(value) => onChange(withTransferText(tool, "whisper_message", value))}
            errors={e("whisper_message")}
            hint="Empty: the model summarizes the call so far. {{variables}} are filled in. Up to 1000 characters."
          />
          <div className="grid gap-3 sm:grid-cols-[1fr_9rem]">
            <TextField
              label="Hold audio URL"
              inputMode="url"
              placeholder="https://"
              value={tool.hold_audio_url ?? ""}
              onChange={(value) => onChange(withTransferText(tool, "hold_audio_url", value))}
              errors={e("hold_audio_url")}
              hint="A WAV (16-bit PCM) the caller hears, looped. Empty: a built-in chime."
            />
            <NumberField
              label="Ring for (seconds)"
              min={5}
              max={120}
              step={1}
              value={tool.transfer_timeout_seconds}
              placeholder={String(DEFAULT_TRANSFER_TIMEOUT_SECONDS)}
              onChange={(seconds) => onChange(withRingTime(tool, seconds))}
              errors={e("transfer_timeout_seconds")}
              hint="5 to 120. Default 30."
            />
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
