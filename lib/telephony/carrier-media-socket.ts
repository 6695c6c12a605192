import "server-only";
import type { WebSocket } from "ws";
import type { MediaInstance } from "@/lib/media/media-instance";
import { isUuid } from "@/lib/schemas/ids";
import { claimStreamToken, findCall, markAnswered } from "@/lib/services/phone-calls/phone-call-progress";
import type { TelephonyDependencies } from "./carrier-webhooks";
import { carrierMediaPaths, type CarrierName } from "./carrier-name";
import { CarrierMediaTransport } from "./carrier-media-transport";
import type { MediaStreamAdapter, MediaStreamStart } from "./media-stream";
import { hangUpAtCarrier, hangUpLegAtCarrier } from "./phone-call-control";
import { MediaStreamRelay, type RawFrame } from "./media-stream-relay";
import { claimTransferLeg, transferLegOwner } from "./transfer-legs";
import { TelnyxMediaStream } from "./telnyx/telnyx-media-stream";
import { TwilioMediaStream } from "./twilio/twilio-media-stream";

/** Turns a call id and a transport into a live conversation (lib/media/live-call.ts); resolves when it ends. */
export type LiveCallStarter = (callId: string, transport: CarrierMediaTransport) => Promise<unknown>;

export type MediaSocketDependencies = TelephonyDependencies & {
  startLiveCall: LiveCallStarter;
  /** This process as the holder of the calls whose streams it takes (a crash ends them; see lib/media/media-instance.ts). */
  instance?: MediaInstance;
};

/** A stream that has not said `start` with a valid token this soon is closed. */
const START_TIMEOUT_MS = 10_000;

/** Frames kept until the stream's start is settled, for a relay to replay (5 s of audio at 20 ms a frame). */
const MAX_EARLY_FRAMES = 250;

/** WebSocket close code 1008: policy violation (a stream without a valid call id and one-time token). */
const POLICY_VIOLATION = 1008;
/** WebSocket close code 1011: the server failed (the database did not answer). */
const INTERNAL_ERROR = 1011;

/**
 * One carrier media-stream WebSocket (`/telephony/{twilio,telnyx}/media`). The carrier cannot
 * authenticate the upgrade, so the stream proves itself in its `start` frame: our call id and the
 * call's one-time token (Twilio `<Parameter>`s, Telnyx client_state). Then the call is in progress
 * and its conversation runs on this stream until either side hangs up.
 */
