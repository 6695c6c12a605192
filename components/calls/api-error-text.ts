import { isVoiceApiError } from "@/lib/voice-api/errors";

/** The API's message, with the fields it names ("Invalid request: 2 problems" alone says too little). */
export function apiErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (!isVoiceApiError(error) || error.details.length === 0) return error.message;
  return `${error.message} — ${error.details.map((detail) => (detail.field ? `${detail.field}: ${detail.message}` : detail.message)).join("; ")}`;
}
