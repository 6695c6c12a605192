import { describe, expect, it } from "vitest";
import { normalizeAgent, type AgentDocument } from "@/lib/agents/normalize";
import { CreateAgentSchema } from "@/lib/agents/document-schema";
import { isStateNode, toEditorDocument, toUpdateBody, type StateNode } from "@/lib/agent-builder/editor-document";
import { addState, connect, deleteElements, moveNode, renameState, setInitialState, autoLayout, NODE_BOX } from "@/lib/agent-builder/editor-actions";
import { LAYER_GAP } from "@/lib/agent-builder/auto-layout";
import { errorsUnder, placeErrors } from "@/lib/agent-builder/validation-errors";
import { minimalAgent, richAgent } from "../helpers/agent-documents";

const documentOf = (input: unknown): AgentDocument => normalizeAgent(CreateAgentSchema.parse(input));
/** What a PATCH of the body would store: the stored document minus the field PATCH cannot send. */
const { interruptions_sensitivity: _ignored, ...richExpected } = documentOf(richAgent());
void _ignored;

function stateNode(doc: ReturnType<typeof toEditorDocument>, name: string): StateNode {
  const node = doc.nodes.find((candidate) => isStateNode(candidate) && candidate.data.state.name === name);
  if (!node || !isStateNode(node)) throw new Error(`no state ${name}`);
  return node;
}

describe("API document → editor graph", () => {
  it("makes a node per state at its position, an edge per transition labelled with its condition, and marks the initial state", () => {
    const doc = toEditorDocument(documentOf(richAgent()));
    const states = doc.nodes.filter(isStateNode);
    expect(states.map((node) => node.data.state.name)).toEqual(["greeting", "confirm", "handover"]);
    expect(stateNode(doc, "greeting").position).toEqual({ x: 100, y: 50.5 });
    expect(stateNode(doc, "confirm").position).toEqual({ x: 400, y: 50 });
    expect(doc.initialNodeId).toBe(stateNode(doc, "greeting").id);
    const edges = doc.edges.map((edge) => ({ from: edge.source, to: edge.target, condition: edge.data?.condition, filler: edge.data?.filler_sentence }));
    expect(edges).toEqual([
      { from: stateNode(doc, "greeting").id, to: stateNode(doc, "confirm").id, condition: "The caller accepted a time", filler: "Great." },
      { from: stateNode(doc, "greeting").id, to: stateNode(doc, "handover").id, condition: "The caller wants a human", filler: "" },
    ]);
  });

  it("keeps every tool type with all its fields in the node", () => {
    const doc = toEditorDocument(documentOf(richAgent()));
    const tools = doc.nodes.filter(isStateNode).flatMap((node) => node.data.state.tools);
    expect(tools.map((tool) => tool.type).sort()).toEqual(["custom_function", "hang_up", "leave_voicemail_message", "transfer_call", "wait"]);
    const fn = tools.find((tool) => tool.type === "custom_function");
    expect(fn).toMatchObject({
      name: "check_availability",
      method: "POST",
      content_type: "json",
      headers: [{ name: "Authorization", value: "Bearer abc", description: "API token" }],
      response_mapping: [
        { json_path_to_data: "$.slots[0].time", destination_variable: "offered_time" },
        { json_path_to_data: "$.reservation_id", destination_variable: "reservation_id" },
      ],
    });
    expect(fn && "parameters" in fn ? fn.parameters.map((p) => Object.keys(p).sort().join(",")) : []).toEqual(["description,name,type", "name,value", "name,value"]);
  });

  it("lays out an agent without positions in layers from the initial state, with no two nodes at one place", () => {
    const input = richAgent();
    for (const state of input.states) {
      delete (state as { x_position?: number }).x_position;
      delete (state as { y_position?: number }).y_position;
    }
    const doc = toEditorDocument(documentOf(input));
    const at = (name: string) => stateNode(doc, name).position;
    expect(at("greeting").x).toBe(0);
    expect(at("confirm").x).toBeGreaterThan(at("greeting").x);
    expect(at("handover").x).toBe(at("confirm").x);
    expect(at("handover").y).not.toBe(at("confirm").y);
    const spots = new Set(doc.nodes.map((node) => `${node.position.x},${node.position.y}`));
    expect(spots.size).toBe(doc.nodes.length);
  });

  it("places unreachable and partly positioned states without moving placed ones", () => {
    const doc = toEditorDocument(
      documentOf({
        name: "Partly placed",
        initial_state_name: "a",
        states: [
          { name: "a", x_position: 10, y_position: 20 },
          { name: "b" },
          { name: "c", x_position: 500, y_position: 300 },
        ],
      }),
    );
    expect(stateNode(doc, "a").position).toEqual({ x: 10, y: 20 });
    expect(stateNode(doc, "c").position).toEqual({ x: 500, y: 300 });
    expect(stateNode(doc, "b").position.y).toBeGreaterThan(300);
  });
});

