export type StreamedEvent = { id: string | null; event: string; data: string };

/** Reads server-sent events from a fetch response body (the turn POST; EventSource cannot POST). */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamedEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "");
      let id: string | null = null;
      let event = "message";
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        const content = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "id") id = content;
        else if (field === "event") event = content;
        else if (field === "data") data.push(content);
      }
      if (data.length) yield { id, event, data: data.join("\n") };
    }
  }
}
