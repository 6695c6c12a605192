/**
 * npm run bench:phone [-- --calls 50 --seconds 15 --webhooks 400]
 *
 * The three telephony targets, each against a baseline measured in the same run:
 * 1. carrier webhooks answered (verify, parse, record) p99 < 100 ms — against a bare primary-key
 *    read of the same database (the least any handler does);
 * 2. a phone turn adds ≤ 10 ms p50 of our own time over the same turn on a web call — the carrier
 *    edge's work for one turn (2 s of caller speech in, 3 s of agent speech out, marks) against the
 *    web socket's binary PCM for the same audio;
 * 3. 50 concurrent phone calls keep output pacing jitter p99 ≤ 20 ms — media sessions on Twilio
 *    media streams over real WebSockets to real-time carrier peers, against idle 20 ms timers.
 */
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { WebSocketServer } from "ws";
import { createOrganization } from "@/lib/auth/organizations";
import { connectPglite } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { calls, phoneNumbers } from "@/lib/db/schema";
import { bytesToPcm } from "@/lib/media/audio/pcm";
import { PeriodicTimer, realClock } from "@/lib/media/clock";
import { encodeMulaw } from "@/lib/media/g711";
import { MediaSession } from "@/lib/media/session/media-session";
import type { AgentOutput, CallerInput, ConversationPort } from "@/lib/media/session/conversation-port";
import type { TextToSpeech } from "@/lib/media/tts/text-to-speech";
import type { RecognitionStream, SpeechToText } from "@/lib/media/stt/speech-to-text";
import { CarrierMediaTransport } from "@/lib/telephony/carrier-media-transport";
import { handleCarrierWebhook } from "@/lib/telephony/carrier-webhooks";
import { TwilioMediaStream } from "@/lib/telephony/twilio/twilio-media-stream";
import { MediaStreamPeer } from "../../tests/helpers/carriers/media-stream-peer";
import { formatMs, summarize, textTable } from "./stats";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const CALLS = option("calls", 50);
const SECONDS = option("seconds", 15);
const WEBHOOKS = option("webhooks", 400);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- 1. webhooks ----------------------------------------------------------------------------

async function webhooks() {
  const connection = await connectPglite();
  await applyMigrations(connection);
  const db = connection.db;
  const organization = await createOrganization(db, "Bench");
  const accountSid = `AC${"0".repeat(32)}`;
  const authToken = "bench-auth-token";
  const publicBaseUrl = "https://voice.example.com";
  const settings = { publicBaseUrl, env: { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken } };
  const deps = { db, queue: { send: async () => {} }, settings };
  await db.insert(phoneNumbers).values({ organizationId: organization.id, number: "+14155550100", carrier: "twilio" });
  const [call] = await db
    .insert(calls)
    .values({ organizationId: organization.id, agentId: organization.id, type: "phone_call", status: "ringing", direction: "outbound", fromNumber: "+14155550100", toNumber: "+14155550123", carrier: "twilio", carrierCallId: "CA1" })
    .returning({ id: calls.id });
  const signed = (path: string, fields: Record<string, string>) => {
    const url = `${publicBaseUrl}${path}`;
    const data = Object.keys(fields)
      .sort()
      .reduce((text, name) => text + name + fields[name], url);
    const signature = createHmac("sha1", authToken).update(data).digest("base64");
    return new Request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature }, body: new URLSearchParams(fields).toString() });
  };
  const base = { AccountSid: accountSid, CallSid: "CA1", From: "+14155550100", To: "+14155550123", Direction: "outbound-api", CallbackSource: "call-progress-events" };
  const statuses = ["initiated", "ringing", "in-progress"];
  const samples: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < WEBHOOKS; i++) {
    const request =
      i % 4 === 3
        ? signed(`/telephony/twilio/amd?call_id=${call.id}`, { ...base, AnsweredBy: "human" })
        : signed(`/telephony/twilio/status?call_id=${call.id}`, { ...base, CallStatus: statuses[i % 3], SequenceNumber: String(i) });
    const start = performance.now();
    const response = await handleCarrierWebhook(deps, "twilio", request);
    await response.text();
    samples.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
    const floorStart = performance.now();
    await db.select({ id: calls.id }).from(calls).where(eq(calls.id, call.id));
    floor.push(performance.now() - floorStart);
  }
  await connection.close();
  return { webhook: summarize(samples.slice(20)), floor: summarize(floor.slice(20)) };
}