describe("editor graph → PATCH body", () => {
  it("round-trips a rich document without losing a field the API accepts", () => {
    const { body } = toUpdateBody(toEditorDocument(documentOf(richAgent())));
    // The third state has no position: the editor gives it one below the placed states; nothing else changes.
    const placed = body.states[2];
    expect(placed.y_position).toBeGreaterThan(50.5);
    const expected = { ...richExpected, states: richExpected.states.map((state, i) => (i === 2 ? { ...state, x_position: placed.x_position!, y_position: placed.y_position! } : state)) };
    expect(documentOf({ ...body, interruptions_sensitivity: undefined })).toEqual({ ...expected, interruptions_sensitivity: "medium" });
    expect(body).not.toHaveProperty("interruptions_sensitivity");
    expect(body).not.toHaveProperty("variables");
  });

  it("round-trips a response document (ids, version and variables dropped, null state llm omitted)", () => {
    const response = { ...documentOf(minimalAgent()), id: "x", version: 3, variables: [], created_at: "t", updated_at: "t" };
    const { body } = toUpdateBody(toEditorDocument(response));
    expect(Object.keys(body)).not.toContain("id");
    expect(body.states[0]).not.toHaveProperty("llm");
    expect(() => CreateAgentSchema.parse(body)).not.toThrow();
  });

  it("gives a position-less agent the layout's positions and keeps the rest", () => {
    const doc = toEditorDocument(documentOf(minimalAgent()));
    const { body } = toUpdateBody(doc);
    expect(body.states[0]).toMatchObject({ name: "main", prompt: "Help.", x_position: 0, y_position: 0, transitions: [] });
  });

  it("puts new states in free space: never on top of another state, as near the wanted spot as it can", () => {
    let doc = toEditorDocument(documentOf(richAgent()));
    const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
      Math.abs(a.x - b.x) < NODE_BOX.width + NODE_BOX.margin && Math.abs(a.y - b.y) < NODE_BOX.height + NODE_BOX.margin;
    const taken = doc.nodes[0].position;
    for (let i = 0; i < 6; i++) {
      const added = addState(doc, taken);
      const placed = added.doc.nodes.find((node) => node.id === added.nodeId)!.position;
      for (const other of doc.nodes) expect(overlaps(placed, other.position), `state ${i} at ${JSON.stringify(placed)}`).toBe(false);
      expect(Math.hypot(placed.x - taken.x, placed.y - taken.y)).toBeLessThan(3 * (NODE_BOX.width + NODE_BOX.margin));
      doc = added.doc;
    }
    const far = addState(doc, { x: 5000, y: 5000 });
    expect(far.doc.nodes.find((node) => node.id === far.nodeId)!.position).toEqual({ x: 5000, y: 5000 });
  });

  it("carries edits: a new state, a transition to it, a rename, a move and a new initial state", () => {
    let doc = toEditorDocument(documentOf(richAgent()));
    const added = addState(doc, { x: 700, y: 200 });
    doc = added.doc;
    doc = renameState(doc, added.nodeId, "follow_up");
    const linked = connect(doc, stateNode(doc, "confirm").id, added.nodeId);
    doc = linked.doc;
    doc = { ...doc, edges: doc.edges.map((edge) => (edge.id === linked.edgeId ? { ...edge, data: { condition: "Caller has more", filler_sentence: "Sure." } } : edge)) };
    doc = moveNode(doc, stateNode(doc, "confirm").id, { x: 410.5, y: 60 });
    doc = setInitialState(doc, stateNode(doc, "confirm").id);
    const { body, index } = toUpdateBody(doc);
    expect(body.initial_state_name).toBe("confirm");
    const confirm = body.states.find((state) => state.name === "confirm")!;
    expect(confirm).toMatchObject({ x_position: 410.5, y_position: 60, transitions: [{ condition: "Caller has more", destination_state_name: "follow_up", filler_sentence: "Sure." }] });
    expect(body.states.at(-1)).toMatchObject({ name: "follow_up", x_position: 700, y_position: 200, prompt: "", tools: [], variables: [] });
    expect(index.transitions[stateNode(doc, "confirm").id]).toEqual([linked.edgeId]);
  });

  it("renaming a state keeps the transitions into it pointing at it", () => {
    let doc = toEditorDocument(documentOf(richAgent()));
    doc = renameState(doc, stateNode(doc, "confirm").id, "confirmation");
    const { body } = toUpdateBody(doc);
    expect(body.states[0].transitions?.map((t) => t.destination_state_name)).toEqual(["confirmation", "handover"]);
  });

  it("deleting a state keeps the transitions into it, naming the deleted state, until a state takes the name again", () => {
    let doc = toEditorDocument(documentOf(richAgent()));
    doc = deleteElements(doc, [stateNode(doc, "handover").id]);
    expect(doc.nodes.some((node) => node.type === "missing")).toBe(true);
    let { body } = toUpdateBody(doc);
    expect(body.states.map((state) => state.name)).toEqual(["greeting", "confirm"]);
    expect(body.states[0].transitions?.[1].destination_state_name).toBe("handover");

    doc = addState(doc, { x: 0, y: 0 }, "handover").doc;
    expect(doc.nodes.some((node) => node.type === "missing")).toBe(false);
    ({ body } = toUpdateBody(doc));
    expect(body.states[0].transitions?.[1].destination_state_name).toBe("handover");
  });

  it("shows a transition to an unknown state as an edge to a missing-state node", () => {
    const broken = documentOf(richAgent());
    broken.states[0].transitions[0].destination_state_name = "nowhere";
    const doc = toEditorDocument(broken);
    const missing = doc.nodes.find((node) => node.type === "missing");
    expect(missing?.data).toEqual({ name: "nowhere" });
    expect(doc.edges[0].target).toBe(missing?.id);
    expect(Number.isFinite(missing?.position.x)).toBe(true);
    expect(toUpdateBody(doc).body.states[0].transitions?.[0].destination_state_name).toBe("nowhere");
  });

  it("auto-layout moves every state and keeps the graph", () => {
    const doc = autoLayout(toEditorDocument(documentOf(richAgent())));
    const { body } = toUpdateBody(doc);
    expect(body.states.map((state) => [state.name, state.x_position])).toEqual([
      ["greeting", 0],
      ["confirm", LAYER_GAP],
      ["handover", LAYER_GAP],
    ]);
    expect(body.states[0].transitions).toHaveLength(2);
  });
});

