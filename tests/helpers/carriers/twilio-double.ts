import { createHmac } from "node:crypto";
import { type CallScript, type DoubleReply, type DoubleRequest, e164, randomHex, sleep, startDoubleServer, until } from "./double-http";
import { MediaStreamPeer } from "./media-stream-peer";

export type TwilioNumber = {
  sid: string;
  phone_number: string;
  friendly_name: string;
  voice_url: string | null;
  voice_method: string;
  status_callback: string | null;
  voice_application_sid: string | null;
  trunk_sid: string | null;
  capabilities: { voice: boolean; sms: boolean; mms: boolean; fax: boolean };
};

export type TwilioCallback = { url: string; params: Record<string, string>; status: number; body: string };

export type TwilioDoubleCall = {
  sid: string;
  direction: "outbound-api" | "inbound";
  from: string;
  to: string;
  status: string;
  script: CallScript;
  /** The create request's fields (outbound). */
  params: Record<string, string | string[]>;
  peer: MediaStreamPeer | null;
  streams: { url: string; parameters: Record<string, string> }[];
  said: string[];
  dialed: { to: string; callerId: string | null }[];
  callbacks: TwilioCallback[];
  answeredAt: number | null;
  endedAt: number | null;
  /** When the call was created (the dial request, or the inbound ring), Date.now(). */
  createdAt: number;
  /** The conference it joined (`<Dial><Conference>`), when, and what its stream had heard by then. */
  conference: { name: string; joinedAt: number; endOnExit: boolean; heardBeforeJoin: Int16Array | null } | null;
};

type Stream = { url: string; parameters: Record<string, string>; statusCallback: string | null };
type Conference = { name: string; startConferenceOnEnter: boolean; endConferenceOnExit: boolean; beep: boolean };
type Twiml = {
  stream: Stream | null;
  dial: { to: string; action: string | null; callerId: string | null } | null;
  conference: Conference | null;
  say: string[];
  hangup: boolean;
  reject: "busy" | "rejected" | null;
};

const FINAL = new Set(["completed", "busy", "no-answer", "failed", "canceled"]);
const unescape = (value: string) => value.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
function attributesOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name, value] of text.matchAll(/([A-Za-z]+)="([^"]*)"/g)) out[name] = unescape(value);
  return out;
}

/** Reads the TwiML verbs we use; null when it is not a `<Response>` document. */
function parseTwiml(xml: string): Twiml | null {
  const body = xml.replace(/^<\?xml[^>]*\?>/, "").trim();
  if (!/^<Response\s*\/>$|^<Response>[\s\S]*<\/Response>$/.test(body)) return null;
  const streamMatch = body.match(/<Connect>\s*<Stream([^>]*?)(?:\/>|>([\s\S]*?)<\/Stream>)\s*<\/Connect>/);
  let stream: Stream | null = null;
  if (streamMatch) {
    const attributes = attributesOf(streamMatch[1]);
    const parameters: Record<string, string> = {};
    for (const [, inner] of (streamMatch[2] ?? "").matchAll(/<Parameter([^>]*)\/>/g)) {
      const parameter = attributesOf(inner);
      if (parameter.name) parameters[parameter.name] = parameter.value ?? "";
    }
    stream = { url: attributes.url ?? "", parameters, statusCallback: attributes.statusCallback ?? null };
  }
  const dialMatch = body.match(/<Dial([^>]*)>\s*(?:<Number>([^<]*)<\/Number>|([^<]*))\s*<\/Dial>/);
  const dialAttributes = dialMatch ? attributesOf(dialMatch[1]) : {};
  const dial = dialMatch ? { to: unescape((dialMatch[2] ?? dialMatch[3] ?? "").trim()), action: dialAttributes.action ?? null, callerId: dialAttributes.callerId ?? null } : null;
  const conferenceMatch = body.match(/<Dial[^>]*>\s*<Conference([^>]*)>([^<]*)<\/Conference>\s*<\/Dial>/);
  const flag = (value: string | undefined, fallback: boolean) => (value === undefined ? fallback : value === "true");
  const conferenceAttributes = conferenceMatch ? attributesOf(conferenceMatch[1]) : {};
  const conference = conferenceMatch
    ? {
        name: unescape(conferenceMatch[2].trim()),
        startConferenceOnEnter: flag(conferenceAttributes.startConferenceOnEnter, true),
        endConferenceOnExit: flag(conferenceAttributes.endConferenceOnExit, false),
        beep: flag(conferenceAttributes.beep, true),
      }
    : null;
  const say = [...body.matchAll(/<Say[^>]*>([^<]*)<\/Say>/g)].map((match) => unescape(match[1]));
  const rejectMatch = body.match(/<Reject([^>]*)\/>/);
  const reject = rejectMatch ? (attributesOf(rejectMatch[1]).reason === "busy" ? "busy" : "rejected") : null;
  return { stream, dial: conference ? null : dial, conference, say, hangup: /<Hangup\s*\/>/.test(body), reject };
}

