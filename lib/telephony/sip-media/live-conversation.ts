// The conversation of an answered SIP call: the live voice call (lib/media/live-call.ts) over the
// call's RTP transport, with the SIP side of its tools (transfer by REFER or warm, voicemail).

import { startLiveCall, type LiveCallDependencies } from "@/lib/media/live-call";
import { outboundFetch } from "@/lib/net/outbound-fetch";
import type { SafeFetch } from "@/lib/net/safe-fetch";
import { loadRuntimeCall } from "@/lib/services/calls/runtime-calls";
import { SipCallActions } from "./sip-call-actions";
import type { ConversationStarter } from "./sip-media-process";

export function liveConversation(deps: LiveCallDependencies & { fetchAudio?: SafeFetch }): ConversationStarter {
  return async ({ callId, transport, answeredAt, dialTransferLeg }) => {
    let actions: SipCallActions | undefined;
    const handle = await startLiveCall(deps, { callId, transport, answeredAt, onEvent: (event) => actions?.onEvent(event) });
    const call = await loadRuntimeCall(deps.db, callId);
    const warm = call && { agent: call.agent, fetchAudio: deps.fetchAudio ?? outboundFetch(), env: deps.env, hold: (on: boolean) => handle.hold(on), dial: dialTransferLeg };
    if (call) actions = new SipCallActions(deps, callId, call.agent, transport, (text) => handle.sendText(text), warm ?? undefined);
    return { ended: handle.ended.finally(() => actions?.stop()) };
  };
}
