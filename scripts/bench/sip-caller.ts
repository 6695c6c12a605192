/**
 * The benchmark's caller, in a process of its own: places `count` calls at `cps` to a SIP server
 * over UDP with hand-written messages (INVITE with SDP, ACK, BYE) and times INVITE → 200 OK with
 * the high-resolution clock. Usage (forked): argv host port count cps.
 */
import { randomBytes } from "node:crypto";
import dgram from "node:dgram";

const [host, portText, countText, cpsText] = process.argv.slice(2);
const port = Number(portText);
const count = Number(countText);
const cps = Number(cpsText);
const socket = dgram.createSocket("udp4");
const pending = new Map<string, { sentAt: number; answered: boolean; resolve: () => void }>();
const times: number[] = [];

const header = (name: string, text: string) => new RegExp(`^${name}:\\s*(.*)$`, "mi").exec(text)?.[1]?.trim() ?? "";

function request(method: string, uri: string, callId: string, cseq: number, to: string, body = "") {
  const local = `127.0.0.1:${socket.address().port}`;
  return [
    `${method} ${uri} SIP/2.0`,
    `Via: SIP/2.0/UDP ${local};rport;branch=z9hG4bK${randomBytes(8).toString("hex")}`,
    `From: <sip:+15553334444@${local}>;tag=bench`,
    `To: ${to}`,
    `Call-ID: ${callId}`,
    `CSeq: ${cseq} ${method}`,
    `Contact: <sip:bench@${local}>`,
    "Max-Forwards: 70",
    ...(body ? ["Content-Type: application/sdp"] : []),
    `Content-Length: ${Buffer.byteLength(body)}`,
    "",
    body,
  ].join("\r\n");
}

const sdp = ["v=0", "o=- 1 1 IN IP4 127.0.0.1", "s=-", "c=IN IP4 127.0.0.1", "t=0 0", "m=audio 9 RTP/AVP 0 101", "a=rtpmap:101 telephone-event/8000", ""].join("\r\n");

socket.on("message", (data) => {
  const text = data.toString("utf8");
  const status = Number(/^SIP\/2\.0 (\d{3})/.exec(text)?.[1]);
  const callId = header("Call-ID", text);
  const call = pending.get(callId);
  if (!call || !status) return;
  const method = header("CSeq", text).split(" ")[1];
  if (method === "INVITE" && status === 200 && !call.answered) {
    times.push(performance.now() - call.sentAt);
    call.answered = true;
    const to = header("To", text);
    const target = /<([^>]+)>/.exec(header("Contact", text))?.[1] ?? `sip:${host}:${port}`;
    socket.send(request("ACK", target, callId, 1, to), port, host);
    socket.send(request("BYE", target, callId, 2, to), port, host);
  } else if (method === "BYE" && status === 200) {
    pending.delete(callId);
    call.resolve();
  }
});

socket.bind(0, "127.0.0.1", async () => {
  const calls: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / cps;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const callId = `bench-${i}-${randomBytes(4).toString("hex")}`;
    calls.push(new Promise<void>((resolve) => pending.set(callId, { sentAt: performance.now(), answered: false, resolve })));
    socket.send(request("INVITE", `sip:+15550001111@${host}:${port}`, callId, 1, `<sip:+15550001111@${host}:${port}>`, sdp), port, host);
  }
  await Promise.race([Promise.all(calls), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  process.send!({ times, unanswered: pending.size }, () => process.exit(0));
});
