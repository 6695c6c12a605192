import { applyMergePatch } from "@/lib/utils/json-merge-patch";

export type MetadataMode = "merge" | "override";

export type MetadataDraft =
  | { ok: true; patch: Record<string, unknown>; result: Record<string, unknown> }
  | { ok: false; error: string };

/**
 * Reads the editor's text and computes what the call's metadata becomes on save, as the API computes
 * it: merge is JSON Merge Patch (RFC 7396, the same function the API runs: objects merge
 * recursively, null removes a key); override replaces the whole object, null values kept.
 */
export function draftMetadata(current: Record<string, unknown>, text: string, mode: MetadataMode): MetadataDraft {
  if (!text.trim()) return { ok: false, error: "Enter a JSON object, such as {\"crm_id\": \"A-42\"}" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: `Metadata must be a JSON object ({ … }), not ${Array.isArray(parsed) ? "an array" : parsed === null ? "null" : `a ${typeof parsed}`}` };
  }
  const patch = parsed as Record<string, unknown>;
  const result = mode === "override" ? patch : (applyMergePatch(current, patch) as Record<string, unknown>);
  return { ok: true, patch, result };
}

export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);
