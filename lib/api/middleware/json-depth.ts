/** Deeper than any document the API takes (an agent is about ten levels); deep nesting only exhausts stacks. */
export const MAX_JSON_DEPTH = 32;

/**
 * The path to the first container nested deeper than `maxDepth` (its first `maxDepth` steps), or null.
 * Iterative, so a body nested a million levels deep is measured without recursion.
 */
export function tooDeepPath(value: unknown, maxDepth = MAX_JSON_DEPTH): (string | number)[] | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (path.length >= maxDepth) return path;
    const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((item, index) => [index, item]) : Object.entries(current);
    for (const [key, child] of entries) if (child !== null && typeof child === "object") stack.push({ value: child, path: [...path, key] });
  }
  return null;
}
