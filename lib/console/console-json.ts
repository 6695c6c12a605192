import "server-only";
import type { z } from "zod";
import { zodIssuesToDetails } from "@/lib/utils/zod-issue-details";
import { ValidationError } from "@/lib/utils/domain-errors";

/** A success answer in the API's envelope shape. */
export function consoleOk<T>(data: T, message: string, status = 200): Response {
  return Response.json({ data, message, error: null, status }, { status, headers: { "cache-control": "no-store" } });
}

/** The request's JSON body checked against `schema`; a 400 envelope naming each field otherwise. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ValidationError("The body must be JSON", [{ field: "body", message: "Malformed JSON" }]);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const details = zodIssuesToDetails(parsed.error.issues);
    throw new ValidationError(details.map((d) => `${d.field}: ${d.message}`).join("; "), details);
  }
  return parsed.data;
}
