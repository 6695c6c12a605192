import { describe, expect, it } from "vitest";
import { normalizeAgent } from "@/lib/agents/normalize";
import type { CreateAgentInput } from "@/lib/agents/document-schema";
import { CallEngine, CallEndedError } from "@/lib/runtime/engine";
import { initialSnapshot } from "@/lib/runtime/initial-snapshot";
import type { KnowledgeRetriever, LlmRequest, RuntimeEvent } from "@/lib/runtime/types";
import { fakeClock, lastUserText, scriptedLlm, type ScriptedReply } from "../helpers/scripted-llm";

const CALL_ID = "5b0b1b5e-0000-4000-8000-000000000001";

function clinicAgent(overrides: Partial<CreateAgentInput> = {}) {
  return normalizeAgent({
    name: "Clinic",
    base_prompt: "You book appointments for Sunny Clinic.",
    initial_message: "Hi {{customer_name}}, Sunny Clinic here.",
    initial_message_delay: 1500,
    max_call_duration: 120,
    presence_check_phrases: ["Are you still there?", "Hello?"],
    presence_check_idle_threshold: 10,
    presence_check_max_times: 2,
    llm: { provider: "openai", model: "gpt-4o-mini", temperature: 0.4 },
    initial_state_name: "intake",
    states: [
      {
        name: "intake",
        prompt: "Greet {{customer_name}} and ask for the date of birth. Use {{transfer_call}} if they insist on a human.",
        variables: [
          { name: "date_of_birth", type: "date", extraction_instructions: "The caller's date of birth as YYYY-MM-DD" },
          { name: "patient_age", type: "integer", description: "Age in years" },
        ],
        transitions: [{ condition: "The caller gave their date of birth", destination_state_name: "booking", filler_sentence: "Thanks, one moment." }],
        tools: [{ type: "transfer_call", description: "Transfer to reception", filler_sentence: "Connecting you to reception." }],
      },
      {
        name: "booking",
        prompt: "Offer Tuesday at 9. Born {{date_of_birth}}. Call {{hang_up}} when done.",
        llm: { model: "gpt-4o", temperature: 0.1 },
        tools: [{ type: "hang_up", filler_sentence: "Goodbye!" }],
      },
    ],
    ...overrides,
  });
}

function setup(handler: (request: LlmRequest, index: number) => ScriptedReply | Error, options: { agent?: ReturnType<typeof clinicAgent>; knowledge?: KnowledgeRetriever } = {}) {
  const agent = options.agent ?? clinicAgent();
  const clock = fakeClock();
  const llm = scriptedLlm(handler);
  const events: RuntimeEvent[] = [];
  const snapshot = initialSnapshot(
    agent,
    { callId: CALL_ID, fromNumber: null, toNumber: null, startTime: clock.now(), dynamicVariables: { customer_name: "Ada" } },
    clock.now(),
  );
  const engine = new CallEngine(agent, snapshot, {
    clock,
    llm: llm.port,
    http: () => Promise.reject(new Error("no HTTP in this test")),
    knowledge: options.knowledge,
    sink: (event) => events.push(event),
  });
  const said = () => engine.snapshot.transcript.filter((entry) => entry.role === "agent").map((entry) => entry.content);
  return { agent, clock, llm, events, engine, said };
}

