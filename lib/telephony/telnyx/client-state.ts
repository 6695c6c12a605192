/**
 * Telnyx carries `client_state` (base64, set by our commands) on every later webhook and in the
 * media stream's `start`: we put our call id, the stream's parameters and the leg's purpose there.
 */
export type TelnyxClientState = {
  call_id?: string;
  /** "transfer": the second leg of a transfer; "warm": a warm transfer's call to the destination; "farewell": an unknown number hearing a message. */
  leg?: "transfer" | "warm" | "farewell";
  to?: string;
  /** Parameters for the media stream (e.g. a one-time token). */
  stream?: Record<string, string>;
};

export function encodeClientState(state: TelnyxClientState): string {
  return Buffer.from(JSON.stringify(state), "utf8").toString("base64");
}

export function decodeClientState(value: unknown): TelnyxClientState | null {
  if (typeof value !== "string" || value === "") return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as TelnyxClientState) : null;
  } catch {
    return null;
  }
}