export function handleCarrierMediaSocket(deps: MediaSocketDependencies, carrier: CarrierName, socket: WebSocket): void {
  let transport: CarrierMediaTransport | null = null;
  let relay: MediaStreamRelay | null = null;
  /** Every frame until the start is settled: a stream passed on to another process is replayed from its first frame. */
  let early: RawFrame[] | null = [];
  let refused = false;
  const label = `telephony: ${carrier} media stream`;
  /** One line, then the socket closes with 1008: a stream that cannot prove itself gets nothing more. */
  const refuse = (why: string, closeReason: string) => {
    if (refused) return;
    refused = true;
    clearTimeout(timer);
    console.warn(`${label}: refused: ${why}`);
    socket.close(POLICY_VIOLATION, closeReason);
  };
  const options = {
    send: (text: string) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    },
    handlers: {
      start: (start: MediaStreamStart) => {
        // Every failure of the start ends here (logged once, the socket closed): nothing may escape as an unhandled rejection.
        begin(start).catch((error: unknown) => {
          console.error(`${label}: starting the stream failed: ${error instanceof Error ? error.message : String(error)}`);
          if (!transport) {
            refused = true;
            clearTimeout(timer);
            socket.close(INTERNAL_ERROR, "Internal error");
          }
        });
      },
      invalidStart: (reason: string) => refuse(`a malformed start (${reason})`, "Malformed start"),
      audio: (frame: Int16Array) => transport?.handlers.audio(frame),
      dtmf: (digit: string) => transport?.handlers.dtmf(digit),
      mark: (name: string) => transport?.handlers.mark(name),
      stop: () => transport?.handlers.stop(),
    },
    log: (message: string) => console.warn(message),
  };
  const stream: MediaStreamAdapter = carrier === "twilio" ? new TwilioMediaStream(options) : new TelnyxMediaStream(options);
  const timer = setTimeout(() => {
    if (!transport) refuse(`no valid start within ${START_TIMEOUT_MS} ms`, "No start");
  }, START_TIMEOUT_MS);
  socket.on("message", (data, isBinary) => {
    if (relay) return relay.forward({ data: data as Buffer, isBinary });
    if (refused) return;
    if (early && early.length < MAX_EARLY_FRAMES) early.push({ data: data as Buffer, isBinary });
    stream.receive(isBinary ? (data as Buffer) : data.toString());
  });
  socket.on("close", () => {
    clearTimeout(timer);
    transport?.socketClosed();
  });

  async function begin(start: MediaStreamStart): Promise<void> {
    const callId = start.customParameters.call_id;
    const token = start.customParameters.token ?? "";
    // Checked before any SQL: Postgres refuses a malformed uuid with an error, not "no such call".
    if (!isUuid(callId)) return refuse(`the start's call_id ${describe(callId)} is not a call id`, "Invalid call_id");
    if (start.customParameters.leg === "transfer") return beginTransferLeg(callId, token);
    const call = await findCall(deps.db, callId);
    if (!call || call.carrier !== carrier || !(await claimStreamToken(deps.db, callId, token, deps.instance?.id))) {
      return refuse(`no stream for call ${callId}: unknown call or invalid one-time token`, "Invalid stream token");
    }
    if (refused) return;
    clearTimeout(timer);
    early = null;
    await markAnswered(deps.db, callId, new Date());
    const live = new CarrierMediaTransport(
      stream,
      async () => {
        await hangUpAtCarrier(deps.db, deps.settings, callId);
      },
      () => setTimeout(() => socket.close(1000), 2_000).unref(),
    );
    transport = live;
    if (socket.readyState !== socket.OPEN) live.socketClosed();
    try {
      await deps.startLiveCall(callId, live);
    } catch (error) {
      console.error(`${label}: the conversation of call ${callId} failed:`, error);
    }
    // However the conversation ended (the agent hung up, the call was ended elsewhere, an error), the phone call ends with it.
    if (!live.isClosed) await live.hangupAfterLastMark().catch((error) => console.error(`${label}: hanging up call ${callId} failed:`, error));
  }

  /**
   * A warm transfer's destination answered: its stream goes to the transfer waiting in this process
   * (no conversation of its own), or, when another server process (of this instance or another)
   * placed it, there.
   */
  async function beginTransferLeg(callId: string, token: string): Promise<void> {
    const attach = claimTransferLeg(callId, token);
    if (!attach) {
      const owner = await transferLegOwner(token);
      if (!owner) return refuse(`no warm transfer of call ${callId} waits here for this stream`, "Invalid stream token");
      if (refused || socket.readyState !== socket.OPEN) return;
      clearTimeout(timer);
      console.log(`${label} of call ${callId}: passed on to the server process that placed it`);
      relay = new MediaStreamRelay(socket, `${owner}${carrierMediaPaths[carrier]}`, early ?? [], (line) => console.warn(`${label} of call ${callId}: ${line}`));
      early = null;
      return;
    }
    clearTimeout(timer);
    early = null;
    const carrierCallId = stream.started?.carrierCallId;
    const leg = new CarrierMediaTransport(
      stream,
      async () => {
        if (carrierCallId) await hangUpLegAtCarrier(deps.db, deps.settings, callId, carrierCallId);
      },
      () => setTimeout(() => socket.close(1000), 2_000).unref(),
    );
    transport = leg;
    if (socket.readyState !== socket.OPEN) leg.socketClosed();
    attach(leg);
  }
}

/** A value from outside, for a log line: quoted and cut short. */
function describe(value: unknown): string {
  if (value === undefined || value === "") return "(none)";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