function twilioError(status: number, code: number, message: string): DoubleReply {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

/**
 * Twilio's REST API (Calls, IncomingPhoneNumbers, Account) and its side of each call on 127.0.0.1:
 * validates what we send as Twilio would, plays scripted outcomes, posts signed callbacks to the
 * URLs we gave, and opens the media stream to our WebSocket in real time.
 */
export class TwilioDouble {
  readonly accountSid = `AC${randomHex(32)}`;
  readonly authToken = randomHex(32);
  readonly numbers: TwilioNumber[] = [];
  readonly calls = new Map<string, TwilioDoubleCall>();
  readonly requests: { method: string; path: string; params: Record<string, string | string[]> }[] = [];
  /** Numbers a call may come from besides the account's own (Twilio's verified caller ids). */
  readonly verifiedCallerIds: string[] = [];
  defaultScript: CallScript = { outcome: "human" };
  private readonly scripts = new Map<string, CallScript>();
  private sequence = new Map<string, number>();
  baseUrl = "";
  private closeServer: () => Promise<void> = async () => {};

  static async start(): Promise<TwilioDouble> {
    const double = new TwilioDouble();
    const server = await startDoubleServer((request) => double.handle(request));
    double.baseUrl = server.baseUrl;
    double.closeServer = server.close;
    return double;
  }

  async close(): Promise<void> {
    await Promise.all([...this.calls.values()].map((call) => call.peer?.stop()));
    await this.closeServer();
  }

  addNumber(phoneNumber: string, fields: Partial<TwilioNumber> = {}): TwilioNumber {
    const number: TwilioNumber = {
      sid: `PN${randomHex(32)}`,
      phone_number: phoneNumber,
      friendly_name: phoneNumber,
      voice_url: null,
      voice_method: "POST",
      status_callback: null,
      voice_application_sid: null,
      trunk_sid: null,
      capabilities: { voice: true, sms: true, mms: false, fax: false },
      ...fields,
    };
    this.numbers.push(number);
    return number;
  }

  /** How calls to `to` (or transfers from them) go. */
  script(to: string, script: CallScript): void {
    this.scripts.set(to, script);
  }

  /** A caller rings one of the account's numbers: Twilio asks its voice URL what to do. */
  async placeInboundCall(input: { from: string; to: string; script?: CallScript }): Promise<TwilioDoubleCall> {
    const number = this.numbers.find((each) => each.phone_number === input.to);
    if (!number?.voice_url) throw new Error(`${input.to} is not an account number with a voice URL`);
    const call = this.newCall("inbound", input.from, input.to, input.script ?? this.defaultScript, {});
    const reply = await this.callback(call, number.voice_url, { CallStatus: "ringing", Direction: "inbound", Called: input.to, Caller: input.from });
    const twiml = reply.status === 200 ? parseTwiml(reply.body) : null;
    if (!twiml) {
      call.said.push("An application error has occurred."); // what Twilio plays when the webhook fails
      await this.finish(call, "failed", number.status_callback);
      return call;
    }
    if (twiml.reject) {
      // <Reject>: never answered; the caller hears busy (reason="busy") or the carrier's "not in service".
      await this.finish(call, twiml.reject === "busy" ? "busy" : "failed", number.status_callback);
      return call;
    }
    void this.execute(call, twiml, number.status_callback, true);
    return call;
  }

  call(sid: string): TwilioDoubleCall {
    const call = this.calls.get(sid);
    if (!call) throw new Error(`no call ${sid}`);
    return call;
  }

  /** Waits until the call has a media stream (the far end connected to our WebSocket). */
  async streamOf(call: TwilioDoubleCall, timeoutMs = 5000): Promise<MediaStreamPeer> {
    await until(() => call.peer !== null || FINAL.has(call.status), timeoutMs, `the stream of ${call.sid}`);
    if (!call.peer) throw new Error(`call ${call.sid} ended (${call.status}) without a stream`);
    return call.peer;
  }

  async ended(call: TwilioDoubleCall, timeoutMs = 10_000): Promise<void> {
    await until(() => FINAL.has(call.status), timeoutMs, `the end of ${call.sid}`);
  }

  /** The far end hangs up. */
  async hangUp(call: TwilioDoubleCall): Promise<void> {
    await this.finish(call, "completed", this.statusCallbackOf(call));
  }

  private async handle(request: DoubleRequest): Promise<DoubleReply> {
    const params = parseForm(request.body);
    const path = request.url.pathname;
    this.requests.push({ method: request.method, path, params });
    const auth = request.headers.authorization ?? "";
    const [user, password] = Buffer.from(auth.replace(/^Basic /, ""), "base64").toString("utf8").split(":");
    if (!auth.startsWith("Basic ") || user !== this.accountSid || password !== this.authToken) return twilioError(401, 20003, "Authenticate");
    const prefix = `/2010-04-01/Accounts/${this.accountSid}`;
    if (!path.startsWith(prefix)) return twilioError(404, 20404, `The requested resource ${path} was not found`);
    const rest = path.slice(prefix.length);
    if (rest === ".json" && request.method === "GET") return { status: 200, body: { sid: this.accountSid, friendly_name: "Test account", status: "active" } };
    if (rest === "/Calls.json" && request.method === "POST") return this.createCall(params);
    const callMatch = rest.match(/^\/Calls\/(CA[0-9a-f]{32})\.json$/);
    if (callMatch && request.method === "POST") return this.updateCall(callMatch[1], params);
    if (rest === "/IncomingPhoneNumbers.json" && request.method === "GET") return this.listNumbers(request.url.searchParams);
    const numberMatch = rest.match(/^\/IncomingPhoneNumbers\/(PN[0-9a-f]{32})\.json$/);
    const number = numberMatch ? this.numbers.find((each) => each.sid === numberMatch[1]) : undefined;
    if (numberMatch && !number) return twilioError(404, 20404, `The requested resource ${path} was not found`);
    if (number && request.method === "GET") return { status: 200, body: number };
    if (number && request.method === "POST") return this.updateNumber(number, params);
    return twilioError(404, 20404, `The requested resource ${path} was not found`);
  }

  private createCall(params: Record<string, string | string[]>): DoubleReply {
    const to = single(params.To);
    const from = single(params.From);
    if (!to) return twilioError(400, 21201, "No 'To' number is specified");
    if (!e164.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    if (!from) return twilioError(400, 21213, "No 'From' number is specified");
    if (!this.numbers.some((number) => number.phone_number === from) && !this.verifiedCallerIds.includes(from)) {
      return twilioError(400, 21210, `The source phone number provided, ${from}, is not yet verified for your account.`);
    }
    const twimlText = single(params.Twiml);
    if (!twimlText && !single(params.Url)) return twilioError(400, 21205, "Url parameter is required.");
    if (twimlText && twimlText.length > 4000) return twilioError(400, 21254, "Twiml parameter is too long (4000 characters at most).");
    const twiml = twimlText ? parseTwiml(twimlText) : null;
    if (twimlText && !twiml) return twilioError(400, 12100, "Document parse failure: the Twiml parameter is not a <Response> document.");
    if (twiml?.stream) {
      const url = twiml.stream.url;
      // Twilio drops a query string from a <Stream> url, so the stream never authenticates: refuse it loudly.
      if (/[?#]/.test(url)) return twilioError(400, 31920, "Stream - WebSocket - Handshake Error: a <Stream> url cannot carry a query string; use <Parameter>.");
      if (!/^wss:\/\//.test(url) && !/^ws:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) return twilioError(400, 31922, "Stream - WebSocket - URL Schema Not Supported (wss only).");
    }
    const events = toArray(params.StatusCallbackEvent);
    if (events.some((event) => !["initiated", "ringing", "answered", "completed"].includes(event))) return twilioError(400, 21626, "Invalid StatusCallbackEvent.");
    const detection = single(params.MachineDetection);
    if (detection && detection !== "Enable" && detection !== "DetectMessageEnd") return twilioError(400, 21626, "MachineDetection must be Enable or DetectMessageEnd.");
    const call = this.newCall("outbound-api", from, to, this.scripts.get(to) ?? this.defaultScript, params);
    void this.runOutbound(call, twiml);
    return { status: 201, body: this.resource(call) };
  }

  private async updateCall(sid: string, params: Record<string, string | string[]>): Promise<DoubleReply> {
    const call = this.calls.get(sid);
    if (!call || FINAL.has(call.status)) return twilioError(404, 20404, `The requested resource /2010-04-01/Accounts/${this.accountSid}/Calls/${sid}.json was not found`);
    const status = single(params.Status);
    if (status === "completed" || status === "canceled") {
      await this.finish(call, call.answeredAt ? "completed" : "canceled", this.statusCallbackOf(call));
      return { status: 200, body: this.resource(call) };
    }
    const twimlText = single(params.Twiml);
    if (twimlText) {
      const twiml = parseTwiml(twimlText);
      if (!twiml) return twilioError(400, 12100, "Document parse failure.");
      if (call.status !== "in-progress") return twilioError(400, 21220, "Call is not in-progress. Cannot redirect.");
      void this.execute(call, twiml, this.statusCallbackOf(call), false);
      return { status: 200, body: this.resource(call) };
    }
    return twilioError(400, 20001, "Nothing to update: give Status or Twiml.");
  }

  private listNumbers(query: URLSearchParams): DoubleReply {
    const size = Math.min(Number(query.get("PageSize") ?? 50) || 50, 1000);
    const page = Number(query.get("Page") ?? 0) || 0;
    const slice = this.numbers.slice(page * size, (page + 1) * size);
    const base = `/2010-04-01/Accounts/${this.accountSid}/IncomingPhoneNumbers.json`;
    const more = (page + 1) * size < this.numbers.length;
    return {
      status: 200,
      body: { incoming_phone_numbers: slice, page, page_size: size, next_page_uri: more ? `${base}?PageSize=${size}&Page=${page + 1}&PageToken=PA${randomHex(32)}` : null, uri: base },
    };
  }

  private updateNumber(number: TwilioNumber, params: Record<string, string | string[]>): DoubleReply {
    const voiceUrl = single(params.VoiceUrl);
    if (voiceUrl !== undefined && voiceUrl !== "" && !/^https?:\/\//.test(voiceUrl)) return twilioError(400, 21502, "VoiceUrl is not a valid URL.");
    if (voiceUrl !== undefined) number.voice_url = voiceUrl || null;
    if (single(params.VoiceMethod)) number.voice_method = single(params.VoiceMethod) as string;
    if (single(params.StatusCallback) !== undefined) number.status_callback = single(params.StatusCallback) || null;
    if (single(params.VoiceApplicationSid) !== undefined) number.voice_application_sid = single(params.VoiceApplicationSid) || null;
    if (single(params.TrunkSid) !== undefined) number.trunk_sid = single(params.TrunkSid) || null;
    return { status: 200, body: number };
  }

  private newCall(direction: TwilioDoubleCall["direction"], from: string, to: string, script: CallScript, params: Record<string, string | string[]>): TwilioDoubleCall {
    const call: TwilioDoubleCall = {
      sid: `CA${randomHex(32)}`,
      direction,
      from,
      to,
      status: direction === "inbound" ? "ringing" : "queued",
      script,
      params,
      peer: null,
      streams: [],
      said: [],
      dialed: [],
      callbacks: [],
      answeredAt: null,
      endedAt: null,
      createdAt: Date.now(),
      conference: null,
    };
    this.calls.set(call.sid, call);
    return call;
  }

  private resource(call: TwilioDoubleCall) {
    return { sid: call.sid, account_sid: this.accountSid, to: call.to, from: call.from, status: call.status, direction: call.direction, api_version: "2010-04-01", duration: null };
  }

  private statusCallbackOf(call: TwilioDoubleCall): string | null {
    if (call.direction === "inbound") return this.numbers.find((number) => number.phone_number === call.to)?.status_callback ?? null;
    return single(call.params.StatusCallback) ?? null;
  }

  private subscribed(call: TwilioDoubleCall, event: string): boolean {
    const events = toArray(call.params.StatusCallbackEvent);
    return event === "completed" || events.includes(event);
  }

  private async progress(call: TwilioDoubleCall, event: "initiated" | "ringing" | "answered", status: string): Promise<void> {
    const url = this.statusCallbackOf(call);
    if (url && this.subscribed(call, event)) await this.callback(call, url, { CallStatus: status, CallbackSource: "call-progress-events" });
  }

  private async runOutbound(call: TwilioDoubleCall, twiml: Twiml | null): Promise<void> {
    await sleep(5);
    if (FINAL.has(call.status)) return;
    call.status = "initiated";
    await this.progress(call, "initiated", "initiated");
    if (FINAL.has(call.status)) return;
    call.status = "ringing";
    await this.progress(call, "ringing", "ringing");
    // Twilio gives up after `Timeout` seconds of ringing (default 60) and reports no-answer.
    const timeoutMs = Number(single(call.params.Timeout) ?? 60) * 1000;
    const ringMs = call.script.ringMs ?? 50;
    await sleep(Math.min(ringMs, timeoutMs));
    if (FINAL.has(call.status)) return;
    const outcome = ringMs > timeoutMs ? "no_answer" : call.script.outcome;
    const callback = this.statusCallbackOf(call);
    if (outcome === "busy" || outcome === "no_answer" || outcome === "failed") {
      return this.finish(call, outcome === "no_answer" ? "no-answer" : outcome, callback);
    }
    this.answer(call);
    await this.progress(call, "answered", "in-progress");
    this.detectMachine(call);
    if (twiml) await this.execute(call, twiml, callback, false);
  }

  private answer(call: TwilioDoubleCall): void {
    call.status = "in-progress";
    call.answeredAt = Date.now();
    const after = call.script.hangUpAfterMs;
    if (after !== undefined) setTimeout(() => void this.finish(call, "completed", this.statusCallbackOf(call)), after);
  }

  private detectMachine(call: TwilioDoubleCall): void {
    const mode = single(call.params.MachineDetection);
    const url = single(call.params.AsyncAmdStatusCallback);
    if (!mode || !url) return;
    const voicemail = call.script.outcome === "voicemail";
    const waitForEnd = mode === "DetectMessageEnd" && voicemail;
    const delay = waitForEnd ? (call.script.greetingMs ?? 300) : 100;
    const answeredBy = !voicemail ? "human" : waitForEnd ? "machine_end_beep" : "machine_start";
    setTimeout(() => {
      if (call.status === "in-progress") void this.callback(call, url, { AnsweredBy: answeredBy, MachineDetectionDuration: String(delay) });
    }, delay);
  }

  /** Runs TwiML on a live call: a stream to us, a dial (transfer or redirect), or words and a hang-up. */
  private async execute(call: TwilioDoubleCall, twiml: Twiml, statusCallback: string | null, inbound: boolean): Promise<void> {
    if (twiml.stream) {
      if (inbound) this.answer(call);
      return this.openStream(call, twiml.stream, statusCallback);
    }
    if (twiml.dial) return this.dial(call, twiml.dial, statusCallback);
    if (twiml.conference) return this.joinConference(call, twiml.conference);
    call.said.push(...twiml.say);
    if (inbound && twiml.say.length > 0) this.answer(call);
    await this.finish(call, "completed", statusCallback);
  }

  private async openStream(call: TwilioDoubleCall, stream: Stream, statusCallback: string | null): Promise<void> {
    call.streams.push({ url: stream.url, parameters: stream.parameters });
    const streamSid = `MZ${randomHex(32)}`;
    try {
      call.peer = await MediaStreamPeer.connect({
        flavor: "twilio",
        url: stream.url,
        streamId: streamSid,
        carrierCallId: call.sid,
        accountId: this.accountSid,
        customParameters: stream.parameters,
        speech: call.script.speech,
      });
    } catch {
      if (stream.statusCallback) await this.callback(call, stream.statusCallback, { StreamSid: streamSid, StreamEvent: "stream-error", StreamError: "Stream - WebSocket - Handshake Error" });
      return this.finish(call, "completed", statusCallback);
    }
    const peer = call.peer;
    if (stream.statusCallback) void this.callback(call, stream.statusCallback, { StreamSid: streamSid, StreamEvent: "stream-started" });
    await peer.closed;
    if (stream.statusCallback) void this.callback(call, stream.statusCallback, { StreamSid: streamSid, StreamEvent: "stream-stopped" });
    // Our side closed the socket: <Connect> ends and, with no TwiML after it, so does the call.
    if (call.peer === peer && call.status === "in-progress") await this.finish(call, "completed", statusCallback);
  }

  private async dial(call: TwilioDoubleCall, dial: NonNullable<Twiml["dial"]>, statusCallback: string | null): Promise<void> {
    call.dialed.push({ to: dial.to, callerId: dial.callerId });
    const peer = call.peer;
    call.peer = null;
    await peer?.stop();
    if (call.status !== "in-progress") this.answer(call);
    const transfer = this.scripts.get(dial.to)?.transfer ?? call.script.transfer ?? { outcome: "completed" as const, durationSeconds: 5 };
    await sleep(transfer.ringMs ?? 50);
    if (FINAL.has(call.status)) return;
    const status = transfer.outcome === "no_answer" ? "no-answer" : transfer.outcome;
    const duration = transfer.outcome === "completed" ? (transfer.durationSeconds ?? 5) : 0;
    if (dial.action) {
      const reply = await this.callback(call, dial.action, { DialCallStatus: status, DialCallSid: `CA${randomHex(32)}`, DialCallDuration: String(duration) });
      const next = reply.status === 200 ? parseTwiml(reply.body) : null;
      if (next && (next.stream || next.dial || next.say.length > 0)) return this.execute(call, next, statusCallback, false);
    }
    await this.finish(call, "completed", statusCallback);
  }

  /** `<Dial><Conference>`: the call leaves our stream (what it heard so far is kept) and joins the named room. */
  private async joinConference(call: TwilioDoubleCall, conference: Conference): Promise<void> {
    const peer = call.peer;
    call.conference = { name: conference.name, joinedAt: Date.now(), endOnExit: conference.endConferenceOnExit, heardBeforeJoin: peer?.heardAudio() ?? null };
    call.peer = null;
    if (call.status !== "in-progress" && !FINAL.has(call.status)) this.answer(call);
    await peer?.stop();
  }

  /** The calls in the same conference as `call`, still up. */
  conferenceOf(call: TwilioDoubleCall): TwilioDoubleCall[] {
    if (!call.conference) return [];
    return [...this.calls.values()].filter((other) => other !== call && other.conference?.name === call.conference?.name && !FINAL.has(other.status));
  }

  private async finish(call: TwilioDoubleCall, status: string, statusCallback: string | null): Promise<void> {
    if (FINAL.has(call.status)) return;
    call.status = status;
    call.endedAt = Date.now();
    // A participant with endConferenceOnExit leaving ends the conference: everyone else in it drops out.
    if (call.conference?.endOnExit) for (const other of this.conferenceOf(call)) void this.finish(other, "completed", this.statusCallbackOf(other));
    const peer = call.peer;
    await peer?.stop();
    if (!statusCallback) return;
    const duration = call.answeredAt ? Math.round((call.endedAt - call.answeredAt) / 1000) : 0;
    const sip = { busy: "486", "no-answer": "487", failed: "500", canceled: "487", completed: "200" }[status] ?? "200";
    await this.callback(call, statusCallback, { CallStatus: status, CallbackSource: "call-progress-events", CallDuration: String(duration), Duration: String(Math.ceil(duration / 60)), SipResponseCode: sip });
  }

  /** A signed form POST to one of our URLs, as Twilio sends it. */
  private async callback(call: TwilioDoubleCall, url: string, fields: Record<string, string>): Promise<{ status: number; body: string }> {
    const sequence = this.sequence.get(call.sid) ?? 0;
    this.sequence.set(call.sid, sequence + 1);
    const params: Record<string, string> = {
      AccountSid: this.accountSid,
      ApiVersion: "2010-04-01",
      CallSid: call.sid,
      From: call.from,
      To: call.to,
      Direction: call.direction,
      SequenceNumber: String(sequence),
      Timestamp: new Date().toUTCString().replace("GMT", "+0000"),
      ...fields,
    };
    const data = Object.keys(params)
      .sort()
      .reduce((text, name) => text + name + params[name], url);
    const signature = createHmac("sha1", this.authToken).update(Buffer.from(data, "utf8")).digest("base64");
    let result = { status: 0, body: "" };
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature, "I-Twilio-Idempotency-Token": randomHex(32) },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      result = { status: response.status, body: await response.text() };
    } catch {
      // Twilio logs the failure (11200) and goes on.
    }
    call.callbacks.push({ url, params, ...result });
    return result;
  }
}

function parseForm(body: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const existing = out[name];
    out[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function toArray(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
