import type { VoiceApiClient } from "./client";

export {
  questionTypes,
  type BatchItemError,
  type PostCallQuestion,
  type PostCallQuestionItem,
  type QuestionType,
  type UpsertResult,
} from "@/lib/schemas/post-call-questions";
import type { PostCallQuestion, PostCallQuestionItem, UpsertResult } from "@/lib/schemas/post-call-questions";

const base = (agentId: string) => `/agents/${encodeURIComponent(agentId)}/post-call-questions`;

export function listPostCallQuestions(client: VoiceApiClient, agentId: string): Promise<PostCallQuestion[]> {
  return client.get<PostCallQuestion[]>(base(agentId));
}

export function createPostCallQuestions(client: VoiceApiClient, agentId: string, questions: PostCallQuestionItem[]): Promise<PostCallQuestion[]> {
  return client.post<PostCallQuestion[]>(base(agentId), { questions });
}

export function upsertPostCallQuestions(client: VoiceApiClient, agentId: string, questions: PostCallQuestionItem[]): Promise<UpsertResult> {
  return client.patch<UpsertResult>(base(agentId), { questions });
}

export function setPostCallQuestionActive(client: VoiceApiClient, agentId: string, questionId: string, active: boolean): Promise<PostCallQuestion> {
  return client.post<PostCallQuestion>(`${base(agentId)}/${encodeURIComponent(questionId)}/${active ? "activate" : "deactivate"}`);
}

export function deletePostCallQuestion(client: VoiceApiClient, agentId: string, questionId: string): Promise<null> {
  return client.delete<null>(`${base(agentId)}/${encodeURIComponent(questionId)}`);
}