// ---- 2. the carrier edge's cost per turn --------------------------------------------------------

function edgeCost() {
  const caller = 100; // 2 s of caller speech
  const agent = 150; // 3 s of agent speech
  const tone = Int16Array.from({ length: 160 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)));
  const payload = Buffer.from(encodeMulaw(tone)).toString("base64");
  const frames = Array.from({ length: caller }, (_, n) => `{"event":"media","sequenceNumber":"${n + 2}","media":{"track":"inbound","chunk":"${n}","timestamp":"${n * 20}","payload":"${payload}"},"streamSid":"MZ1"}`);
  const web16k = Buffer.from(new Int16Array(320).buffer); // the web socket's 20 ms at 16 kHz
  const agent24k = new Int16Array(480);
  const phone: number[] = [];
  const web: number[] = [];
  let sink = 0;
  for (let turn = 0; turn < 400; turn++) {
    let live: CarrierMediaTransport | null = null;
    const wired = new TwilioMediaStream({
      send: (text) => (sink += text.length),
      handlers: { audio: (frame) => live?.handlers.audio(frame), mark: (name) => live?.handlers.mark(name) },
      log: () => {},
    });
    live = new CarrierMediaTransport(wired, async () => {}, () => {});
    live.onAudio((audio) => (sink += audio.pcm.length));
    wired.receive('{"event":"start","start":{"streamSid":"MZ1","callSid":"CA1","customParameters":{}},"streamSid":"MZ1"}');
    let start = performance.now();
    for (const frame of frames) wired.receive(frame);
    for (let i = 0; i < agent; i++) live.play(tone);
    live.mark("sentence-1");
    wired.receive('{"event":"mark","streamSid":"MZ1","mark":{"name":"sentence-1"}}');
    phone.push(performance.now() - start);
    start = performance.now();
    for (let i = 0; i < caller; i++) sink += bytesToPcm(new Uint8Array(web16k)).length;
    for (let i = 0; i < agent; i++) sink += Buffer.from(agent24k.buffer, agent24k.byteOffset, agent24k.byteLength).length;
    web.push(performance.now() - start);
  }
  if (sink === 0) throw new Error("nothing happened");
  return { phone: summarize(phone.slice(50)), web: summarize(web.slice(50)) };
}

// ---- 3. 50 concurrent phone calls ---------------------------------------------------------------

/** Speaks every sentence as 1 s of tone at once (an instant voice): pacing is all that is measured. */
class InstantVoice implements TextToSpeech {
  readonly provider = "instant";
  readonly sampleRate = 8000;
  async *synthesize(text: string): AsyncIterable<Int16Array> {
    void text;
    yield Int16Array.from({ length: 8000 }, (_, i) => Math.round(6000 * Math.sin((2 * Math.PI * 500 * i) / 8000)));
  }
}

class SilentEars implements SpeechToText {
  readonly provider = "none";
  readonly sampleRate = 16000;
  readonly streaming = false;
  open(): RecognitionStream {
    return { write: () => {}, peek: async () => "", finish: async () => "", discard: () => {}, close: async () => {} };
  }
}

/** Talks for the whole run: a new 10-sentence reply whenever the last one has finished. */
class Chatterbox implements ConversationPort {
  async *respond(input: CallerInput): AsyncIterable<AgentOutput> {
    void input;
    for (let i = 0; i < 10; i++) yield { type: "text", text: `Sentence number ${i}. ` };
  }
  agentSpoke(): void {}
  end(): void {}
}

async function baselineTimers(count: number, ms: number): Promise<number[]> {
  const jitter: number[] = [];
  const timers = Array.from({ length: count }, () => {
    let last: number | null = null;
    return new PeriodicTimer(realClock, 20, () => {
      const now = performance.now();
      if (last !== null) jitter.push(Math.abs(now - last - 20));
      last = now;
    });
  });
  timers.forEach((timer, i) => timer.begin(performance.now() + (i * 20) / count));
  await sleep(ms);
  timers.forEach((timer) => timer.stop());
  return jitter;
}

