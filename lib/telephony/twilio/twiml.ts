const declaration = '<?xml version="1.0" encoding="UTF-8"?>';

/** Escapes text and attribute values; drops characters XML 1.0 cannot carry at all. */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join("");
}

/**
 * A bidirectional stream to us. Twilio refuses a query string on the stream URL, so values travel
 * as `<Parameter>`s and come back in the `start` frame's `customParameters`.
 */
export function connectStreamTwiml(input: { url: string; parameters: Record<string, string>; statusCallback?: string }): string {
  const url = new URL(input.url);
  if (url.search || url.hash) throw new Error("a Twilio <Stream> url cannot carry a query string; pass values as parameters");
  if (url.protocol !== "wss:" && url.protocol !== "ws:") throw new Error("a Twilio <Stream> url must be a WebSocket URL (wss://)");
  const parameters = Object.entries(input.parameters)
    .map(([name, value]) => `<Parameter${attributes({ name, value })}/>`)
    .join("");
  const stream = attributes({ url: input.url, statusCallback: input.statusCallback, statusCallbackMethod: input.statusCallback ? "POST" : undefined });
  return `${declaration}<Response><Connect><Stream${stream}>${parameters}</Stream></Connect></Response>`;
}

/** Dials a number and bridges the caller to it; the outcome is posted to `action`. */
export function dialTwiml(input: { to: string; action: string; callerId?: string; timeoutSeconds?: number }): string {
  const dial = attributes({ action: input.action, method: "POST", callerId: input.callerId, timeout: input.timeoutSeconds });
  return `${declaration}<Response><Dial${dial}><Number>${escapeXml(input.to)}</Number></Dial></Response>`;
}

/**
 * Joins a conference named for our call: how two live Twilio calls are bridged (a warm transfer's caller
 * and destination). Either leaving ends it for both; no beep, and it starts as soon as the first is in.
 */
export function conferenceTwiml(name: string): string {
  const conference = attributes({ startConferenceOnEnter: "true", endConferenceOnExit: "true", beep: "false" });
  return `${declaration}<Response><Dial><Conference${conference}>${escapeXml(name)}</Conference></Dial></Response>`;
}

/** Says a short message, then hangs up. */
export function sayAndHangUpTwiml(message: string): string {
  return `${declaration}<Response><Say>${escapeXml(message)}</Say><Hangup/></Response>`;
}

/** Nothing more to do (a status callback's answer; after a `<Dial>`, the call ends). */
export function emptyTwiml(): string {
  return `${declaration}<Response/>`;
}

/** Refuses the call before answering it: the caller hears a busy signal (and nothing is billed). */
export function rejectBusyTwiml(): string {
  return `${declaration}<Response><Reject reason="busy"/></Response>`;
}
