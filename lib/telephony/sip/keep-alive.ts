// Keeps an answered dialog honest: RFC 4028 session timers when both ends support them (we refresh
// at half the interval, or expect the far end to), else periodic in-dialog OPTIONS. A dead dialog ends the call.

import { parseParams } from "./header-values";
import { TimerSet } from "./timers";

export type KeepAliveActions = {
  /** Sends a session refresh; resolves whether the dialog is still alive. */
  refresh(): Promise<boolean>;
  /** Sends an in-dialog OPTIONS; resolves whether the dialog is still alive. */
  probe(): Promise<boolean>;
  dead(reason: string): void;
};

/** Reads `Session-Expires: 1800;refresher=uac` (RFC 4028 §4). */
export function parseSessionExpires(value: string | undefined): { interval: number; refresher?: "uac" | "uas" } | null {
  const match = value ? /^\s*(\d{1,9})\s*(.*)$/.exec(value) : null;
  if (!match) return null;
  const params = parseParams(match[2]);
  const refresher = params?.refresher?.toLowerCase();
  return { interval: Number(match[1]), refresher: refresher === "uac" || refresher === "uas" ? refresher : undefined };
}

export class KeepAlive {
  private readonly clock = new TimerSet();
  private stopped = false;

  constructor(private readonly actions: KeepAliveActions) {}

  /** (Re)starts the session timer: `interval` seconds, refreshed by us or expected from the far end. */
  sessionTimer(interval: number, weRefresh: boolean): void {
    if (this.stopped) return;
    this.clock.clear();
    if (weRefresh) {
      this.clock.once("refresh", (interval * 1000) / 2, async () => {
        const alive = await this.actions.refresh();
        if (this.stopped) return;
        if (alive) this.sessionTimer(interval, true);
        else this.die("session refresh failed");
      });
    } else {
      this.clock.once("expire", (interval - Math.min(32, interval / 3)) * 1000, () => this.die("the far end missed its session refresh"));
    }
  }

  /** Without session timers: an OPTIONS every `intervalMs`. */
  options(intervalMs: number): void {
    if (this.stopped) return;
    this.clock.clear();
    this.clock.once("options", intervalMs, async () => {
      const alive = await this.actions.probe();
      if (this.stopped) return;
      if (alive) this.options(intervalMs);
      else this.die("the far end stopped answering keep-alive OPTIONS");
    });
  }

  stop(): void {
    this.stopped = true;
    this.clock.clear();
  }

  private die(reason: string): void {
    this.stop();
    this.actions.dead(reason);
  }
}
