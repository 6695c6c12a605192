/**
 * Blob keys are paths grouped by organization. The last segment is the file's name: signed links
 * end with it and the file route sends it in Content-Disposition.
 */
const MAX_NAME_LENGTH = 200;

/** A file name safe to be one key segment: no path, no control characters, at most 200 characters. */
export function safeFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (!cleaned || cleaned === "." || cleaned === "..") return fallback;
  if (cleaned.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}

export function knowledgeBaseFileKey(organizationId: string, knowledgeBaseId: string, sourceId: string, fileName: string): string {
  return `organizations/${organizationId}/knowledge-bases/${knowledgeBaseId}/${sourceId}/${safeFileName(fileName, "document.pdf")}`;
}

export function knowledgeBaseTextKey(organizationId: string, knowledgeBaseId: string, sourceId: string): string {
  return `organizations/${organizationId}/knowledge-bases/${knowledgeBaseId}/${sourceId}/source.txt`;
}

export function callRecordingKey(organizationId: string, callId: string): string {
  return `organizations/${organizationId}/recordings/${callId}.wav`;
}

export function fileNameOfKey(key: string): string {
  return key.slice(key.lastIndexOf("/") + 1);
}
