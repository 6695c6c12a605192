import { E164_MESSAGE, E164_PATTERN } from "@/lib/schemas/phone-number-format";
import {
  CALL_ANSWER_TYPES,
  CALL_CARRIERS,
  CALL_END_REASONS,
  CALL_FILTER_KEYS,
  CALL_SENTIMENTS,
  CALL_STATUSES,
  CALL_SUCCESS_VERDICTS,
  type CallFilters,
} from "@/lib/voice-api/calls";

/** The longest transcript search the API takes. */
export const MAX_SEARCH_LENGTH = 200;

export const PAGE_SIZES = [25, 50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** What the calls page's URL holds: the API's own filter parameters, the page size and the cursor. */
export type CallListState = { filters: CallFilters; limit: number; cursor?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Params = { get(name: string): string | null };

export function readCallListState(params: Params): CallListState {
  const filters: CallFilters = {};
  for (const key of CALL_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) (filters as Record<string, string>)[key] = value;
  }
  const limit = Number(params.get("limit"));
  return {
    filters,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    cursor: params.get("cursor") || undefined,
  };
}

/** The page's query string; also the /v1 query (the default page size is left out of the URL). */
export function callListSearch(state: CallListState): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of CALL_FILTER_KEYS) {
    const value = state.filters[key];
    if (value) search.set(key, value);
  }
  if (state.limit !== DEFAULT_PAGE_SIZE) search.set("limit", String(state.limit));
  if (state.cursor) search.set("cursor", state.cursor);
  return search;
}

/** The /v1 path of one list page. */
export function callListPath(state: CallListState): string {
  const search = callListSearch(state);
  search.set("limit", String(state.limit));
  return `/calls?${search}`;
}

export type FilterErrors = Partial<Record<keyof CallFilters, string>>;

/** The checks the API makes on the filters, made in the browser first so the message is next to the field. */
export function validateCallFilters(filters: CallFilters): FilterErrors {
  const errors: FilterErrors = {};
  if (filters.agent_id && !UUID.test(filters.agent_id)) errors.agent_id = "Must be an agent of your organization";
  if (filters.call_type && filters.call_type !== "phone_call" && filters.call_type !== "web_call") errors.call_type = "Must be phone_call or web_call";
  if (filters.status && !(CALL_STATUSES as readonly string[]).includes(filters.status)) errors.status = "Choose a status from the list";
  if (filters.end_reason && !(CALL_END_REASONS as readonly string[]).includes(filters.end_reason)) errors.end_reason = "Choose an end reason from the list";
  if (filters.answer_type && !(CALL_ANSWER_TYPES as readonly string[]).includes(filters.answer_type)) errors.answer_type = "Choose who answered from the list";
  if (filters.carrier && !(CALL_CARRIERS as readonly string[]).includes(filters.carrier)) errors.carrier = "Choose a carrier from the list";
  if (filters.success && !(CALL_SUCCESS_VERDICTS as readonly string[]).includes(filters.success)) errors.success = "Choose a verdict from the list";
  if (filters.sentiment && !(CALL_SENTIMENTS as readonly string[]).includes(filters.sentiment)) errors.sentiment = "Choose a sentiment from the list";
  if (filters.agent_version && !/^[1-9]\d{0,8}$/.test(filters.agent_version)) errors.agent_version = "A version number, such as 3";
  if (filters.search && filters.search.length > MAX_SEARCH_LENGTH) errors.search = `Search for at most ${MAX_SEARCH_LENGTH} characters`;
  for (const key of ["from_number", "to_number"] as const) {
    const value = filters[key];
    if (value && !E164_PATTERN.test(value)) errors[key] = E164_MESSAGE;
  }
  for (const key of ["start_time_gt", "start_time_lt"] as const) {
    const value = filters[key];
    if (value && Number.isNaN(Date.parse(value))) errors[key] = "Must be a date and time";
  }
  if (!errors.start_time_gt && !errors.start_time_lt && filters.start_time_gt && filters.start_time_lt) {
    if (Date.parse(filters.start_time_gt) >= Date.parse(filters.start_time_lt)) errors.start_time_lt = "Must be later than the start of the range";
  }
  return errors;
}

/** `<input type="datetime-local">` value (local time, minutes) of an ISO instant, and back. */
export function isoToLocalInput(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
