type Json = unknown;

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** RFC 7396: objects merge recursively, `null` removes a key, anything else replaces. */
export function applyMergePatch(target: Json, patch: Json): Json {
  if (!isPlainObject(patch)) return patch;
  const result: Record<string, Json> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}
