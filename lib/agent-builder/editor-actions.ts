import { layeredLayout } from "./auto-layout";
import {
  isStateNode,
  missingNodeId,
  nodeName,
  type EditorDocument,
  type EditorNode,
  type EditorStateData,
  type MissingStateNode,
  type StateNode,
  type TransitionEdge,
} from "./editor-document";

let sequence = 0;
/** Ids new to this document (never reused, so React keys and xyflow's internals stay stable). */
export function freshId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  let id: string;
  do id = `${prefix}-n${++sequence}`;
  while (used.has(id));
  return id;
}

export function emptyState(name: string): EditorStateData {
  return { name, prompt: "", llm: null, tools: [], variables: [], features: { entity_detection: false } };
}

export function uniqueStateName(doc: EditorDocument, base = "new_state"): string {
  const names = new Set(doc.nodes.filter(isStateNode).map((node) => node.data.state.name));
  if (!names.has(base)) return base;
  let n = 2;
  while (names.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}

/** The room a state node takes on the canvas, with a margin so placed nodes never touch. */
export const NODE_BOX = { width: 224, height: 120, margin: 40 };

/**
 * A place for a new node that overlaps no other node: `preferred` when it is free, else the free
 * grid spot nearest to it (rings of growing radius, nearest first).
 */
export function freePosition(nodes: readonly { position: { x: number; y: number } }[], preferred: { x: number; y: number }): { x: number; y: number } {
  const stepX = NODE_BOX.width + NODE_BOX.margin;
  const stepY = NODE_BOX.height + NODE_BOX.margin;
  const free = (x: number, y: number) =>
    nodes.every((node) => Math.abs(node.position.x - x) >= stepX || Math.abs(node.position.y - y) >= stepY);
  for (let ring = 0; ring < 50; ring++) {
    const spots: { x: number; y: number }[] = [];
    for (let dx = -ring; dx <= ring; dx++) {
      for (let dy = -ring; dy <= ring; dy++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) === ring) spots.push({ x: Math.round(preferred.x + dx * stepX), y: Math.round(preferred.y + dy * stepY) });
      }
    }
    spots.sort((a, b) => Math.hypot(a.x - preferred.x, a.y - preferred.y) - Math.hypot(b.x - preferred.x, b.y - preferred.y));
    const spot = spots.find((candidate) => free(candidate.x, candidate.y));
    if (spot) return ring === 0 ? preferred : spot;
  }
  const lowest = Math.max(...nodes.map((node) => node.position.y));
  return { x: Math.round(preferred.x), y: Math.round(lowest + stepY) };
}

/** Adds a state at `position`, moved to the nearest free space when another state is there. */
export function addState(doc: EditorDocument, position: { x: number; y: number }, name = uniqueStateName(doc)): { doc: EditorDocument; nodeId: string } {
  const nodeId = freshId("state", doc.nodes.map((node) => node.id));
  const node: StateNode = { id: nodeId, type: "state", position: freePosition(doc.nodes, position), data: { state: emptyState(name) } };
  return { doc: reconcileMissing({ ...doc, nodes: [...doc.nodes, node] }), nodeId };
}

export function updateState(doc: EditorDocument, nodeId: string, update: (state: EditorStateData) => EditorStateData): EditorDocument {
  const nodes = doc.nodes.map((node) => (node.id === nodeId && isStateNode(node) ? { ...node, data: { state: update(node.data.state) } } : node));
  return reconcileMissing({ ...doc, nodes });
}

export function renameState(doc: EditorDocument, nodeId: string, name: string): EditorDocument {
  return updateState(doc, nodeId, (state) => ({ ...state, name }));
}

export function setInitialState(doc: EditorDocument, nodeId: string): EditorDocument {
  return cleanMissing({ ...doc, initialNodeId: nodeId });
}

export function connect(doc: EditorDocument, source: string, target: string): { doc: EditorDocument; edgeId: string } {
  const edgeId = freshId("transition", doc.edges.map((edge) => edge.id));
  const edge: TransitionEdge = { id: edgeId, type: "transition", source, target, data: { condition: "", filler_sentence: "" } };
  return { doc: { ...doc, edges: [...doc.edges, edge] }, edgeId };
}

