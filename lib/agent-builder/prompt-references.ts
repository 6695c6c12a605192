import { builtInToolTypes } from "@/lib/agents/document-schema";
import type { AgentTool, AgentVariable } from "@/lib/agents/normalize";
import { agentVariables } from "@/lib/agents/variables";

/** The same reference syntax the API checks (lib/agents/graph-rules). */
const REFERENCE = /\{\{\s*([^{}\s]+)\s*\}\}/g;

export type Suggestion = { name: string; kind: "tool" | "variable"; detail: string };
export type Reference = { name: string; start: number; end: number; known: boolean };

export function toolReferenceName(tool: AgentTool): string {
  return tool.type === "custom_function" ? tool.name : tool.type;
}

/** What a prompt of this state may name: its tools, then every variable of the agent (call variables included). */
export function suggestionsFor(
  stateTools: AgentTool[],
  allStates: { tools: AgentTool[]; variables: AgentVariable[] }[],
): Suggestion[] {
  const tools = stateTools
    .filter((tool) => tool.type !== "custom_function" || tool.name)
    .map((tool) => ({
      name: toolReferenceName(tool),
      kind: "tool" as const,
      detail: tool.type === "custom_function" ? tool.description || "Custom function" : (builtInToolTypes as readonly string[]).includes(tool.type) ? "Built-in tool" : tool.type,
    }));
  const variables = agentVariables({ states: allStates as Parameters<typeof agentVariables>[0]["states"] })
    .filter((variable) => variable.name)
    .map((variable) => ({ name: variable.name, kind: "variable" as const, detail: variable.description || variable.type }));
  const seen = new Set<string>();
  return [...tools, ...variables].filter((suggestion) => !seen.has(suggestion.name) && seen.add(suggestion.name));
}

export function promptReferences(prompt: string, known: Iterable<string>): Reference[] {
  const names = new Set(known);
  return [...prompt.matchAll(REFERENCE)].map((match) => ({
    name: match[1],
    start: match.index,
    end: match.index + match[0].length,
    known: names.has(match[1]),
  }));
}

/** When the caret follows an unclosed `{{partial`, what is typed and where the reference starts. */
export function completionQuery(text: string, caret: number): { query: string; start: number } | null {
  const match = /\{\{\s*([A-Za-z0-9_]*)$/.exec(text.slice(0, caret));
  return match ? { query: match[1], start: match.index } : null;
}

/** Replaces `{{partial` before the caret by `{{name}}` (eating a `}}` already there), caret after it. */
export function applyCompletion(text: string, start: number, caret: number, name: string): { text: string; caret: number } {
  const after = text.slice(caret).replace(/^[A-Za-z0-9_]*\s*\}\}/, "");
  const inserted = `{{${name}}}`;
  return { text: text.slice(0, start) + inserted + after, caret: start + inserted.length };
}

export function filterSuggestions(suggestions: Suggestion[], query: string): Suggestion[] {
  const q = query.toLowerCase();
  return suggestions.filter((suggestion) => suggestion.name.toLowerCase().includes(q)).sort((a, b) => Number(!a.name.toLowerCase().startsWith(q)) - Number(!b.name.toLowerCase().startsWith(q)));
}
