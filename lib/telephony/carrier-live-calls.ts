import "server-only";
import { startLiveCall, type LiveCallDependencies, type LiveCallHandle } from "@/lib/media/live-call";
import { getAgent } from "@/lib/services/agents";
import { outboundFetch } from "@/lib/net/outbound-fetch";
import type { SafeFetch } from "@/lib/net/safe-fetch";
import { findCall } from "@/lib/services/phone-calls/phone-call-progress";
import type { TelephonySettings } from "./carrier-directory";
import type { LiveCallStarter } from "./carrier-media-socket";
import { PhoneCallActions } from "./phone-call-actions";

/**
 * The conversation on a carrier stream: issue 13's startLiveCall (engine, speech, recording, end
 * decided once) with the phone's own tools alongside (transfer, voicemail after the beep).
 */
export function carrierLiveCalls(deps: LiveCallDependencies & { settings: TelephonySettings; fetchAudio?: SafeFetch }): LiveCallStarter {
  return async (callId, transport) => {
    const call = await findCall(deps.db, callId);
    if (!call) throw new Error(`call ${callId} vanished before its stream started`);
    const agent = await getAgent({ db: deps.db, organizationId: call.organizationId }, call.agentId, call.agentVersion ?? undefined);
    let handle: LiveCallHandle | null = null;
    const pending: string[] = [];
    const warm = { deps: { llm: deps.llm, fetchAudio: deps.fetchAudio ?? outboundFetch(), env: deps.env }, agent, hold: (on: boolean) => handle?.hold(on) };
    const actions = new PhoneCallActions(deps, callId, agent, transport, (text) => (handle ? handle.sendText(text) : pending.push(text)), warm);
    handle = await startLiveCall(deps, { callId, transport, answeredAt: call.answeredAt ?? undefined, onEvent: (event) => actions.onEvent(event) });
    for (const text of pending.splice(0)) handle.sendText(text);
    actions.watchAnsweringMachine();
    try {
      return await handle.ended;
    } finally {
      actions.stop();
    }
  };
}
