import { describe, expect, it } from "vitest";
import { callListPath, callListSearch, readCallListState, validateCallFilters } from "@/components/calls/call-filters";

describe("the calls page's URL state", () => {
  it("reads the API's filters, the page size and the cursor, and writes them back", () => {
    const url = new URLSearchParams("agent_id=a0000000-0000-4000-8000-000000000001&call_type=web_call&from_number=%2B14155550101&limit=100&cursor=2026-11-20T10:00:00.000Z_abc&junk=1");
    const state = readCallListState(url);
    expect(state).toEqual({
      filters: { agent_id: "a0000000-0000-4000-8000-000000000001", call_type: "web_call", from_number: "+14155550101" },
      limit: 100,
      cursor: "2026-11-20T10:00:00.000Z_abc",
    });
    expect(readCallListState(callListSearch(state))).toEqual(state);
  });

  it("falls back to 50 rows for a page size it does not offer, and leaves the default out of the URL", () => {
    const state = readCallListState(new URLSearchParams("limit=7"));
    expect(state.limit).toBe(50);
    expect(callListSearch(state).toString()).toBe("");
    expect(callListPath(state)).toBe("/calls?limit=50");
  });

  it("checks numbers, dates and the range before asking the API", () => {
    expect(validateCallFilters({ from_number: "4155550101", to_number: "+14155550101" })).toEqual({ from_number: expect.stringMatching(/E\.164/) });
    expect(validateCallFilters({ start_time_gt: "2026-11-20T00:00:00Z", start_time_lt: "2026-11-19T00:00:00Z" })).toEqual({
      start_time_lt: "Must be later than the start of the range",
    });
    expect(validateCallFilters({ start_time_gt: "yesterday" })).toEqual({ start_time_gt: "Must be a date and time" });
    expect(validateCallFilters({ agent_id: "nope" })).toEqual({ agent_id: expect.any(String) });
    expect(validateCallFilters({ call_type: "phone_call", start_time_gt: "2026-11-19T00:00:00Z", start_time_lt: "2026-11-20T00:00:00Z" })).toEqual({});
  });
});

describe("the analysis filters of the calls page", () => {
  it("keeps success, sentiment and agent version in the URL and checks them before asking the API", () => {
    const state = readCallListState(new URLSearchParams("agent_id=a0000000-0000-4000-8000-000000000001&agent_version=2&success=failure&sentiment=negative"));
    expect(state.filters).toEqual({ agent_id: "a0000000-0000-4000-8000-000000000001", agent_version: "2", success: "failure", sentiment: "negative" });
    expect(readCallListState(callListSearch(state))).toEqual(state);
    expect(validateCallFilters(state.filters)).toEqual({});
    expect(validateCallFilters({ agent_version: "0" })).toEqual({ agent_version: "A version number, such as 3" });
    expect(validateCallFilters({ agent_version: "2.5" })).toEqual({ agent_version: "A version number, such as 3" });
    expect(validateCallFilters({ success: "maybe" as never, sentiment: "angry" as never })).toEqual({ success: expect.any(String), sentiment: expect.any(String) });
  });
});
