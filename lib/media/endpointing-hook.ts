import type { HttpClient } from "@/lib/runtime/types";
import { ENDPOINTING_TIMEOUT_MS, type EndpointingDecision, type EndpointingHook } from "./session/media-session";

const MAX_WAIT_MS = 10_000;

/** The answer's shape: `{end_of_turn: boolean, wait_ms?: number}`; anything else is no answer. */
export function parseEndpointingAnswer(body: string): EndpointingDecision | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const { end_of_turn: ended, wait_ms: waitMs } = value as Record<string, unknown>;
  if (typeof ended !== "boolean") return null;
  if (waitMs === undefined || waitMs === null) return { end_of_turn: ended };
  if (typeof waitMs !== "number" || !Number.isFinite(waitMs) || waitMs < 0) return null;
  return { end_of_turn: ended, wait_ms: Math.min(MAX_WAIT_MS, Math.round(waitMs)) };
}

/**
 * An agent's `end_of_turn.endpointing_url` as the media session's hook: POSTs
 * `{transcript, silence_ms, call_id}` through the outbound client (customer URLs: public addresses
 * only unless allowed) with a 150 ms limit over the whole exchange; a late, failed or malformed
 * answer is null, and the built-in rule decides.
 */
export function endpointingHook(http: HttpClient, url: string, callId: string): EndpointingHook {
  return async ({ transcript, silence_ms }) => {
    try {
      const response = await http(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ transcript, silence_ms, call_id: callId }),
        timeoutMs: ENDPOINTING_TIMEOUT_MS,
        maxBodyBytes: 4096,
      });
      if (response.status < 200 || response.status >= 300) return null;
      return parseEndpointingAnswer(response.text());
    } catch {
      return null;
    }
  };
}
