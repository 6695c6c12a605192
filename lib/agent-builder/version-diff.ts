export type Change = { path: string; kind: "added" | "removed" | "changed"; before?: unknown; after?: unknown };

/** Fields that change with every version or are derived, so they would only add noise. */
const IGNORED = new Set(["id", "version", "created_at", "updated_at", "variables"]);

function flatten(value: unknown, path: string, into: Map<string, unknown>) {
  if (Array.isArray(value)) {
    if (value.length === 0) into.set(path, []);
    value.forEach((item, i) => flatten(item, `${path}[${i}]`, into));
  } else if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0 && path) into.set(path, {});
    for (const [key, item] of entries) {
      if (!path && IGNORED.has(key)) continue;
      flatten(item, path ? `${path}.${key}` : key, into);
    }
  } else {
    into.set(path, value);
  }
}

/** Leaf-by-leaf changes from one agent version to another, in the order of the newer document. */
export function diffDocuments(before: unknown, after: unknown): Change[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before, "", a);
  flatten(after, "", b);
  const changes: Change[] = [];
  for (const [path, value] of b) {
    if (!a.has(path)) changes.push({ path, kind: "added", after: value });
    else if (JSON.stringify(a.get(path)) !== JSON.stringify(value)) changes.push({ path, kind: "changed", before: a.get(path), after: value });
  }
  for (const [path, value] of a) if (!b.has(path)) changes.push({ path, kind: "removed", before: value });
  return changes;
}
