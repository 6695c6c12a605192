/**
 * An instant model for the benchmarks, in a process of its own (as a real model server is): the
 * OpenAI-compatible server of the browser tests, answering every structured request at once from its
 * schema. Prints `{"url", "env"}` as one JSON line once it listens, and runs until killed.
 */
import { startFakeLlm } from "../../tests/e2e/helpers/fake-llm";

void startFakeLlm().then((server) => {
  console.log(JSON.stringify({ url: server.url, env: server.env() }));
  process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
});
