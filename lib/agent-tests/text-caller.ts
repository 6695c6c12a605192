import { prepareOperation, type RuntimeHostDependencies } from "@/lib/services/calls/call-host";
import type { CallEngine } from "@/lib/runtime/engine";
import type { TestConversationStore } from "./test-conversation";
import type { TestCaller } from "./test-caller";

/** A text test conversation: the caller's words go to the engine as turns, through the same host as a web call's. */
export class TextTestCaller implements TestCaller {
  constructor(
    private readonly host: RuntimeHostDependencies,
    private readonly store: TestConversationStore,
  ) {}

  private async operate(work: (engine: CallEngine) => Promise<void> | void): Promise<void> {
    const operation = await prepareOperation(this.host, this.store);
    await operation.run(work, () => {});
  }

  start(): Promise<void> {
    return this.operate((engine) => engine.speakInitialMessage());
  }

  async say(text: string, signal: AbortSignal): Promise<boolean> {
    if (this.ended()) return false;
    await this.operate((engine) => engine.handleUserTurn(text, signal));
    return true;
  }

  async settle(): Promise<void> {}

  ended(): boolean {
    return this.store.current.status === "ended";
  }

  heardAnswers() {
    return null;
  }

  latency() {
    return null;
  }

  async close(): Promise<void> {}
}
