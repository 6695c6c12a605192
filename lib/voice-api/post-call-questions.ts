import type { VoiceApiClient } from "./client";

export const questionTypes = ["text", "boolean", "number", "single_choice", "multi_choice"] as const;
export type QuestionType = (typeof questionTypes)[number];

export type PostCallQuestion = {
  id: string;
  agent_id: string;
  name: string;
  description: string;
  type: QuestionType;
  optional: boolean;
  model: string | null;
  examples: string[];
  options: { id: string; value: string; created_at: string }[];
  is_active: boolean;
  question_origin: string;
  created_at: string;
  updated_at: string;
};

/** A batch item: with `id` it updates that question (omitted fields keep their values), without it creates one. */
export type PostCallQuestionItem = {
  id?: string;
  name?: string;
  description?: string;
  type?: QuestionType;
  optional?: boolean;
  model?: string | null;
  examples?: string[];
  options?: { value: string; option_id?: string }[];
};

export type BatchItemError = { index: number; field: string; message: string };
export type UpsertResult = { created: PostCallQuestion[]; updated: PostCallQuestion[]; errors: BatchItemError[] };

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