describe("placing the API's errors", () => {
  it("puts agent fields, state fields, transition fields and unknown paths each in their place", () => {
    const doc = toEditorDocument(documentOf(richAgent()));
    const { index } = toUpdateBody(doc);
    const greeting = stateNode(doc, "greeting").id;
    const errors = placeErrors(
      [
        { field: "voice.speed", message: "Too fast" },
        { field: "states[0].tools[0].response_mapping[1].json_path_to_data", message: "Bad path" },
        { field: "states[0].transitions[1].condition", message: "Required" },
        { field: "states[0]", message: "Whole state" },
        { field: "states[9].name", message: "No such state" },
        { field: "body", message: "Malformed" },
      ],
      index,
    );
    expect(errors.settings).toEqual({ "voice.speed": ["Too fast"] });
    expect(errors.states[greeting]).toEqual({ "tools[0].response_mapping[1].json_path_to_data": ["Bad path"], "": ["Whole state"] });
    expect(errorsUnder(errors.states[greeting], "tools[0]")).toEqual(["Bad path"]);
    expect(errors.transitions[doc.edges[1].id]).toEqual({ condition: ["Required"] });
    expect(errors.other.map((problem) => problem.field)).toEqual(["states[9].name", "body"]);
  });

  it("deleting the initial state keeps initial_state_name on the deleted name, so the API names it", () => {
    let doc = toEditorDocument(documentOf(richAgent()));
    doc = deleteElements(doc, [stateNode(doc, "greeting").id]);
    const { body } = toUpdateBody(doc);
    expect(body.initial_state_name).toBe("greeting");
    expect(body.states.map((state) => state.name)).toEqual(["confirm", "handover"]);
  });
});
