import type { BuiltInTool } from "@/lib/agents/normalize";

export const warmOnlyFields = ["hold_audio_url", "whisper_message", "transfer_timeout_seconds"] as const;
export const DEFAULT_TRANSFER_TIMEOUT_SECONDS = 30;

type TextKey = "transfer_phone_number" | "hold_audio_url" | "whisper_message";

const without = <K extends keyof BuiltInTool>(tool: BuiltInTool, keys: readonly K[]): BuiltInTool => {
  const next = { ...tool };
  for (const key of keys) delete next[key];
  return next;
};

/**
 * The tool with its transfer mode set, as the API wants it: warm brings the ring time (its default,
 * as the server would store it); cold is the default, so it is left out, and so are the warm-only
 * fields (the API refuses them on a cold transfer).
 */
export function withTransferMode(tool: BuiltInTool, mode: "cold" | "warm"): BuiltInTool {
  if (mode === "cold") return without(tool, ["transfer_mode", ...warmOnlyFields]);
  return { ...tool, transfer_mode: "warm", transfer_timeout_seconds: tool.transfer_timeout_seconds ?? DEFAULT_TRANSFER_TIMEOUT_SECONDS };
}

/** An optional text field: blank means absent (the API's default), never "". */
export function withTransferText(tool: BuiltInTool, key: TextKey, value: string): BuiltInTool {
  return value.trim() === "" ? without(tool, [key]) : { ...tool, [key]: value };
}

/** The ring time; cleared, it is left out and the server stores its default (30). */
export function withRingTime(tool: BuiltInTool, seconds: number | undefined): BuiltInTool {
  return seconds === undefined || Number.isNaN(seconds) ? without(tool, ["transfer_timeout_seconds"]) : { ...tool, transfer_timeout_seconds: seconds };
}
