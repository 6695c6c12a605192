import type { VoiceApiErrorDetail } from "@/lib/voice-api/errors";

/** A JSON answer in the API's envelope shape, for failures the BFF decides itself. */
export function consoleErrorResponse(status: number, type: string, message: string, details: VoiceApiErrorDetail[] = []): Response {
  return Response.json(
    { data: null, message, error: { type, message, status, details, request_id: null }, status },
    { status, headers: { "cache-control": "no-store" } },
  );
}

export const unauthenticated = () => consoleErrorResponse(401, "authentication_error", "You are not signed in: sign in to the studio and try again");

export const forbidden = (role: string, needed: string) =>
  consoleErrorResponse(403, "permission_error", `Your role in this organization (${role}) cannot do this: it needs ${needed} or above`);
