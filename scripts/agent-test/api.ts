import { createVoiceAgentClient, type VoiceAgentClient } from "../../clients/typescript/index.js";
import type { components } from "../../clients/typescript/schema";

// The CLI talks to the service only through the generated typed client (clients/typescript), the
// way a user's own scripts do.

export type AgentTest = components["schemas"]["AgentTest"];
export type TestInput = components["schemas"]["CreateAgentTestRequest"];
export type TestRun = components["schemas"]["TestRun"];
export type TestResult = components["schemas"]["TestResult"];

/** A usage or connection problem: the CLI exits 2. */
export class UsageError extends Error {}

type ErrorEnvelope = { message?: string; error?: { type?: string; details?: { field: string; message: string }[] } | null };

/** The API's refusal in words, with each detail on a line of its own. */
export function describeRefusal(status: number, body: unknown): string {
  const envelope = (body ?? {}) as ErrorEnvelope;
  const details = (envelope.error?.details ?? []).map((detail) => `\n  ${detail.field}: ${detail.message}`).join("");
  return `${status} ${envelope.error?.type ?? "error"}: ${envelope.message ?? "no message"}${details}`;
}

export function connect(baseUrl: string, apiKey: string): VoiceAgentClient {
  return createVoiceAgentClient({ baseUrl, apiKey });
}

/** Runs one request; a network failure or an authentication/permission refusal is a connection problem (exit 2). */
export async function call<T>(what: string, request: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<{ data?: T; error?: unknown; status: number }> {
  let outcome;
  try {
    outcome = await request();
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    throw new UsageError(`Cannot reach the service to ${what}: ${error instanceof Error ? error.message : String(error)}${cause}`);
  }
  const status = outcome.response.status;
  if (status === 401 || status === 403) throw new UsageError(`The service refused the API key (${describeRefusal(status, outcome.error)})`);
  return { data: outcome.data, error: outcome.error, status };
}
