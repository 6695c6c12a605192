import "server-only";
import type { WebSocket } from "ws";
import { claimStreamToken, findCall, markAnswered } from "@/lib/services/phone-calls/phone-call-progress";
import type { TelephonyDependencies } from "./carrier-webhooks";
import type { CarrierName } from "./carrier-name";
import { CarrierMediaTransport } from "./carrier-media-transport";
import type { MediaStreamAdapter, MediaStreamStart } from "./media-stream";
import { hangUpAtCarrier } from "./phone-call-control";
import { TelnyxMediaStream } from "./telnyx/telnyx-media-stream";
import { TwilioMediaStream } from "./twilio/twilio-media-stream";

/** Turns a call id and a transport into a live conversation (lib/media/live-call.ts); resolves when it ends. */
export type LiveCallStarter = (callId: string, transport: CarrierMediaTransport) => Promise<unknown>;

export type MediaSocketDependencies = TelephonyDependencies & { startLiveCall: LiveCallStarter };

/** A stream that has not said `start` with a valid token this soon is closed. */
const START_TIMEOUT_MS = 10_000;

/** WebSocket close code 1008: policy violation (a stream without a valid one-time token). */
const POLICY_VIOLATION = 1008;

/**
 * One carrier media-stream WebSocket (`/telephony/{twilio,telnyx}/media`). The carrier cannot
 * authenticate the upgrade, so the stream proves itself in its `start` frame: our call id and the
 * call's one-time token (Twilio `<Parameter>`s, Telnyx client_state). Then the call is in progress
 * and its conversation runs on this stream until either side hangs up.
 */
export function handleCarrierMediaSocket(deps: MediaSocketDependencies, carrier: CarrierName, socket: WebSocket): void {
  let transport: CarrierMediaTransport | null = null;
  const label = `telephony: ${carrier} media stream`;
  const options = {
    send: (text: string) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    },
    handlers: {
      start: (start: MediaStreamStart) => void begin(start),
      audio: (frame: Int16Array) => transport?.handlers.audio(frame),
      dtmf: (digit: string) => transport?.handlers.dtmf(digit),
      mark: (name: string) => transport?.handlers.mark(name),
      stop: () => transport?.handlers.stop(),
    },
    log: (message: string) => console.warn(message),
  };
  const stream: MediaStreamAdapter = carrier === "twilio" ? new TwilioMediaStream(options) : new TelnyxMediaStream(options);
  const timer = setTimeout(() => {
    if (!transport) {
      console.warn(`${label}: no valid start within ${START_TIMEOUT_MS} ms; closing`);
      socket.close(POLICY_VIOLATION, "No start");
    }
  }, START_TIMEOUT_MS);
  socket.on("message", (data, isBinary) => stream.receive(isBinary ? (data as Buffer) : data.toString()));
  socket.on("close", () => {
    clearTimeout(timer);
    transport?.socketClosed();
  });

  async function begin(start: MediaStreamStart): Promise<void> {
    const callId = start.customParameters.call_id ?? "";
    const token = start.customParameters.token ?? "";
    const call = await findCall(deps.db, callId);
    if (!call || call.carrier !== carrier || !(await claimStreamToken(deps.db, callId, token))) {
      console.warn(`${label}: refused a stream for call ${callId || "(none)"}: unknown call or invalid one-time token`);
      socket.close(POLICY_VIOLATION, "Invalid stream token");
      return;
    }
    clearTimeout(timer);
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
}

