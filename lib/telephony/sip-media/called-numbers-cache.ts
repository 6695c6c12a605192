// The SIP numbers an INVITE may be for, kept for a few seconds per called number, so answering
// an INVITE does not wait on the database (a query shares the connection with every call's writes).
// A number just created is found at once (a miss queries); a changed one is seen within `ttlMs`.

import type { CalledSipNumber } from "@/lib/services/phone-calls/inbound-phone-calls";

type Entry = { numbers: CalledSipNumber[]; until: number };

export class CalledNumbersCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<CalledSipNumber[]>>();

  constructor(
    private readonly load: (numbers: string[]) => Promise<CalledSipNumber[]>,
    private readonly ttlMs = 5_000,
    /** Unknown numbers are remembered only briefly: one may be registered any moment. */
    private readonly missTtlMs = 1_000,
    private readonly limit = 10_000,
  ) {}

  async find(numbers: string[]): Promise<CalledSipNumber[]> {
    const key = [...new Set(numbers)].sort().join(" ");
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.until > now) return entry.numbers;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const loading = this.load(numbers)
      .then((found) => {
        if (this.entries.size >= this.limit) this.entries.clear();
        this.entries.set(key, { numbers: found, until: Date.now() + (found.length ? this.ttlMs : this.missTtlMs) });
        return found;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, loading);
    return loading;
  }
}
