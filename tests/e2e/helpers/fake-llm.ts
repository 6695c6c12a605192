import { lastMessage, startFakeOpenAiServer, toolNames, type ChatCompletionRequest, type FakeOpenAiServer, type FakeReply } from "../../helpers/fake-openai-server";

type Schema = { type?: string | string[]; enum?: unknown[]; anyOf?: Schema[]; items?: Schema; properties?: Record<string, Schema> };

/**
 * The OpenAI-compatible server the browser tests' app talks to: a real HTTP server on 127.0.0.1
 * with a deterministic caller-facing script. It records a name the caller gives ("my name is …"),
 * hangs up when the caller says bye and the state offers hang_up, echoes anything else, and answers
 * post-call questions per their schema. Its audio endpoints (voice calls' speech) answer from
 * `audioUpstream`, a fake speech server (helpers/fake-speech).
 */
export function startFakeLlm(audioUpstream?: string): Promise<FakeOpenAiServer> {
  return startFakeOpenAiServer(({ body }) => reply(body), { audioUpstream });
}

function reply(body: ChatCompletionRequest): FakeReply {
  const schema = body.response_format?.json_schema?.schema as Schema | undefined;
  if (body.response_format) return { json: schema ? valueFor(schema) : { has_answer: false, answer: null } };

  const last = body.messages[body.messages.length - 1];
  if (last?.role === "tool") return { text: "Done." };
  const said = lastMessage(body);
  const tools = toolNames(body);
  if (/\bbye\b/i.test(said)) {
    return tools.includes("hang_up") ? { text: "Thanks for calling, goodbye!", toolCalls: [{ name: "hang_up", arguments: {} }] } : { text: "Goodbye!" };
  }
  const name = /my name is ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*)/.exec(said)?.[1];
  const record = body.tools?.find((tool) => tool.function.name === "record_variables");
  const stringVariable = Object.entries((record?.function.parameters.properties ?? {}) as Record<string, Schema>).find(([, s]) => s.type === "string")?.[0];
  if (name && stringVariable) {
    return { text: `Nice to meet you, ${name}. Would you like to book a cleaning?`, toolCalls: [{ name: "record_variables", arguments: { [stringVariable]: name } }] };
  }
  return { text: `You said: ${said}. How else can I help?` };
}

/** A plausible value for a JSON schema: true, 4, the first option, a short sentence. */
function valueFor(schema: Schema): unknown {
  if (schema.anyOf) return valueFor(schema.anyOf.find((option) => option.type !== "null") ?? schema.anyOf[0]);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, key === "has_answer" ? true : valueFor(property)]));
    case "array":
      return schema.items ? [valueFor(schema.items)] : [];
    case "boolean":
      return true;
    case "number":
    case "integer":
      return 4;
    case "null":
      return null;
    default:
      return "The caller introduced themselves and then said goodbye.";
  }
}
