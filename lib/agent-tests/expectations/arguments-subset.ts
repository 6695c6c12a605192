/** Whether `actual` holds everything `expected` does: objects as a subset, recursively; arrays element by element, same length; values exactly. */
export function isSubset(expected: unknown, actual: unknown): boolean {
  if (expected === null || typeof expected !== "object") return Object.is(expected, actual) || (typeof expected === "number" && expected === actual);
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, index) => isSubset(item, actual[index]));
  }
  if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
  return Object.entries(expected).every(([key, value]) => key in actual && isSubset(value, (actual as Record<string, unknown>)[key]));
}
