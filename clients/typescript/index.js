import createClient from "openapi-fetch";

/**
 * A typed client of the Voice Agent Calling Service API: every path, parameter, body and answer is
 * typed from the OpenAPI document (schema.d.ts). `baseUrl` is the deployment (`https://voice.example.com`).
 */
export function createVoiceAgentClient({ baseUrl, apiKey, headers, ...options }) {
  const merged = new Headers(headers);
  merged.set("X-Api-Key", apiKey);
  return createClient({ ...options, baseUrl: baseUrl.replace(/\/+$/, ""), headers: merged });
}