async function concurrentCalls() {
  const server = createServer();
  const sockets = new WebSocketServer({ server });
  const pacing: number[] = [];
  const sessions: MediaSession[] = [];
  sockets.on("connection", (socket) => {
    let transport: CarrierMediaTransport | null = null;
    let last: number | null = null;
    const stream = new TwilioMediaStream({
      send: (text) => socket.send(text),
      handlers: {
        start: () => {
          transport = new CarrierMediaTransport(stream, async () => {}, () => socket.close());
          const play = transport.play.bind(transport);
          transport.play = (frame) => {
            const now = performance.now();
            if (last !== null && now - last < 100) pacing.push(Math.abs(now - last - 20));
            last = now;
            play(frame);
          };
          void MediaSession.start({
            transport,
            stt: new SilentEars(),
            tts: new InstantVoice(),
            port: new Chatterbox(),
            settings: { interruptions: false, interruptions_sensitivity: "medium", initial_message_delay: 0, max_call_duration: 600, presence_check_idle_threshold: 600 },
          }).then((session) => sessions.push(session));
        },
        audio: (frame) => transport?.handlers.audio(frame),
        mark: (name) => transport?.handlers.mark(name),
        stop: () => transport?.handlers.stop(),
      },
      log: () => {},
    });
    socket.on("message", (data) => stream.receive(data.toString()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/telephony/twilio/media`;
  const peers = await Promise.all(
    Array.from({ length: CALLS }, (_, i) => MediaStreamPeer.connect({ flavor: "twilio", url, streamId: `MZ${i}`, carrierCallId: `CA${i}`, accountId: "AC0", customParameters: {} })),
  );
  // Each session greets with its first reply only on a caller turn: start each with one.
  await sleep(300);
  for (const session of sessions) session.sendText("hello");
  const talk = setInterval(() => {
    for (const session of sessions) session.sendText("go on");
  }, 4000);
  await sleep(SECONDS * 1000);
  clearInterval(talk);
  const heard = peers.map((peer) => peer.mediaFramesReceived);
  const errors = peers.flatMap((peer) => peer.protocolErrors);
  await Promise.all(peers.map((peer) => peer.stop()));
  sockets.close();
  server.close();
  return { pacing: summarize(pacing), framesPerCall: summarize(heard), errors: errors.length };
}

async function main() {
  console.log(`bench:phone (Node ${process.version}): ${WEBHOOKS} webhooks, ${CALLS} concurrent calls for ${SECONDS} s\n`);
  const hooks = await webhooks();
  const edge = edgeCost();
  const idle = summarize(await baselineTimers(CALLS * 2, 5000));
  const concurrent = await concurrentCalls();
  console.log(
    textTable(
      ["measure", "samples", "p50 ms", "p99 ms", "baseline p50 / p99 ms", "target"],
      [
        ["carrier webhook answered (verify, parse, record)", String(hooks.webhook.count), formatMs(hooks.webhook.p50), formatMs(hooks.webhook.p99), `${formatMs(hooks.floor.p50)} / ${formatMs(hooks.floor.p99)} (primary-key read)`, `p99 < 100: ${hooks.webhook.p99 < 100 ? "PASS" : "FAIL"}`],
        ["a turn's carrier edge (2 s in, 3 s out, a mark)", String(edge.phone.count), formatMs(edge.phone.p50), formatMs(edge.phone.p99), `${formatMs(edge.web.p50)} / ${formatMs(edge.web.p99)} (web socket PCM)`, `added p50 ≤ 10: ${edge.phone.p50 - edge.web.p50 <= 10 ? "PASS" : "FAIL"}`],
        [`output pacing jitter, ${CALLS} phone calls`, String(concurrent.pacing.count), formatMs(concurrent.pacing.p50), formatMs(concurrent.pacing.p99), `${formatMs(idle.p50)} / ${formatMs(idle.p99)} (idle 20 ms timers)`, `p99 ≤ 20: ${concurrent.pacing.p99 <= 20 ? "PASS" : "FAIL"}`],
      ],
      [false, true, true, true, false, false],
    ),
  );
  console.log(`\nframes heard per call: p50 ${concurrent.framesPerCall.p50}, min ${concurrent.framesPerCall.min}; carrier protocol errors: ${concurrent.errors}`);
  console.log(`phone turn's own added time over a web turn, p50: ${formatMs(edge.phone.p50 - edge.web.p50)} ms`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
