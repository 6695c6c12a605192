import dgram from "node:dgram";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseChallenge } from "@/lib/telephony/sip/digest";
import { parseCSeq, parseNameAddr, parseParams, parseVia, splitList } from "@/lib/telephony/sip/header-values";
import { reasonPhrase, serializeMessage } from "@/lib/telephony/sip/message";
import { parseMessage } from "@/lib/telephony/sip/parser";
import { parseSdp } from "@/lib/telephony/sip/sdp";
import { StreamFramer } from "@/lib/telephony/sip/stream-framer";
import { parseUri } from "@/lib/telephony/sip/uri";
import { SipUserAgent } from "@/lib/telephony/sip/user-agent";
import { fuzzCorpus, seededRandom } from "../helpers/sip/fuzz-corpus";
import { firstProject } from "../helpers/sip/sipp";

const agents: SipUserAgent[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(agents.splice(0).map((agent) => agent.close(100)));
});

/** What the parser makes of the corpus: parsed, answerable errors (400/416/505 with a reason), dropped. */
function classify(corpus: Buffer[]) {
  const counts = { parsed: 0, answerable: 0, dropped: 0, keepAlive: 0 };
  const answers: string[] = [];
  for (const data of corpus) {
    const result = parseMessage(data);
    if (result.ok) counts.parsed++;
    else if (result.error.empty) counts.keepAlive++;
    else if (result.error.answerable) {
      counts.answerable++;
      answers.push(`${result.error.status} ${reasonPhrase(result.error.status)} (${result.error.reason})`);
    } else counts.dropped++;
  }
  return { counts, answers };
}

describe.runIf(firstProject)("fuzzing the SIP parser and user agent (10,000 seeded messages)", () => {
  it("parses every message without throwing: a message, or a typed error; what parses round-trips", () => {
    const corpus = fuzzCorpus();
    expect(corpus).toHaveLength(10_000);
    expect(fuzzCorpus().every((data, i) => data.equals(corpus[i]))).toBe(true); // deterministic
    const { counts } = classify(corpus);
    // a corpus that exercises both sides: plenty parse, plenty fail, many failures can be answered
    expect(counts.parsed).toBeGreaterThan(1500);
    expect(counts.answerable).toBeGreaterThan(1500);
    expect(counts.dropped).toBeGreaterThan(1500);
    const problems: string[] = [];
    for (const [index, data] of corpus.entries()) {
      const result = parseMessage(data);
      if (!result.ok) {
        if (typeof result.error.reason !== "string" || ![400, 416, 505, 513].includes(result.error.status)) problems.push(`${index}: bad error ${JSON.stringify(result.error)}`);
        continue;
      }
      if (!parseMessage(serializeMessage(result.message)).ok) problems.push(`${index}: does not round-trip`);
      for (const header of result.message.headers) {
        // structured readers of every header value must not throw either
        parseVia(header.value);
        parseNameAddr(header.value);
        parseCSeq(header.value);
        parseParams(header.value);
        splitList(header.value);
        parseUri(header.value);
        parseChallenge(header.value);
      }
      parseSdp(result.message.body.toString("utf8"));
    }
    expect(problems).toEqual([]);
  });

  it("frames the corpus as one TCP stream cut at random points without throwing", () => {
    const corpus = fuzzCorpus({ count: 2_000, seed: 7 });
    const random = seededRandom(99);
    let items = 0;
    let framer = new StreamFramer();
    for (const data of corpus) {
      for (let offset = 0; offset < data.length; ) {
        const size = 1 + random.int(700);
        for (const item of framer.push(data.subarray(offset, offset + size))) {
          items++;
          if (item.kind === "error") framer = new StreamFramer(); // a real connection is closed here
          else if (item.kind === "message") parseMessage(item.data);
        }
        offset += size;
      }
    }
    expect(items).toBeGreaterThan(500);
  });

  it("survives the corpus over UDP: answers what can be answered with 400/416/505 and a reason, drops the rest, keeps serving", async () => {
    const errors = vi.spyOn(console, "error");
    const fuzzer = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => fuzzer.bind(0, "127.0.0.1", resolve));
    const via = `127.0.0.1:${fuzzer.address().port}`;
    const ua = await SipUserAgent.start({
      bindAddress: "127.0.0.1",
      port: 0,
      rtpPorts: { min: 34000, max: 34999 },
      timers: { t1: 20, t2: 100, t4: 100 },
      inbound: { trunks: [{ id: "fuzz", allowedSources: ["127.0.0.1"], numberFrom: "request_uri" }], decide: () => ({ action: "reject", status: 404 }) },
    });
    agents.push(ua);
    const corpus = fuzzCorpus({ via });
    const expected = classify(corpus);
    const responses: string[] = [];
    fuzzer.on("message", (data) => responses.push(data.toString("utf8").split("\r\n")[0]));
    for (let i = 0; i < corpus.length; i++) {
      fuzzer.send(corpus[i], ua.port, "127.0.0.1");
      if (i % 25 === 24) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ua.transport.counters.malformed).toBe(expected.counts.answerable + expected.counts.dropped);
    const answers = new Set(expected.answers);
    const parserAnswers = responses.filter((line) => answers.has(line.replace(/^SIP\/2\.0 /, "")));
    expect(parserAnswers).toHaveLength(expected.counts.answerable);
    // still alive: a well-formed OPTIONS is answered
    const probe = `OPTIONS sip:127.0.0.1 SIP/2.0\r\nVia: SIP/2.0/UDP ${via};rport;branch=z9hG4bKalive\r\nFrom: <sip:a@b>;tag=1\r\nTo: <sip:c@d>\r\nCall-ID: alive\r\nCSeq: 1 OPTIONS\r\nMax-Forwards: 70\r\nContent-Length: 0\r\n\r\n`;
    const alive = new Promise<string>((resolve) => fuzzer.on("message", (data) => data.includes("Call-ID: alive") && resolve(data.toString().split("\r\n")[0])));
    fuzzer.send(probe, ua.port, "127.0.0.1");
    expect(await alive).toBe("SIP/2.0 200 OK");
    expect(errors.mock.calls.filter((call) => String(call[0]).startsWith("sip:"))).toEqual([]);
    fuzzer.close();
  });
});
