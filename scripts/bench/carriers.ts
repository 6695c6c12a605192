/**
 * npm run bench:carriers [-- --iterations 20000]
 *
 * The carrier protocol's own cost per unit of work, in microseconds: verifying a webhook (Twilio
 * HMAC-SHA1 with its four URL variants, Telnyx Ed25519), reading one 20 ms media frame (Twilio, and
 * Telnyx through its reorder buffer) and writing one. The baseline, measured in the same run, is
 * the least any handler must do with a frame: JSON.parse plus base64 decoding of its payload.
 */
import { generateKeyPairSync, sign } from "node:crypto";
import { encodeMulaw } from "@/lib/media/g711";
import { TelnyxMediaStream } from "@/lib/telephony/telnyx/telnyx-media-stream";
import { telnyxPublicKey, verifyTelnyxSignature } from "@/lib/telephony/telnyx/telnyx-signature";
import { TwilioMediaStream } from "@/lib/telephony/twilio/twilio-media-stream";
import { twilioSignature, validateTwilioRequest } from "@/lib/telephony/twilio/twilio-signature";
import { summarize } from "./stats";

const args = process.argv.slice(2);
const at = args.indexOf("--iterations");
const iterations = at === -1 ? 20_000 : Number(args[at + 1]);

/** Per-operation microseconds over batches of 100 (so the clock's resolution does not dominate). */
function measure(run: (i: number) => void): { p50: number; p99: number; mean: number } {
  const batch = 100;
  for (let i = 0; i < Math.min(iterations, 2000); i++) run(i); // warm-up
  const samples: number[] = [];
  for (let done = 0; done < iterations; done += batch) {
    const start = process.hrtime.bigint();
    for (let i = done; i < done + batch; i++) run(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e3 / batch);
  }
  const summary = summarize(samples);
  return { p50: summary.p50, p99: summary.p99, mean: summary.mean };
}

const tone = Int16Array.from({ length: 160 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 8000)));
const payload = Buffer.from(encodeMulaw(tone)).toString("base64");
const twilioFrame = (n: number) => `{"event":"media","sequenceNumber":"${n}","media":{"track":"inbound","chunk":"${n}","timestamp":"${n * 20}","payload":"${payload}"},"streamSid":"MZ1"}`;
const telnyxFrame = (n: number) => `{"event":"media","sequence_number":"${n}","media":{"track":"inbound","chunk":"${n}","timestamp":"${n * 20}","payload":"${payload}"},"stream_id":"st-1"}`;
const sink = { frames: 0 };

const baseline = measure((i) => {
  const message = JSON.parse(twilioFrame(i)) as { media: { payload: string } };
  sink.frames += Buffer.from(message.media.payload, "base64").length;
});

const twilio = new TwilioMediaStream({ send: () => {}, handlers: { audio: () => sink.frames++ }, log: () => {} });
twilio.receive(JSON.stringify({ event: "start", start: { streamSid: "MZ1", callSid: "CA1", customParameters: {} }, streamSid: "MZ1" }));
let twilioSequence = 1;
const twilioIn = measure(() => twilio.receive(twilioFrame(++twilioSequence)));

const telnyx = new TelnyxMediaStream({ send: () => {}, handlers: { audio: () => sink.frames++ }, log: () => {} });
telnyx.receive(JSON.stringify({ event: "start", sequence_number: "1", start: { call_control_id: "v3:a", media_format: { encoding: "PCMU" } }, stream_id: "st-1" }));
// Every 5th frame arrives after its successor, so the reorder buffer works on every batch.
let telnyxSequence = 1;
const telnyxIn = measure(() => {
  const n = ++telnyxSequence;
  if (n % 5 === 0) return;
  telnyx.receive(telnyxFrame(n));
  if (n % 5 === 1) telnyx.receive(telnyxFrame(n - 1));
});

let sent = 0;
const twilioOut = new TwilioMediaStream({ send: (text) => (sent += text.length), handlers: {}, log: () => {} });
twilioOut.receive(JSON.stringify({ event: "start", start: { streamSid: "MZ1", callSid: "CA1" }, streamSid: "MZ1" }));
const out = measure(() => twilioOut.sendAudio(tone));

const token = "12345";
const url = "https://voice.example.com/telephony/twilio/status?call_id=3f1c1c1e-7c5a-4a61-9f1e-2f0a1b2c3d4e";
const fields = { AccountSid: "AC0", ApiVersion: "2010-04-01", CallSid: "CA0", CallStatus: "ringing", Direction: "outbound-api", From: "+15550100001", To: "+15550199999", SequenceNumber: "1", CallbackSource: "call-progress-events", Timestamp: new Date().toUTCString() };
const form = new URLSearchParams(fields).toString();
const signature = twilioSignature(token, url, fields);
const twilioVerify = measure(() => {
  if (!validateTwilioRequest(token, signature, url, form)) throw new Error("signature");
});

const pair = generateKeyPairSync("ed25519");
const publicKey = telnyxPublicKey(Buffer.from(pair.publicKey.export({ format: "jwk" }).x as string, "base64url").toString("base64"));
const body = JSON.stringify({ data: { event_type: "call.answered", id: "e1", occurred_at: new Date().toISOString(), payload: { call_control_id: "v3:a", client_state: "e30=" }, record_type: "event" } });
const timestamp = String(Math.floor(Date.now() / 1000));
const edSignature = sign(null, Buffer.from(`${timestamp}|${body}`), pair.privateKey).toString("base64");
const telnyxVerify = measure(() => {
  if (!verifyTelnyxSignature({ publicKey, signature: edSignature, timestamp, rawBody: body }).ok) throw new Error("signature");
});

const row = (name: string, value: { p50: number; p99: number }, ratio = true) =>
  `| ${name} | ${value.p50.toFixed(2)} | ${value.p99.toFixed(2)} | ${ratio ? `${(value.p50 / baseline.p50).toFixed(2)}×` : "—"} |`;
console.log(`carrier protocol costs, µs per operation (${iterations} operations, batches of 100; Node ${process.version})\n`);
console.log("| operation | p50 µs | p99 µs | vs baseline p50 |\n|---|---:|---:|---:|");
console.log(row("baseline: JSON.parse + base64 decode of a 20 ms frame", baseline));
console.log(row("Twilio media frame in (parse, check, decode μ-law, 20 ms frame out)", twilioIn));
console.log(row("Telnyx media frame in (+ reorder buffer, 1 in 5 out of order)", telnyxIn));
console.log(row("our 20 ms frame out (encode μ-law, base64, JSON)", out));
console.log(row("Twilio webhook signature (HMAC-SHA1, up to 4 URL variants)", twilioVerify, false));
console.log(row("Telnyx webhook signature (Ed25519 verify)", telnyxVerify, false));
if (telnyx.stats.lost !== 0 || twilio.stats.badFrames !== 0) throw new Error("frames were lost or refused during the benchmark");