describe("CallEngine", () => {
  it("says the initial message, with dynamic variables filled in, after initial_message_delay", async () => {
    const { engine, clock, said } = setup(() => ({ text: "unused" }));
    await engine.begin();
    expect(said()).toEqual([]);
    expect(engine.nextDeadline()).toMatchObject({ kind: "initial_message" });
    clock.advance(1499);
    await engine.tick();
    expect(said()).toEqual([]);
    clock.advance(1);
    await engine.tick();
    expect(said()).toEqual(["Hi Ada, Sunny Clinic here."]);
    expect(engine.snapshot.transcript[0].start_time).toBe("2026-03-01T10:00:01.500Z");
  });

  it("asks the model with the base prompt, the filled state prompt, the state's tools, transitions and variable recorder; streams the reply", async () => {
    const { engine, llm, events, said } = setup(() => ({ text: "Hello Ada! What is your date of birth?", usage: [120, 11] }));
    await engine.begin();
    await engine.handleUserTurn("Hi, I need an appointment");
    const [request] = llm.requests;
    expect(request.system).toContain("You book appointments for Sunny Clinic.");
    expect(request.system).toContain("Greet Ada and ask for the date of birth. Use transfer_call if they insist");
    expect(request.model).toBe("gpt-4o-mini");
    expect(request.temperature).toBe(0.4);
    expect(lastUserText(request)).toBe("Hi, I need an appointment");
    const tools = Object.fromEntries(request.tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(tools).sort()).toEqual(["record_variables", "transfer_call", "transition_to_booking"]);
    expect(tools.transition_to_booking.description).toContain("The caller gave their date of birth");
    expect(tools.record_variables.parameters.properties).toMatchObject({
      date_of_birth: { type: "string", description: expect.stringContaining("YYYY-MM-DD") },
      patient_age: { type: "integer" },
    });
    const deltas = events.filter((event) => event.type === "agent_text_delta");
    expect(deltas.length).toBeGreaterThan(3);
    expect(said()).toEqual(["Hello Ada! What is your date of birth?"]);
    expect(engine.snapshot.transcript.map((entry) => entry.role)).toEqual(["user", "agent"]);
    expect(engine.snapshot.usage).toMatchObject({ llm_input_tokens: 120, llm_output_tokens: 11, tts_characters: 38 });
  });

  it("follows a transition: speaks its filler, moves state, and asks again with the new state's prompt, tools and LLM override", async () => {
    const { engine, llm, events, said } = setup((request) =>
      request.tools.some((tool) => tool.name === "transition_to_booking")
        ? { calls: [{ name: "record_variables", input: { date_of_birth: "1990-04-02", patient_age: "35" } }, { name: "transition_to_booking" }] }
        : { text: "I can offer Tuesday at 9." },
    );
    await engine.handleUserTurn("I was born on the 2nd of April 1990, I'm 35");
    expect(engine.snapshot.state_name).toBe("booking");
    expect(said()).toEqual(["Thanks, one moment.", "I can offer Tuesday at 9."]);
    const second = llm.requests[1];
    expect(second.model).toBe("gpt-4o");
    expect(second.temperature).toBe(0.1);
    expect(second.system).toContain("Born 1990-04-02. Call hang_up when done.");
    expect(second.tools.map((tool) => tool.name)).toEqual(["hang_up"]);
    expect(second.messages.at(-1)).toMatchObject({ role: "tool" });
    expect(events.find((event) => event.type === "state_changed")).toMatchObject({ from: "intake", to: "booking" });
  });

  it("stores variables in their declared type, reports each change and all resolved once", async () => {
    const { engine, events } = setup(() => ({ calls: [{ name: "record_variables", input: { date_of_birth: "1990-04-02", patient_age: "35" } }], text: "Thanks." }));
    await engine.handleUserTurn("1990-04-02, 35");
    const values = Object.fromEntries(engine.snapshot.variable_values.map((entry) => [entry.name, entry]));
    expect(values.patient_age).toMatchObject({ type: "integer", value: 35 });
    expect(values.date_of_birth).toMatchObject({ type: "date", value: "1990-04-02" });
    expect(values.customer_name).toMatchObject({ type: "string", value: "Ada" });
    expect(values.call_id.value).toBe(CALL_ID);
    expect(events.filter((event) => event.type === "variable_updated").map((event) => event.type === "variable_updated" && event.variable.name)).toEqual(["date_of_birth", "patient_age"]);
    expect(events.filter((event) => event.type === "all_variables_resolved")).toHaveLength(1);
    await engine.handleUserTurn("again: 1990-04-02, 35");
    expect(events.filter((event) => event.type === "variable_updated")).toHaveLength(2);
  });

  it("ignores a value that does not fit the variable's type", async () => {
    const { engine } = setup(() => ({ calls: [{ name: "record_variables", input: { patient_age: "thirty-something" } }], text: "Ok." }));
    await engine.handleUserTurn("I'm thirty-something");
    expect(engine.snapshot.variable_values.find((entry) => entry.name === "patient_age")).toBeUndefined();
  });

  it("ends the call on hang_up, with the filler when the model said nothing, and refuses later turns", async () => {
    const { engine, events, said } = setup((request) =>
      request.tools.some((tool) => tool.name === "hang_up") ? { calls: [{ name: "hang_up" }] } : { calls: [{ name: "transition_to_booking" }] },
    );
    await engine.handleUserTurn("That's all, bye");
    expect(said()).toEqual(["Thanks, one moment.", "Goodbye!"]);
    expect(engine.snapshot).toMatchObject({ status: "ended", end_reason: "agent_hangup" });
    expect(events.at(-1)).toMatchObject({ type: "call_ended", end_reason: "agent_hangup" });
    await expect(engine.handleUserTurn("hello?")).rejects.toBeInstanceOf(CallEndedError);
  });

  it("records transfer_call as an event on the call for telephony to act on", async () => {
    const { engine, events, said } = setup(() => ({ calls: [{ name: "transfer_call" }], text: "Sure." }));
    await engine.handleUserTurn("Put me through to a person");
    expect(events.find((event) => event.type === "transfer_call")).toMatchObject({ description: "Transfer to reception" });
    expect(said()).toEqual(["Sure.", "Connecting you to reception."]);
    expect(engine.snapshot.status).toBe("active");
  });

  it("a preemptive answer's transfer and hang-up wait for the turn to be confirmed, and never run when it is dropped", async () => {
    const transfer = setup(() => ({ calls: [{ name: "transfer_call" }], text: "Sure." }));
    let confirm!: () => void;
    const confirmed = new Promise<void>((resolve) => (confirm = resolve));
    const turn = transfer.engine.handleUserTurn("Put me through to a person", undefined, { holdSideEffects: () => confirmed });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The words stream while the tool waits.
    expect(transfer.events.filter((event) => event.type === "agent_text_delta")).not.toHaveLength(0);
    expect(transfer.events.some((event) => event.type === "transfer_call" || event.type === "tool_called")).toBe(false);
    confirm();
    await turn;
    expect(transfer.events.find((event) => event.type === "transfer_call")).toMatchObject({ description: "Transfer to reception" });

    const hangUp = setup((request) => (request.messages.length > 1 ? { calls: [{ name: "hang_up" }], text: "Bye." } : { calls: [{ name: "transition_to_booking" }], text: "" }));
    const abort = new AbortController();
    const dropped = hangUp.engine.handleUserTurn("1990-04-02, that's all, bye", abort.signal, {
      holdSideEffects: () => {
        abort.abort();
        return Promise.reject(new Error("dropped"));
      },
    });
    await expect(dropped).rejects.toThrow("dropped");
    expect(hangUp.engine.ended).toBe(false);
    expect(hangUp.events.some((event) => event.type === "call_ended" || (event.type === "tool_called" && event.name === "hang_up"))).toBe(false);
  });

  it("ends the call at max_call_duration", async () => {
    const { engine, clock } = setup(() => ({ text: "Sure." }), { agent: clinicAgent({ presence_check_max_times: 20, presence_check_idle_threshold: 600 }) });
    await engine.begin();
    clock.advance(119_000);
    await engine.tick();
    expect(engine.ended).toBe(false);
    clock.advance(1000);
    await engine.tick();
    expect(engine.snapshot).toMatchObject({ status: "ended", end_reason: "max_duration", ended_at: "2026-03-01T10:02:00.000Z" });
    await expect(engine.handleUserTurn("still here")).rejects.toBeInstanceOf(CallEndedError);
  });

  it("says the presence check phrases after the idle threshold, at most presence_check_max_times, then ends; a caller turn resets the count", async () => {
    const { engine, clock, said } = setup(() => ({ text: "Yes?" }), { agent: clinicAgent({ initial_message: null }) });
    await engine.begin();
    clock.advance(9_999);
    await engine.tick();
    expect(said()).toEqual([]);
    clock.advance(1);
    await engine.tick();
    expect(said()).toEqual(["Are you still there?"]);
    await engine.handleUserTurn("yes");
    clock.advance(10_000);
    await engine.tick();
    clock.advance(10_000);
    await engine.tick();
    expect(said()).toEqual(["Are you still there?", "Yes?", "Are you still there?", "Hello?"]);
    expect(engine.ended).toBe(false);
    clock.advance(10_000);
    await engine.tick();
    expect(engine.snapshot).toMatchObject({ status: "ended", end_reason: "agent_hangup" });
  });

  it("gives the model the knowledge base's top excerpts for the caller's words, naming the source", async () => {
    const queries: string[] = [];
    const { engine, llm } = setup(() => ({ text: "We open at 8." }), {
      agent: clinicAgent({ knowledge_base_ids: ["0f8fad5b-d9cb-469f-a165-70867728950e"] }),
      knowledge: async (query) => {
        queries.push(query);
        return [{ source_id: "s1", source_title: "opening-hours.pdf", position: 0, content: "The clinic opens at 8:00 on weekdays." }];
      },
    });
    await engine.handleUserTurn("When do you open?");
    expect(queries).toEqual(["When do you open?"]);
    expect(llm.requests[0].system).toContain("opening-hours.pdf");
    expect(llm.requests[0].system).toContain("The clinic opens at 8:00 on weekdays.");
  });

  it("keeps the call going when the model fails, reporting the failed turn", async () => {
    const { engine, events } = setup(() => new Error("upstream 503"));
    await engine.handleUserTurn("Hello?");
    expect(events.find((event) => event.type === "turn_failed")).toMatchObject({ message: "upstream 503" });
    expect(engine.ended).toBe(false);
  });

  it("numbers recorded events in order and resumes from a stored snapshot", async () => {
    const first = setup(() => ({ text: "Hello." }));
    await first.engine.handleUserTurn("Hi");
    const recorded = first.engine.takeRecordedEvents();
    expect(recorded.map((event) => event.seq)).toEqual([1, 2]);
    const stored = JSON.parse(JSON.stringify(first.engine.snapshot));
    const resumed = new CallEngine(first.agent, stored, { clock: first.clock, llm: first.llm.port, http: () => Promise.reject(new Error("no HTTP")), sink: () => {} });
    await resumed.handleUserTurn("Again");
    expect(resumed.takeRecordedEvents().map((event) => event.seq)).toEqual([3, 4]);
    expect(first.llm.requests[1].messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });
});
