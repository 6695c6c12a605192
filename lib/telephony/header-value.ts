import type { WebhookRequest } from "./carrier";

/** A request header, case-insensitively, from a Fetch `Headers` or a Node-style header object. */
export function headerValue(headers: WebhookRequest["headers"], name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
  }
  return null;
}
