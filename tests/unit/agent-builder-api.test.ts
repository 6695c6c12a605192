import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStateNode, toEditorDocument, toUpdateBody, type EditorDocument } from "@/lib/agent-builder/editor-document";
import { deleteElements, updateState } from "@/lib/agent-builder/editor-actions";
import { placeErrors } from "@/lib/agent-builder/validation-errors";
import { agentTemplates } from "@/lib/agent-builder/templates";
import { changedRows, errorsByRow, itemFromRow, rowFromQuestion, type QuestionRow } from "@/lib/agent-builder/question-rows";
import { diffDocuments } from "@/lib/agent-builder/version-diff";
import type { Agent } from "@/lib/voice-api/agents";
import type { PostCallQuestion, UpsertResult } from "@/lib/voice-api/post-call-questions";
import { richAgent } from "../helpers/agent-documents";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let apiKey: string;

beforeAll(async () => {
  api = await createTestApi();
  ({ apiKey } = await api.createOrganization("Builder"));
});
afterAll(async () => api?.close());

async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T; details: { field: string; message: string }[] }> {
  const response = await api.request(method, path, { apiKey, body });
  const json = (await response.json()) as { data: T; error: { details: { field: string; message: string }[] } | null };
  return { status: response.status, data: json.data, details: json.error?.details ?? [] };
}

const nodeOf = (doc: EditorDocument, name: string) => doc.nodes.find((node) => isStateNode(node) && node.data.state.name === name)!;

describe("templates", () => {
  for (const template of agentTemplates) {
    it(`"${template.title}" is accepted by the API, with its post-call questions`, async () => {
      const created = await call<Agent>("POST", "/v1/agents", template.agent(`${template.title} test`));
      expect(created.details).toEqual([]);
      expect(created.status).toBe(200);
      if (template.questions) {
        const questions = await call<PostCallQuestion[]>("POST", `/v1/agents/${created.data.id}/post-call-questions`, { questions: template.questions });
        expect(questions.details).toEqual([]);
        expect(questions.data.map((q) => q.type)).toEqual(template.questions.map((q) => q.type));
      }
    });
  }

  it("the appointment template has a custom_function lookup whose response fills variables", () => {
    const agent = agentTemplates.find((t) => t.id === "appointment-booking")!.agent("x");
    const lookup = agent.states.flatMap((state) => state.tools ?? []).find((tool) => tool.type === "custom_function");
    expect(lookup && "response_mapping" in lookup ? lookup.response_mapping?.length : 0).toBeGreaterThan(0);
  });
});

describe("round trip through the API", () => {
  it("an agent read, turned into the editor's graph and saved unchanged is the same document in the next version", async () => {
    const created = await call<Agent>("POST", "/v1/agents", richAgent());
    const doc = toEditorDocument(created.data);
    const saved = await call<Agent>("PATCH", `/v1/agents/${created.data.id}`, toUpdateBody(doc).body);
    expect(saved.details).toEqual([]);
    expect(saved.data.version).toBe(2);
    const changes = diffDocuments(created.data, saved.data);
    // Only the state that had no position gains the one the editor gave it.
    expect(changes.map((change) => change.path).sort()).toEqual(["states[2].x_position", "states[2].y_position"]);
  });

  it("a transition to a deleted state comes back as an error on that edge", async () => {
    const created = await call<Agent>("POST", "/v1/agents", richAgent());
    let doc = toEditorDocument(created.data);
    const greeting = nodeOf(doc, "greeting").id;
    const toHandover = doc.edges.find((edge) => edge.source === greeting && edge.data?.condition === "The caller wants a human")!;
    doc = deleteElements(doc, [nodeOf(doc, "handover").id]);
    const { body, index } = toUpdateBody(doc);
    const refused = await call<null>("PATCH", `/v1/agents/${created.data.id}`, body);
    expect(refused.status).toBe(400);
    const errors = placeErrors(refused.details, index);
    expect(errors.transitions[toHandover.id]?.destination_state_name?.[0]).toMatch(/handover/);
    expect(errors.other).toEqual([]);
  });

  it("a field error inside a tool lands on that state at the tool's path", async () => {
    const created = await call<Agent>("POST", "/v1/agents", richAgent());
    let doc = toEditorDocument(created.data);
    const greeting = nodeOf(doc, "greeting").id;
    doc = updateState(doc, greeting, (state) => ({
      ...state,
      tools: state.tools.map((tool) => (tool.type === "custom_function" ? { ...tool, url: "ftp://nope" } : tool)),
    }));
    const { body, index } = toUpdateBody(doc);
    const refused = await call<null>("PATCH", `/v1/agents/${created.data.id}`, body);
    expect(refused.status).toBe(400);
    const errors = placeErrors(refused.details, index);
    expect(errors.states[greeting]?.["tools[0].url"]).toEqual(["Must be an http(s) URL"]);
  });
});

describe("post-call question rows", () => {
  it("sends only new and changed rows, and puts per-item errors on the rows they came from", async () => {
    const agent = await call<Agent>("POST", "/v1/agents", agentTemplates[0].agent("Questions"));
    const base = `/v1/agents/${agent.data.id}/post-call-questions`;
    const first = await call<PostCallQuestion[]>("POST", base, { questions: [{ name: "Resolved", type: "boolean" }, { name: "Topic", type: "single_choice", options: [{ value: "Billing" }, { value: "Other" }] }] });
    const saved = first.data;
    const rows: QuestionRow[] = saved.map(rowFromQuestion);
    expect(changedRows(rows, saved)).toEqual([]);

    rows[1] = { ...rows[1], options: [...rows[1].options, { value: "Sales" }] };
    rows.push({ key: "new-1", id: null, name: "Score", description: "", type: "number", optional: true, model: "", examples: [], options: [], is_active: true });
    rows.push({ key: "new-2", id: null, name: "Mood", description: "", type: "single_choice", optional: false, model: "", examples: [], options: [], is_active: true });
    const sent = changedRows(rows, saved);
    expect(sent.map((row) => row.key)).toEqual([rows[1].key, "new-1", "new-2"]);

    const result = await call<UpsertResult>("PATCH", base, { questions: sent.map(itemFromRow) });
    expect(result.status).toBe(200);
    expect(result.data.updated[0].options.map((o) => o.value)).toEqual(["Billing", "Other", "Sales"]);
    expect(result.data.updated[0].options[0].id).toBe(saved[1].options[0].id);
    expect(result.data.created.map((q) => q.name)).toEqual(["Score"]);
    const byRow = errorsByRow(sent, result.data.errors);
    expect(Object.keys(byRow)).toEqual(["new-2"]);
    expect(byRow["new-2"][0].field).toMatch(/^options/);
  });
});
