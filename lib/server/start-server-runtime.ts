import "server-only";
import { getRuntime } from "./runtime";

/** Called once by instrumentation: boots, and stops cleanly (releasing the data directory) on SIGTERM/SIGINT. */
export async function startServerRuntime(): Promise<void> {
  try {
    const runtime = await getRuntime();
    const stop = (signal: NodeJS.Signals) => {
      console.log(`${signal} received: stopping`);
      void runtime.stop().finally(() => process.exit(0));
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
