import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_FEED_APPLICATION } from "@/lib/db/change-feed";
import type { DatabaseConnection } from "@/lib/db/client";
import { createTestDatabase } from "../helpers/test-database";
import { sleep, waitFor } from "../helpers/voice-call";

// The process's one listening connection (lib/db/change-feed.ts): notifications from any session
// reach every listener of the channel; a lost connection comes back by itself and says that some
// may have been missed (a gap), so that followers of calls look once instead of waiting forever.
let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => {
  await connection?.close();
});

describe("the change feed", () => {
  it("delivers a committed NOTIFY to every listener of its channel, and nothing of a rolled-back one", async () => {
    const a: string[] = [];
    const b: string[] = [];
    const stopA = connection.changes.listen("feed_test", (payload) => a.push(payload));
    const stopB = connection.changes.listen("feed_test", (payload) => b.push(payload));
    await waitFor(() => connection.changes.live, 5_000, "listening");
    await connection.query("select pg_notify('feed_test', 'one')");
    await connection.exec("begin; select pg_notify('feed_test', 'undone'); rollback;");
    await connection.query("select pg_notify('other_channel', 'not for us')");
    await waitFor(() => a.length === 1 && b.length === 1, 2_000, "both listeners told");
    stopB();
    await connection.query("select pg_notify('feed_test', 'two')");
    await waitFor(() => a.length === 2, 2_000, "the remaining listener told");
    await sleep(100);
    expect(a).toEqual(["one", "two"]);
    expect(b).toEqual(["one"]);
    stopA();
  });

  it.runIf(process.env.TEST_DB === "postgres")("reconnects when its connection is killed, reports the gap, and is told again", async () => {
    const got: string[] = [];
    let gaps = 0;
    const stop = connection.changes.listen("feed_gap", (payload) => got.push(payload), () => gaps++);
    await waitFor(() => connection.changes.live, 5_000, "listening");
    const killed = await connection.query("select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and application_name = $1", [CHANGE_FEED_APPLICATION]);
    expect(killed.rows.length).toBeGreaterThanOrEqual(1);
    await waitFor(() => !connection.changes.live, 2_000, "the loss noticed");
    await waitFor(() => connection.changes.live && gaps === 1, 5_000, "back, with a gap reported");
    await connection.query("select pg_notify('feed_gap', 'after')");
    await waitFor(() => got.includes("after"), 2_000, "told again");
    stop();
  });
});
