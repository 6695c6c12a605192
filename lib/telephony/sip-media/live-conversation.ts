// The conversation of an answered SIP call: the live voice call (lib/media/live-call.ts) over the
// call's RTP transport, with the SIP side of its tools (transfer by REFER, voicemail).

import { startLiveCall, type LiveCallDependencies } from "@/lib/media/live-call";
import { loadRuntimeCall } from "@/lib/services/calls/runtime-calls";
import { SipCallActions } from "./sip-call-actions";
import type { ConversationStarter } from "./sip-media-process";

export function liveConversation(deps: LiveCallDependencies): ConversationStarter {
  return async ({ callId, transport, answeredAt }) => {
    let actions: SipCallActions | undefined;
    const handle = await startLiveCall(deps, { callId, transport, answeredAt, onEvent: (event) => actions?.onEvent(event) });
    const call = await loadRuntimeCall(deps.db, callId);
    if (call) actions = new SipCallActions(deps, callId, call.agent, transport, (text) => handle.sendText(text));
    return { ended: handle.ended.finally(() => actions?.stop()) };
  };
}
