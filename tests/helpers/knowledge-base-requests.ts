import { expect } from "vitest";
import type { TestApi } from "./test-api";

export type Envelope = {
  data: Record<string, unknown> & Array<Record<string, unknown>>;
  message: string;
  error: { type: string; message: string; status: number; details: { field: string; message: string }[] } | null;
  status: number;
  [extra: string]: unknown;
};

export type SourceView = {
  id: string;
  type: "file" | "text";
  file_name: string | null;
  file_url: string | null;
  title: string | null;
  byte_size: number | null;
  status: "processing" | "ready" | "failed";
  failure_reason: string | null;
  created_at: string;
};

export type KnowledgeBaseView = { id: string; name: string; status: string; organization_id: string; sources: SourceView[] };

/** A part of a multipart upload: a file (bytes and file name, optional declared type) or a text value. */
export type Part = [name: string, value: Uint8Array | string, fileName?: string, type?: string];

export function form(parts: Part[]): FormData {
  const data = new FormData();
  for (const [name, value, fileName, type] of parts) {
    if (typeof value === "string" && fileName === undefined) data.append(name, value);
    else data.append(name, new Blob([value as BlobPart], { type: type ?? "application/octet-stream" }), fileName ?? "file");
  }
  return data;
}

export function client(api: TestApi, apiKey: () => string) {
  const parse = async (res: Response) => {
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: JSON.parse(text) as Envelope };
  };
  return {
    send: async (method: string, path: string, body?: unknown, key = apiKey()) => parse(await api.request(method, path, { apiKey: key, body })),
    upload: async (knowledgeBaseId: string, parts: Part[], key = apiKey()) =>
      parse(await api.request("POST", `/v1/knowledge-bases/${knowledgeBaseId}/sources`, { apiKey: key, rawBody: form(parts) })),
    create: async (name: string, key = apiKey()) => {
      const res = await parse(await api.request("POST", "/v1/knowledge-bases", { apiKey: key, body: { name } }));
      expect(res.status).toBe(201);
      return res.body.data as unknown as KnowledgeBaseView;
    },
  };
}

export function expectError(res: { status: number; body: Envelope }, status: number, type: string, field?: string) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ data: null, status, error: { type, status } });
  if (field) expect(res.body.error!.details.map((detail) => detail.field)).toContain(field);
}

export async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
