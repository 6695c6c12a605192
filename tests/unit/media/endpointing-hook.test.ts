import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpointingHook, parseEndpointingAnswer } from "@/lib/media/endpointing-hook";
import type { EndpointingDecision } from "@/lib/media/session/media-session";
import { createSafeFetch } from "@/lib/net/safe-fetch";
import { EndOfTurnSchema } from "@/lib/agents/end-of-turn";
import { pauseAudio, pauseFixtures, pauseTranscript } from "../../helpers/fake-speech/pauses";
import { speech } from "../../helpers/audio-analysis";
import { sessionHarness } from "../../helpers/session-harness";
import type { ManualClock } from "../../helpers/manual-clock";

// end_of_turn.endpointing_url: a team's own turn model, asked at each candidate end.

const asked: { body: unknown; at: number }[] = [];
let answer: { delayMs: number; status: number; body: string } = { delayMs: 0, status: 200, body: "{}" };
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    asked.push({ body: JSON.parse(Buffer.concat(chunks).toString("utf8")), at: Date.now() });
    setTimeout(() => res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body), answer.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turn`;
});
afterAll(async () => {
  await allowed.close();
  await strict.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
const allowed = createSafeFetch({ allowlist: ["127.0.0.1"] });
const strict = createSafeFetch();

/** A hook answering on the session's manual clock after `delayMs`. */
function clockHook(clock: ManualClock, decide: (transcript: string) => EndpointingDecision | null, delayMs = 20) {
  const calls: { transcript: string; silence_ms: number; at: number }[] = [];
  const hook = (candidate: { transcript: string; silence_ms: number }) => {
    calls.push({ ...candidate, at: clock.now() });
    return new Promise<EndpointingDecision | null>((resolve) => clock.at(clock.now() + delayMs, () => resolve(decide(candidate.transcript))));
  };
  return { hook, calls };
}

describe("the endpointing hook over HTTP", () => {
  it("POSTs {transcript, silence_ms, call_id} and reads {end_of_turn, wait_ms}", async () => {
    answer = { delayMs: 0, status: 200, body: JSON.stringify({ end_of_turn: false, wait_ms: 900 }) };
    const hook = endpointingHook(allowed, url, "call-1");
    expect(await hook({ transcript: "I'd like a table for", silence_ms: 210 })).toEqual({ end_of_turn: false, wait_ms: 900 });
    expect(asked.at(-1)!.body).toEqual({ transcript: "I'd like a table for", silence_ms: 210, call_id: "call-1" });
  });

  it("gives up after 150 ms, on an error status, a malformed answer or a private address not allowed: the built-in rule decides", async () => {
    answer = { delayMs: 400, status: 200, body: JSON.stringify({ end_of_turn: true }) };
    const start = performance.now();
    expect(await endpointingHook(allowed, url, "c")({ transcript: "Hi.", silence_ms: 200 })).toBeNull();
    expect(performance.now() - start).toBeLessThan(350);
    answer = { delayMs: 0, status: 500, body: JSON.stringify({ end_of_turn: true }) };
    expect(await endpointingHook(allowed, url, "c")({ transcript: "Hi.", silence_ms: 200 })).toBeNull();
    const before = asked.length;
    answer = { delayMs: 0, status: 200, body: JSON.stringify({ end_of_turn: true }) };
    expect(await endpointingHook(strict, url, "c")({ transcript: "Hi.", silence_ms: 200 })).toBeNull();
    expect(asked.length).toBe(before);
    expect(parseEndpointingAnswer('{"end_of_turn": "yes"}')).toBeNull();
    expect(parseEndpointingAnswer('{"end_of_turn": true, "wait_ms": -5}')).toBeNull();
    expect(parseEndpointingAnswer("not json")).toBeNull();
  });

  it("is an optional http(s) URL on end_of_turn", () => {
    expect(EndOfTurnSchema.safeParse({ endpointing_url: "https://turns.example.com/v1/end" }).success).toBe(true);
    expect(EndOfTurnSchema.safeParse({ endpointing_url: "ftp://x" }).error?.issues[0].path).toEqual(["endpointing_url"]);
  });
});

describe("the endpointing hook in a session", () => {
  it("ends the turn at once when it says so, whatever the words", async () => {
    const ref: { clock?: ManualClock } = {};
    const calls: { transcript: string; silence_ms: number; at: number }[] = [];
    const call = await sessionHarness({
      transcripts: () => "I will take the red one", // nothing telling: the built-in rule would wait 700 ms
      endpointing: (candidate) => {
        calls.push({ ...candidate, at: ref.clock!.now() });
        return clockHook(ref.clock!, () => ({ end_of_turn: true }), 30).hook(candidate);
      },
    });
    ref.clock = call.clock;
    await call.run(300);
    call.transport.say(speech("request"));
    await call.runUntil(() => call.eventsOf("turn_metrics").length > 0, 5000);
    const [metrics] = call.eventsOf("turn_metrics").map((entry) => entry.event);
    expect(calls).toHaveLength(1);
    expect(calls[0].transcript).toBe("I will take the red one");
    expect(calls[0].silence_ms).toBeGreaterThanOrEqual(200);
    expect(metrics.end_of_turn_ms).toBeLessThan(300);
  });

  it("holds the turn open when it says the caller has not finished, even after a finished sentence", async () => {
    const fixture = pauseFixtures().find((each) => each.name === "pause-45")!; // "I need a table for two people." · 750 ms · "tomorrow…"
    const ref: { clock?: ManualClock } = {};
    const call = await sessionHarness({
      transcripts: pauseTranscript(fixture),
      endpointing: (candidate) => clockHook(ref.clock!, (text) => (text === fixture.first ? { end_of_turn: false, wait_ms: 3000 } : { end_of_turn: true })).hook(candidate),
    });
    ref.clock = call.clock;
    await call.run(300);
    call.transport.say(pauseAudio(fixture));
    await call.runUntil(() => call.transport.played.length > 0, 8000);
    // The built-in rule cuts this one off (a period after "people"); the hook kept the turn open for the rest.
    expect(call.transport.played[0].at).toBeGreaterThan(300 + 60 + fixture.first_ms + fixture.pause_ms);
    expect(call.port.inputs.filter((input) => input.kind === "caller").map((input) => input.kind === "caller" && input.text)).toEqual([fixture.full]);
  });

  it("past its 150 ms limit the built-in rule decides", async () => {
    const ref: { clock?: ManualClock } = {};
    const call = await sessionHarness({ endpointing: (candidate) => clockHook(ref.clock!, () => ({ end_of_turn: false, wait_ms: 5000 }), 1000).hook(candidate) });
    ref.clock = call.clock;
    await call.run(300);
    call.transport.say(speech("request"));
    await call.runUntil(() => call.eventsOf("turn_metrics").length > 0, 5000);
    const [metrics] = call.eventsOf("turn_metrics").map((entry) => entry.event);
    // Asked at ~200 ms, no answer by ~350 ms: the finished sentence's min_wait_ms (300) has passed, so the turn ends then.
    expect(metrics.end_of_turn_ms).toBeGreaterThanOrEqual(340);
    expect(metrics.end_of_turn_ms).toBeLessThanOrEqual(400);
  });
});
