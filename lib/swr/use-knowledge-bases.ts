import type { KnowledgeBase } from "@/lib/voice-api/knowledge-bases";
import { useEnvelope, type EnvelopeConfig } from "./use-envelope";

export const knowledgeBasesKey = (page: number, limit: number) => `/v1/knowledge-bases?page=${page}&limit=${limit}`;
export const knowledgeBaseKey = (id: string) => `/v1/knowledge-bases/${encodeURIComponent(id)}`;

/** One page of knowledge bases with their sources (GET /v1/knowledge-bases). */
export function useKnowledgeBases(page: number, limit: number, config?: EnvelopeConfig<KnowledgeBase[]>) {
  return useEnvelope<KnowledgeBase[]>(knowledgeBasesKey(page, limit), config);
}

/** One knowledge base with its sources (GET /v1/knowledge-bases/{id}). */
export function useKnowledgeBase(id: string, config?: EnvelopeConfig<KnowledgeBase>) {
  return useEnvelope<KnowledgeBase>(knowledgeBaseKey(id), config);
}
