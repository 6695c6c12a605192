import { describe, expect, it } from "vitest";
import { draftMetadata } from "@/components/calls/metadata-edit";

// RFC 7396, Appendix A: target, patch, result.
const rfcExamples: [unknown, unknown, unknown][] = [
  [{ a: "b" }, { a: "c" }, { a: "c" }],
  [{ a: "b" }, { b: "c" }, { a: "b", b: "c" }],
  [{ a: "b" }, { a: null }, {}],
  [{ a: "b", b: "c" }, { a: null }, { b: "c" }],
  [{ a: ["b"] }, { a: "c" }, { a: "c" }],
  [{ a: "c" }, { a: ["b"] }, { a: ["b"] }],
  [{ a: { b: "c" } }, { a: { b: "d", c: null } }, { a: { b: "d" } }],
  [{ a: [{ b: "c" }] }, { a: [1] }, { a: [1] }],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

describe("the metadata editor's preview", () => {
  it.each(rfcExamples)("merge of %j with %j gives RFC 7396's result", (target, patch, expected) => {
    const draft = draftMetadata(target as Record<string, unknown>, JSON.stringify(patch), "merge");
    expect(draft).toMatchObject({ ok: true, result: expected });
  });

  it("merge leaves the current metadata object untouched", () => {
    const current = { a: { b: 1 }, keep: true };
    draftMetadata(current, '{"a": {"b": null, "c": 2}}', "merge");
    expect(current).toEqual({ a: { b: 1 }, keep: true });
  });

  it("override replaces everything and keeps null values", () => {
    const draft = draftMetadata({ a: 1, b: { c: 2 } }, '{"b": null, "d": "x"}', "override");
    expect(draft).toEqual({ ok: true, patch: { b: null, d: "x" }, result: { b: null, d: "x" } });
  });

  it("refuses text that is not JSON, naming the problem", () => {
    const draft = draftMetadata({}, '{"a": 1,}', "merge");
    expect(draft.ok).toBe(false);
    if (!draft.ok) expect(draft.error).toMatch(/^Not valid JSON: /);
  });

  it.each([
    ["[1, 2]", "an array"],
    ["null", "null"],
    ['"text"', "a string"],
    ["42", "a number"],
  ])("refuses %s: metadata must be an object, not %s", (text, what) => {
    expect(draftMetadata({}, text, "override")).toEqual({ ok: false, error: `Metadata must be a JSON object ({ … }), not ${what}` });
  });

  it("refuses an empty editor", () => {
    expect(draftMetadata({ a: 1 }, "   ", "merge").ok).toBe(false);
  });
});
