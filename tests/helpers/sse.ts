export type SseEvent = { id?: string; event: string; data: unknown };

/** Parses a server-sent events body (comments ignored, data lines joined, JSON data decoded). */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let id: string | undefined;
    let event = "message";
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "id") id = value;
      else if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
    if (data.length === 0) continue;
    const raw = data.join("\n");
    let parsed: unknown = raw;
    try {
      parsed = JSON.parse(raw);
    } catch {
      // plain text data
    }
    events.push({ ...(id ? { id } : {}), event, data: parsed });
  }
  return events;
}

/** Reads a streamed SSE response until `done` says so (or the stream ends), then cancels it. */
export async function readSseUntil(response: Response, done: (events: SseEvent[]) => boolean, timeoutMs = 10_000): Promise<SseEvent[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const next = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(1, deadline - Date.now())))]);
      if (next === null || next.done) break;
      text += decoder.decode(next.value, { stream: true });
      if (done(parseSse(text))) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return parseSse(text);
}
