import type { Envelope, VoiceApiClient } from "./client";

export type {
  KnowledgeBase,
  KnowledgeBaseSearchResult,
  KnowledgeBaseSource,
  KnowledgeBaseSourceStatus,
  KnowledgeBaseStatus,
} from "@/lib/schemas/knowledge-bases";
import type { KnowledgeBase } from "@/lib/schemas/knowledge-bases";

export type KnowledgeBasePage = Envelope<KnowledgeBase[]>;

export const KNOWLEDGE_BASE_PAGE_SIZE = 20;

/** One page of the organization's knowledge bases, newest first, with the paging fields. */
export function listKnowledgeBases(api: VoiceApiClient, page = 1, limit = KNOWLEDGE_BASE_PAGE_SIZE): Promise<KnowledgeBasePage> {
  return api.requestEnvelope<KnowledgeBase[]>("GET", "knowledge-bases", { query: { page, limit } });
}

export function getKnowledgeBase(api: VoiceApiClient, id: string): Promise<KnowledgeBase> {
  return api.get<KnowledgeBase>(`knowledge-bases/${encodeURIComponent(id)}`);
}
