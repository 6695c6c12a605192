import type { PostCallQuestion } from "@/lib/voice-api/post-call-questions";
import { useEnvelope } from "./use-envelope";

export const postCallQuestionsKey = (agentId: string) => `/v1/agents/${encodeURIComponent(agentId)}/post-call-questions`;

/** An agent's post-call questions (GET /v1/agents/{id}/post-call-questions). */
export function usePostCallQuestions(agentId: string) {
  return useEnvelope<PostCallQuestion[]>(postCallQuestionsKey(agentId));
}
