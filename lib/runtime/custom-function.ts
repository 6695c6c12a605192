import { query, type JsonValue } from "jsonpath-rfc9535";
import type { CustomFunctionTool } from "@/lib/agents/normalize";
import type { VariableValue } from "@/lib/schemas/call-values";
import type { HttpClient } from "./types";
import { currentValue, displayValue } from "./variable-values";

const MAX_RESPONSE_BYTES = 1024 * 1024;
/** What the model sees of a response body: enough to answer, not enough to flood the context. */
const MAX_BODY_FOR_MODEL = 4000;

export type CustomFunctionOutcome = {
  ok: boolean;
  status: number | null;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: unknown;
  error: string | null;
  /** Values found by response_mapping, per destination variable (paths that match nothing are left out). */
  mapped: { name: string; value: unknown }[];
  /** The request as sent, minus header values (they may hold secrets). */
  request: { method: string; url: string };
};

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const fill = (text: string, values: VariableValue[], encode: (s: string) => string = (s) => s) =>
  text.replace(PLACEHOLDER, (_whole, name: string) => encode(displayValue(currentValue(values, name))));

/** Each parameter's value: from the model's input, or from a variable of the call. */
export function resolveParameters(tool: CustomFunctionTool, modelInput: Record<string, unknown>, values: VariableValue[]): Record<string, unknown> {
  const resolved: Record<string, unknown> = {};
  for (const parameter of tool.parameters) {
    let value: unknown;
    if (parameter.value?.source === "variable") value = currentValue(values, parameter.value.variable);
    else if (parameter.value?.source === "llm_parameter") value = modelInput[parameter.value.llm_parameter.name];
    else value = modelInput[parameter.name];
    if (value !== undefined) resolved[parameter.name] = value;
  }
  return resolved;
}

const asQueryValue = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/**
 * Makes a custom_function's HTTP request: parameters in the query string (url_params, and always for
 * GET) or in a JSON or form body; {{variable}} placeholders filled in the URL and header values; the
 * tool's timeout; then response_mapping's JSONPath expressions pick values for variables.
 */
export async function runCustomFunction(
  tool: CustomFunctionTool,
  modelInput: Record<string, unknown>,
  values: VariableValue[],
  http: HttpClient,
): Promise<CustomFunctionOutcome> {
  const parameters = resolveParameters(tool, modelInput, values);
  const method = tool.method.toUpperCase();
  const url = new URL(fill(tool.url, values, encodeURIComponent));
  const headers: Record<string, string> = {};
  for (const header of tool.headers) headers[header.name.toLowerCase()] = fill(header.value, values);
  let body: string | undefined;
  const inQuery = tool.content_type === "url_params" || method === "GET";
  if (inQuery) {
    for (const [name, value] of Object.entries(parameters)) url.searchParams.append(name, asQueryValue(value));
  } else if (tool.content_type === "form") {
    body = new URLSearchParams(Object.entries(parameters).map(([name, value]) => [name, asQueryValue(value)])).toString();
    headers["content-type"] ??= "application/x-www-form-urlencoded";
  } else {
    body = JSON.stringify(parameters);
    headers["content-type"] ??= "application/json";
  }
  headers.accept ??= "application/json";
  const request = { method, url: url.toString() };

  let status: number;
  let text: string;
  try {
    const response = await http(url.toString(), { method, headers, body, timeoutMs: tool.timeout_ms, maxBodyBytes: MAX_RESPONSE_BYTES, tool: tool.name });
    status = response.status;
    text = response.text();
  } catch (error) {
    return { ok: false, status: null, body: null, error: error instanceof Error ? error.message : String(error), mapped: [], request };
  }
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the text goes to the model as is, and JSONPath finds nothing in it.
  }
  if (status < 200 || status >= 300) {
    return { ok: false, status, body: parsed, error: `The server answered ${status}`, mapped: [], request };
  }
  const mapped: CustomFunctionOutcome["mapped"] = [];
  if (parsed !== null && typeof parsed === "object") {
    for (const mapping of tool.response_mapping) {
      const [first] = query(parsed as JsonValue, mapping.json_path_to_data);
      if (first !== undefined) mapped.push({ name: mapping.destination_variable, value: first });
    }
  }
  return { ok: true, status, body: parsed, error: null, mapped, request };
}

/** What the model is told about the outcome. */
export function outcomeForModel(outcome: CustomFunctionOutcome): unknown {
  const serialized = typeof outcome.body === "string" ? outcome.body : JSON.stringify(outcome.body);
  const body = serialized && serialized.length > MAX_BODY_FOR_MODEL ? `${serialized.slice(0, MAX_BODY_FOR_MODEL)}…` : outcome.body;
  return outcome.ok ? { status: outcome.status, body } : { error: outcome.error, status: outcome.status, body };
}
