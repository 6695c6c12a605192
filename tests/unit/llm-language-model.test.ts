import { generateObject, generateText, jsonSchema, streamText, tool } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { LlmNotConfiguredError, llmConfigurationProblem, resolveLanguageModel, type LlmProvider } from "@/lib/llm/language-model";
import { lastMessage, startFakeOpenAiServer, toolNames, type FakeOpenAiServer } from "../helpers/fake-openai-server";

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(() => server.close());

const providers: LlmProvider[] = ["openai", "azure_openai", "openai_compatible"];

describe("resolveLanguageModel", () => {
  it("says which variables to set when a provider has no configuration", () => {
    expect(() => resolveLanguageModel({ provider: "openai" }, {})).toThrow(LlmNotConfiguredError);
    expect(llmConfigurationProblem({ provider: "openai" }, {})).toMatch(/OPENAI_API_KEY/);
    expect(llmConfigurationProblem({ provider: "azure_openai" }, { AZURE_OPENAI_API_KEY: "k" })).toMatch(/AZURE_OPENAI_RESOURCE_NAME/);
    expect(llmConfigurationProblem({ provider: "openai_compatible" }, {})).toMatch(/OPENAI_COMPATIBLE_BASE_URL/);
    expect(llmConfigurationProblem({}, { OPENAI_API_KEY: "sk-x" })).toBeNull();
  });

  for (const provider of providers) {
    it(`${provider}: streams text and tool calls with usage through the Chat Completions protocol`, async () => {
      server.setHandler(({ body }) =>
        lastMessage(body) === "book it"
          ? { toolCalls: [{ name: "book_slot", arguments: { day: "monday" } }], usage: { prompt_tokens: 30, completion_tokens: 7 } }
          : { text: `You said: ${lastMessage(body)}`, usage: { prompt_tokens: 12, completion_tokens: 5 } },
      );
      const model = resolveLanguageModel({ provider, model: "my-model" }, server.env());
      const spoken = streamText({ model, prompt: "hello there" });
      const pieces: string[] = [];
      for await (const piece of spoken.textStream) pieces.push(piece);
      expect(pieces.length).toBeGreaterThan(1);
      expect(pieces.join("")).toBe("You said: hello there");
      expect((await spoken.usage).inputTokens).toBe(12);
      expect(server.requests.at(-1)!.body.model).toBe("my-model");

      const called = await generateText({
        model,
        prompt: "book it",
        tools: { book_slot: tool({ description: "Books", inputSchema: z.object({ day: z.string() }) }) },
      });
      expect(called.toolCalls.map((call) => [call.toolName, call.input])).toEqual([["book_slot", { day: "monday" }]]);
      expect(toolNames(server.requests.at(-1)!.body)).toEqual(["book_slot"]);
      expect(called.usage.outputTokens).toBe(7);
    });

    it(`${provider}: structured output asks for a JSON schema and reads the answer`, async () => {
      server.setHandler(({ body }) => ({ json: { has_answer: true, answer: body.response_format?.type ?? "none" } }));
      const model = resolveLanguageModel({ provider }, server.env());
      const { object } = await generateObject({
        model,
        schema: jsonSchema<{ has_answer: boolean; answer: string }>({
          type: "object",
          properties: { has_answer: { type: "boolean" }, answer: { type: "string" } },
          required: ["has_answer", "answer"],
          additionalProperties: false,
        }),
        prompt: "Did the caller agree?",
      });
      expect(object).toEqual({ has_answer: true, answer: "json_schema" });
      expect(server.requests.at(-1)!.body.response_format?.json_schema?.schema).toMatchObject({ required: ["has_answer", "answer"] });
    });
  }

  it("sends the provider's own authentication header", async () => {
    server.setHandler(() => ({ text: "ok" }));
    await generateText({ model: resolveLanguageModel({ provider: "azure_openai", model: "deploy-1" }, server.env()), prompt: "x" });
    expect(server.requests.at(-1)!.headers["api-key"]).toBe("azure-fake");
    await generateText({ model: resolveLanguageModel({ provider: "openai" }, server.env()), prompt: "x" });
    expect(server.requests.at(-1)!.headers.authorization).toBe("Bearer sk-fake");
  });

  it("surfaces the server's error", async () => {
    server.setHandler(() => ({ status: 401, errorMessage: "Incorrect API key provided" }));
    await expect(generateText({ model: resolveLanguageModel({ provider: "openai" }, server.env()), prompt: "x", maxRetries: 0 })).rejects.toThrow(/Incorrect API key/);
  });
});
