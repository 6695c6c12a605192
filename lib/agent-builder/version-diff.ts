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

export type WordPart = { text: string; kind: "same" | "added" | "removed" };

/**
 * Word by word, what changed from `before` to `after` (longest common subsequence of words and the
 * spaces between them): words are never split, so "find_slot" stays one word.
 */
export function wordDiff(before: string, after: string): WordPart[] {
  const a = before.split(/(\s+)/).filter(Boolean);
  const b = after.split(/(\s+)/).filter(Boolean);
  // Prompts are at most a few thousand words; past that, whole values are compared.
  if (a.length * b.length > 4_000_000) return [{ text: before, kind: "removed" }, { text: after, kind: "added" }];
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const parts: WordPart[] = [];
  const push = (text: string, kind: WordPart["kind"]) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += text;
    else parts.push({ text, kind });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push(a[i], "same");
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) push(a[i++], "removed");
    else push(b[j++], "added");
  }
  return parts;
}
