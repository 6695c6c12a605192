import { lastMessage, messageText, toolNames, type FakeReply, type FakeRequest } from "./fake-openai-server";

/** A small booking agent whose graph the agent tests exercise: states, a transition, a variable, a custom function with a response mapping, hang_up. */
export function bistroAgent(overrides: Record<string, unknown> = {}) {
  return {
    name: "Bistro Nova",
    initial_message: "Hello, Bistro Nova, how can I help?",
    llm: { provider: "openai", model: "gpt-4o-mini" },
    initial_state_name: "main",
    webhook_url: "https://hooks.example.com/bistro",
    webhook_subscriptions: ["event_variable_value_updated", "event_all_variables_resolved"],
    states: [
      {
        name: "main",
        prompt: "Find out what the caller wants.",
        variables: [{ name: "party_size", type: "number", description: "How many people" }],
        transitions: [{ condition: "The caller wants to book a table", destination_state_name: "booking" }],
        tools: [{ type: "hang_up" }],
      },
      {
        name: "booking",
        prompt: "Book a table: check availability with {{check_availability}}.",
        tools: [
          {
            type: "custom_function",
            name: "check_availability",
            description: "Find a free table",
            url: "https://api.bistro.example/availability",
            method: "GET",
            parameters: [{ name: "date", type: "string", description: "The day, YYYY-MM-DD" }],
            response_mapping: [{ json_path_to_data: "$.slot", destination_variable: "slot" }],
          },
          { type: "hang_up" },
        ],
      },
    ],
    ...overrides,
  };
}

const isStructured = (request: FakeRequest) => Boolean(request.body.response_format);
const system = (request: FakeRequest) => messageText(request.body.messages.find((message) => message.role === "system") ?? { role: "system", content: "" });

/**
 * The bistro's model, as the fake OpenAI server answers it: "book" moves to booking (recording the
 * party size), the booking state checks availability and says the slot it got, "goodbye" hangs up,
 * "fail" answers 500. Structured requests (judge, simulated caller) go to `structured`.
 */
export function bistroModel(structured: (request: FakeRequest) => FakeReply = () => ({ json: { verdict: "pass", reason: "Fine." } })) {
  return (request: FakeRequest): FakeReply => {
    if (isStructured(request)) return structured(request);
    const last = request.body.messages.at(-1);
    const said = lastMessage(request.body);
    const tools = toolNames(request.body);
    if (last?.role === "tool") {
      const output = messageText(last);
      if (/slot/.test(output)) {
        const slot = /"slot":"([^"]+)"/.exec(output.replace(/\\"/g, '"'))?.[1] ?? "none";
        return { text: `We have a table at ${slot}.` };
      }
      if (/moved_to/.test(output) && tools.includes("check_availability")) return { text: "Let me check.", toolCalls: [{ name: "check_availability", arguments: { date: "2026-05-01" } }] };
      if (/error/.test(output)) return { text: "Sorry, I could not check that." };
      return { text: "Okay." };
    }
    if (/fail/i.test(said)) return { status: 500, errorMessage: "The model is down" };
    if (/goodbye/i.test(said)) return { text: "Goodbye!", toolCalls: [{ name: "hang_up", arguments: {} }] };
    if (/book/i.test(said) && tools.includes("transition_to_booking")) {
      const size = /for (\d+)/.exec(said)?.[1];
      return { toolCalls: [...(size ? [{ name: "record_variables", arguments: { party_size: Number(size) } }] : []), { name: "transition_to_booking", arguments: {} }] };
    }
    if (/hours/i.test(said)) return { text: "We are open from noon to eleven." };
    return { text: "How can I help?" };
  };
}

export const systemOf = system;
