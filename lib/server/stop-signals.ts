/**
 * A repeat of the stop signal closer than this to the first is the same request delivered twice, not
 * an operator's "now": Ctrl-C in a terminal signals the whole process group, and `npm start` also
 * forwards the SIGINT it got to the server (its script execs node, so node is npm's child).
 */
export const DUPLICATE_SIGNAL_MS = 500;

export type StopSignalOptions = {
  /** A later signal: exit at once (code 1). */
  exitNow?: (signal: NodeJS.Signals) => void;
  log?: (line: string) => void;
  now?: () => number;
};

/**
 * Calls `stop` on the first SIGTERM or SIGINT; a second one (after DUPLICATE_SIGNAL_MS) exits at once.
 * Returns the handler (tests call it) after installing it on the process.
 */
export function onStopSignals(stop: (signal: NodeJS.Signals) => void, options: StopSignalOptions = {}): (signal: NodeJS.Signals) => void {
  const { log = console.log, now = Date.now } = options;
  const exitNow =
    options.exitNow ??
    ((signal: NodeJS.Signals) => {
      log(`${signal} again: exiting now`);
      process.exit(1);
    });
  let first: number | null = null;
  const handler = (signal: NodeJS.Signals) => {
    if (first === null) {
      first = now();
      stop(signal);
    } else if (now() - first < DUPLICATE_SIGNAL_MS) {
      log(`${signal} again within ${DUPLICATE_SIGNAL_MS} ms: the same stop (the terminal and npm both send it); send it again to exit at once`);
    } else {
      exitNow(signal);
    }
  };
  process.on("SIGTERM", handler);
  process.on("SIGINT", handler);
  return handler;
}