export function updateTransition(doc: EditorDocument, edgeId: string, patch: Partial<{ condition: string; filler_sentence: string; target: string }>): EditorDocument {
  const edges = doc.edges.map((edge) => {
    if (edge.id !== edgeId) return edge;
    const { target, ...data } = patch;
    return { ...edge, ...(target ? { target } : {}), data: { condition: "", filler_sentence: "", ...edge.data, ...data } };
  });
  return cleanMissing({ ...doc, edges });
}

/**
 * Deletes states and transitions. A transition from a kept state into a deleted one stays, pointing
 * at the deleted name (a missing-state node), so the author sees what the deletion broke, and the
 * API names it on save; the initial state likewise. Deleting a missing-state node drops what points at it.
 */
export function deleteElements(doc: EditorDocument, nodeIds: Iterable<string>, edgeIds: Iterable<string> = []): EditorDocument {
  const doomed = new Set(nodeIds);
  const doomedEdges = new Set(edgeIds);
  const nodes: EditorNode[] = doc.nodes.filter((node) => !doomed.has(node.id));
  const replacement = new Map<string, string>();
  for (const node of doc.nodes) {
    if (!doomed.has(node.id) || !isStateNode(node)) continue;
    const id = missingNodeId(node.data.state.name);
    replacement.set(node.id, id);
    if (!nodes.some((candidate) => candidate.id === id)) {
      const ghost: MissingStateNode = { id, type: "missing", position: { x: node.position.x, y: node.position.y }, data: { name: node.data.state.name } };
      nodes.push(ghost);
    }
  }
  const edges = doc.edges
    .filter((edge) => !doomedEdges.has(edge.id) && !doomed.has(edge.source))
    .filter((edge) => !(doomed.has(edge.target) && !replacement.has(edge.target)))
    .map((edge) => (replacement.has(edge.target) ? { ...edge, target: replacement.get(edge.target)! } : edge));
  let initialNodeId = doc.initialNodeId;
  if (doomed.has(initialNodeId)) initialNodeId = replacement.get(initialNodeId) ?? (nodes.find(isStateNode)?.id ?? initialNodeId);
  return reconcileMissing({ ...doc, nodes, edges, initialNodeId });
}

/** Points what referred to a missing name back at a state that now has it, then drops unused missing nodes. */
export function reconcileMissing(doc: EditorDocument): EditorDocument {
  const stateByName = new Map<string, string>();
  for (const node of doc.nodes) if (isStateNode(node) && !stateByName.has(node.data.state.name)) stateByName.set(node.data.state.name, node.id);
  const resolved = new Map<string, string>();
  for (const node of doc.nodes) {
    if (node.type !== "missing") continue;
    const stateId = stateByName.get(node.data.name);
    if (stateId) resolved.set(node.id, stateId);
  }
  if (resolved.size === 0) return cleanMissing(doc);
  return cleanMissing({
    ...doc,
    nodes: doc.nodes.filter((node) => !resolved.has(node.id)),
    edges: doc.edges.map((edge) => (resolved.has(edge.target) ? { ...edge, target: resolved.get(edge.target)! } : edge)),
    initialNodeId: resolved.get(doc.initialNodeId) ?? doc.initialNodeId,
  });
}

function cleanMissing(doc: EditorDocument): EditorDocument {
  const used = new Set([doc.initialNodeId, ...doc.edges.map((edge) => edge.target)]);
  const nodes = doc.nodes.filter((node) => isStateNode(node) || used.has(node.id));
  return nodes.length === doc.nodes.length ? doc : { ...doc, nodes };
}

export function moveNode(doc: EditorDocument, nodeId: string, position: { x: number; y: number }): EditorDocument {
  return { ...doc, nodes: doc.nodes.map((node) => (node.id === nodeId ? { ...node, position } : node)) };
}

/** Lays the whole graph out again from the initial state (the auto-layout button). */
export function autoLayout(doc: EditorDocument): EditorDocument {
  const positions = layeredLayout(
    doc.nodes.map((node) => node.id),
    doc.edges,
    doc.initialNodeId,
  );
  return { ...doc, nodes: doc.nodes.map((node) => ({ ...node, position: positions.get(node.id) ?? node.position })) };
}

export function stateNames(doc: EditorDocument): string[] {
  return doc.nodes.filter(isStateNode).map(nodeName);
}
