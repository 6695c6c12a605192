import type { AgentDocument, AgentState } from "@/lib/agents/normalize";
import type { VariableValue } from "@/lib/schemas/call-values";
import type { KnowledgeChunk } from "./types";
import { displayValue } from "./variable-values";

const REFERENCE = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** A state's prompt with {{variable}} replaced by its value ("" while unknown) and {{tool}} by the function's name. */
export function fillPrompt(prompt: string, values: VariableValue[], toolNames: Set<string>): string {
  return prompt.replace(REFERENCE, (_whole, name: string) => {
    if (toolNames.has(name)) return name;
    return displayValue(values.find((value) => value.name === name)?.value);
  });
}

function knowledgeSection(chunks: KnowledgeChunk[]): string {
  if (chunks.length === 0) return "";
  const excerpts = chunks.map((chunk, i) => `[${i + 1}] (source: ${chunk.source_title ?? chunk.source_id}, part ${chunk.position + 1})\n${chunk.content}`);
  return [
    "## Knowledge",
    "Excerpts from the organization's knowledge base that may answer the caller. Use them when relevant and say which source the answer comes from; do not invent facts they do not contain.",
    ...excerpts,
  ].join("\n\n");
}

/** The system prompt of one model call: base prompt, the state's prompt, known values, retrieved knowledge. */
export function buildSystemPrompt(input: {
  agent: AgentDocument;
  state: AgentState;
  values: VariableValue[];
  toolNames: Set<string>;
  knowledge: KnowledgeChunk[];
}): string {
  const { agent, state, values } = input;
  const known = values.filter((entry) => entry.value !== undefined && entry.value !== null && entry.value !== "");
  const sections = [
    agent.base_prompt.trim(),
    state.prompt.trim() ? `## Current step: ${state.name}\n${fillPrompt(state.prompt, values, input.toolNames).trim()}` : `## Current step: ${state.name}`,
    known.length ? `## Known values\n${known.map((entry) => `- ${entry.name}: ${displayValue(entry.value)}`).join("\n")}` : "",
    knowledgeSection(input.knowledge),
    `## Speaking\nYou are on a voice call in ${agent.language}. Answer in short spoken sentences, without markdown or lists.`,
  ];
  return sections.filter(Boolean).join("\n\n");
}
