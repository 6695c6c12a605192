import { readFile } from "node:fs/promises";
import { parse } from "yaml";
import { UsageError, type TestInput } from "./api";

/**
 * The tests a file holds: a YAML or JSON list in the API's test shape (or `{tests: [...]}`), each with
 * a unique `name`. JSON is YAML, so one parser reads both.
 */
export async function readTestFile(file: string): Promise<TestInput[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not valid YAML or JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const list = Array.isArray(parsed) ? parsed : parsed && typeof parsed === "object" && Array.isArray((parsed as { tests?: unknown }).tests) ? (parsed as { tests: unknown[] }).tests : null;
  if (!list) throw new UsageError(`${file} must hold a list of tests (or {tests: [...]})`);
  const seen = new Set<string>();
  list.forEach((test, index) => {
    if (!test || typeof test !== "object" || typeof (test as { name?: unknown }).name !== "string" || !(test as { name: string }).name.trim()) {
      throw new UsageError(`${file}: test ${index + 1} has no name (tests are matched by name)`);
    }
    const name = (test as { name: string }).name.trim();
    if (seen.has(name)) throw new UsageError(`${file}: two tests are named "${name}" (tests are matched by name)`);
    seen.add(name);
  });
  return list as TestInput[];
}
