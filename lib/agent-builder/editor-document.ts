import type { Edge, Node } from "@xyflow/react";
import type { UpdateAgentInput } from "@/lib/agents/document-schema";
import type { AgentDocument, AgentState } from "@/lib/agents/normalize";
import { layeredLayout } from "./auto-layout";

/** A state as the editor holds it: everything but its transitions (edges) and position (the node's). */
export type EditorStateData = Omit<AgentState, "transitions" | "x_position" | "y_position">;
export type StateNode = Node<{ state: EditorStateData }, "state">;
/** Stands for a state name that transitions (or initial_state_name) refer to but no state has. */
export type MissingStateNode = Node<{ name: string }, "missing">;
export type EditorNode = StateNode | MissingStateNode;
/** A transition; its order among the edges leaving the same state is its order in `transitions`. */
export type TransitionEdge = Edge<{ condition: string; filler_sentence: string }, "transition">;

/** Every agent-level field except the graph. interruptions_sensitivity is kept to show it; PATCH cannot change it. */
export type AgentSettings = Omit<AgentDocument, "states" | "initial_state_name">;

export type EditorDocument = {
  settings: AgentSettings;
  /** A state node, or the missing node of a name no state has. */
  initialNodeId: string;
  nodes: EditorNode[];
  edges: TransitionEdge[];
};

/** Where each state and transition of a serialized body came from, to put the API's errors back on them. */
export type BodyIndex = { states: string[]; transitions: Record<string, string[]> };

export const missingNodeId = (name: string) => `missing:${name}`;
export const isStateNode = (node: EditorNode): node is StateNode => node.type === "state";

/** A document as the API returns it, or any document it accepts (positions, llm and defaults may be absent). */
export type AgentLike = Omit<AgentDocument, "states"> & { states: (Omit<AgentState, "x_position" | "y_position" | "llm"> & Partial<Pick<AgentState, "x_position" | "y_position" | "llm">>)[] };

const agentLevelExtras = ["id", "version", "variables", "created_at", "updated_at"] as const;

export function toEditorDocument(agent: AgentLike): EditorDocument {
  const { states, initial_state_name, ...rest } = agent;
  const settings = { ...rest } as AgentSettings & Partial<Record<(typeof agentLevelExtras)[number], unknown>>;
  for (const key of agentLevelExtras) delete settings[key];

  const idByName = new Map<string, string>();
  const stateNodes: StateNode[] = states.map((state, i) => {
    const id = `state-${i}`;
    if (!idByName.has(state.name)) idByName.set(state.name, id);
    const { transitions: _transitions, x_position, y_position, ...data } = state;
    void _transitions;
    const position = x_position != null && y_position != null ? { x: x_position, y: y_position } : null;
    return { id, type: "state", position: position ?? { x: NaN, y: NaN }, data: { state: { ...data, llm: state.llm ?? null } } };
  });

  const missing = new Map<string, MissingStateNode>();
  const target = (name: string) => {
    const found = idByName.get(name);
    if (found) return found;
    if (!missing.has(name)) missing.set(name, { id: missingNodeId(name), type: "missing", position: { x: NaN, y: NaN }, data: { name } });
    return missingNodeId(name);
  };

  const edges: TransitionEdge[] = [];
  states.forEach((state, i) => {
    state.transitions.forEach((transition, j) => {
      edges.push({
        id: `transition-${i}-${j}`,
        type: "transition",
        source: `state-${i}`,
        target: target(transition.destination_state_name),
        data: { condition: transition.condition, filler_sentence: transition.filler_sentence ?? "" },
      });
    });
  });
  const initialNodeId = target(initial_state_name);
  return placeUnpositioned({ settings, initialNodeId, nodes: [...stateNodes, ...missing.values()], edges });
}

const hasPosition = (node: EditorNode) => Number.isFinite(node.position.x) && Number.isFinite(node.position.y);

/**
 * Gives every node without a position one: a layered layout of the whole graph when no state has a
 * position; otherwise the unplaced ones go in a row below the placed ones, so nothing moves that the
 * author placed. Missing-state nodes go beside the first state that points at them.
 */
export function placeUnpositioned(doc: EditorDocument): EditorDocument {
  if (doc.nodes.every(hasPosition)) return doc;
  const states = doc.nodes.filter(isStateNode);
  const placed = states.filter(hasPosition);
  let positions: Map<string, { x: number; y: number }>;
  if (placed.length === 0) {
    positions = layeredLayout(
      doc.nodes.map((node) => node.id),
      doc.edges,
      doc.initialNodeId,
    );
  } else {
    const bottom = Math.max(...placed.map((node) => node.position.y)) + 200;
    const left = Math.min(...placed.map((node) => node.position.x));
    positions = new Map(states.filter((node) => !hasPosition(node)).map((node, i) => [node.id, { x: left + i * 320, y: bottom }]));
  }
  const nodes = doc.nodes.map((node) => {
    if (hasPosition(node)) return node;
    const position = positions.get(node.id) ?? besideSource(doc, node.id, positions);
    return { ...node, position };
  });
  return { ...doc, nodes };
}

function besideSource(doc: EditorDocument, nodeId: string, positions: Map<string, { x: number; y: number }>) {
  const edge = doc.edges.find((candidate) => candidate.target === nodeId);
  const source = edge && doc.nodes.find((node) => node.id === edge.source);
  const at = source ? (hasPosition(source) ? source.position : positions.get(source.id)) : undefined;
  return at ? { x: at.x + 320, y: at.y + 140 } : { x: 0, y: 0 };
}

export function nodeName(node: EditorNode): string {
  return isStateNode(node) ? node.data.state.name : node.data.name;
}

/** The PATCH body for the document: every field the API accepts (not interruptions_sensitivity), states in node order. */
export function toUpdateBody(doc: EditorDocument): { body: UpdateAgentInput & { states: NonNullable<UpdateAgentInput["states"]> }; index: BodyIndex } {
  const names = new Map(doc.nodes.map((node) => [node.id, nodeName(node)]));
  const stateNodes = doc.nodes.filter(isStateNode);
  const index: BodyIndex = { states: stateNodes.map((node) => node.id), transitions: {} };
  const states = stateNodes.map((node) => {
    const outgoing = doc.edges.filter((edge) => edge.source === node.id);
    index.transitions[node.id] = outgoing.map((edge) => edge.id);
    const { llm, ...state } = node.data.state;
    return {
      ...state,
      ...(llm ? { llm } : {}),
      transitions: outgoing.map((edge) => ({
        condition: edge.data?.condition ?? "",
        destination_state_name: names.get(edge.target) ?? "",
        filler_sentence: edge.data?.filler_sentence ?? "",
      })),
      x_position: node.position.x,
      y_position: node.position.y,
    };
  });
  const { interruptions_sensitivity: _sensitivity, ...settings } = doc.settings;
  void _sensitivity;
  return {
    body: { ...settings, states, initial_state_name: names.get(doc.initialNodeId) ?? "" } as UpdateAgentInput & { states: NonNullable<UpdateAgentInput["states"]> },
    index,
  };
}
