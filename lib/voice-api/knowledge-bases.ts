import type { Envelope, VoiceApiClient } from "./client";

/** The shapes of /v1/knowledge-bases (see lib/api/schemas/knowledge-bases.ts); safe to import in client code. */
export type KnowledgeBaseSourceStatus = "processing" | "ready" | "failed";
export type KnowledgeBaseStatus = "processing" | "ready" | "partially_failed" | "failed";

export type KnowledgeBaseSource = {
  id: string;
  created_at: string;
  updated_at: string;
  type: "file" | "text";
  file_name: string | null;
  file_url: string | null;
  title: string | null;
  byte_size: number | null;
  status: KnowledgeBaseSourceStatus;
  failure_reason: string | null;
};

export type KnowledgeBase = {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
  status: KnowledgeBaseStatus;
  organization_id: string;
  sources: KnowledgeBaseSource[];
};

export type KnowledgeBaseSearchResult = {
  source_id: string;
  source_type: "file" | "text";
  source_title: string | null;
  file_name: string | null;
  position: number;
  page: number | null;
  content: string;
  excerpt: string;
  highlights: { start: number; end: number }[];
  rank: number;
};

export type KnowledgeBasePage = Envelope<KnowledgeBase[]>;

export const KNOWLEDGE_BASE_PAGE_SIZE = 20;

/** One page of the organization's knowledge bases, newest first, with the paging fields. */
export function listKnowledgeBases(api: VoiceApiClient, page = 1, limit = KNOWLEDGE_BASE_PAGE_SIZE): Promise<KnowledgeBasePage> {
  return api.requestEnvelope<KnowledgeBase[]>("GET", "knowledge-bases", { query: { page, limit } });
}

export function getKnowledgeBase(api: VoiceApiClient, id: string): Promise<KnowledgeBase> {
  return api.get<KnowledgeBase>(`knowledge-bases/${encodeURIComponent(id)}`);
}
