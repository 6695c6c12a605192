"use client";

import { FileUp, X } from "lucide-react";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils/cn";
import type { KnowledgeBase, KnowledgeBaseSource } from "@/lib/voice-api/knowledge-bases";
import { describeError, uploadWithProgress } from "@/lib/voice-api/browser-client";
import { checkPdfFile, findCreatedSource, formatBytes } from "./source-files";
import { StatusBadge } from "./status-badge";

/** Two at a time: each file gets its own request (its own progress, its own refusal) without flooding the server. */
const PARALLEL_UPLOADS = 2;

type UploadState =
  | { kind: "checking" }
  | { kind: "refused"; reason: string }
  | { kind: "queued" }
  | { kind: "uploading"; progress: number }
  | { kind: "failed"; reason: string }
  | { kind: "sent"; sourceId: string | null };

type UploadItem = { key: number; name: string; size: number; state: UploadState };

let nextKey = 1;

/**
 * Drag-and-drop (or pick) several PDFs; each is checked in the browser by its first bytes, then sent
 * through the console proxy with a progress bar. Once sent, the row follows the source's status.
 */
export function PdfUpload({
  knowledgeBaseId,
  sources,
  onUploaded,
}: {
  knowledgeBaseId: string;
  /** The knowledge base's current sources, to follow what each upload became. */
  sources: KnowledgeBaseSource[];
  onUploaded: (updated: KnowledgeBase) => void;
}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const aborts = useRef(new Map<number, () => void>());
  const claimed = useRef(new Set<string>());
  const sourcesRef = useRef(sources);
  useEffect(() => {
    sourcesRef.current = sources;
  }, [sources]);

  const update = (key: number, state: UploadState) => setItems((current) => current.map((item) => (item.key === key ? { ...item, state } : item)));

  const upload = async (key: number, file: File) => {
    update(key, { kind: "uploading", progress: 0 });
    const known = new Set([...sourcesRef.current.map((source) => source.id), ...claimed.current]);
    const form = new FormData();
    form.append("file_sources.0.items", file, file.name);
    const handle = uploadWithProgress<KnowledgeBase>(`/v1/knowledge-bases/${knowledgeBaseId}/sources`, form, (progress) =>
      update(key, { kind: "uploading", progress }),
    );
    aborts.current.set(key, handle.abort);
    try {
      const { data } = await handle.promise;
      const created = findCreatedSource(data, known, file.name);
      if (created) claimed.current.add(created.id);
      update(key, { kind: "sent", sourceId: created?.id ?? null });
      onUploaded(data);
    } catch (error) {
      update(key, { kind: "failed", reason: describeError(error) });
    } finally {
      aborts.current.delete(key);
    }
  };

  const addFiles = async (files: File[]) => {
    if (!files.length) return;
    const batch = files.map((file) => ({ key: nextKey++, file }));
    const added = batch.map(({ key, file }): UploadItem => ({ key, name: file.name, size: file.size, state: { kind: "checking" } }));
    setItems((current) => [...added, ...current]);
    const accepted: typeof batch = [];
    for (const entry of batch) {
      const check = await checkPdfFile(entry.file);
      if (check.ok) {
        accepted.push(entry);
        update(entry.key, { kind: "queued" });
      } else update(entry.key, { kind: "refused", reason: check.reason });
    }
    let next = 0;
    const worker = async () => {
      while (next < accepted.length) {
        const entry = accepted[next++];
        await upload(entry.key, entry.file);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, accepted.length) }, worker));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void addFiles(Array.from(event.dataTransfer.files));
  };

  const dismiss = (key: number) => {
    aborts.current.get(key)?.();
    setItems((current) => current.filter((item) => item.key !== key));
  };
  const finished = items.filter((item) => item.state.kind === "refused" || item.state.kind === "failed" || item.state.kind === "sent");

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload PDFs</CardTitle>
        <CardDescription>Text is extracted and indexed in the background; scanned PDFs without a text layer cannot be used.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            event.dataTransfer.dropEffect = "copy";
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="pdf-dropzone"
          className={cn(
            "flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors",
            dragging ? "border-primary bg-primary/5" : "border-border",
          )}
        >
          <FileUp className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">Drop PDF files here, or</p>
          <Button type="button" variant="outline" onClick={() => inputRef.current?.click()}>
            Choose PDFs
          </Button>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept="application/pdf,.pdf"
            aria-label="PDF files to upload"
            className="hidden"
            onChange={(event) => {
              void addFiles(Array.from(event.target.files ?? []));
              event.target.value = "";
            }}
          />
        </div>
        {items.length ? (
          <div className="grid gap-2">
            <ul className="grid gap-2" aria-label="Uploads">
              {items.map((item) => (
                <UploadRow key={item.key} item={item} sources={sources} onDismiss={() => dismiss(item.key)} />
              ))}
            </ul>
            {finished.length > 1 ? (
              <Button
                variant="ghost"
                size="sm"
                className="justify-self-end"
                onClick={() => setItems((current) => current.filter((item) => !finished.includes(item)))}
              >
                Clear finished
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function UploadRow({ item, sources, onDismiss }: { item: UploadItem; sources: KnowledgeBaseSource[]; onDismiss: () => void }) {
  const { state } = item;
  const source = state.kind === "sent" && state.sourceId ? sources.find((candidate) => candidate.id === state.sourceId) : undefined;
  const progress = state.kind === "uploading" ? Math.round(state.progress * 100) : state.kind === "sent" ? 100 : 0;
  const busy = state.kind === "uploading" || state.kind === "checking" || state.kind === "queued";
  return (
    <li className="grid gap-1.5 rounded-md border px-3 py-2" data-testid="upload-row">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium" title={item.name}>
          {item.name}
        </span>
        <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(item.size)}</span>
        <Button variant="ghost" size="icon" className="size-7" onClick={onDismiss} aria-label={busy ? `Cancel upload of ${item.name}` : `Dismiss ${item.name}`}>
          <X aria-hidden />
        </Button>
      </div>
      {state.kind === "uploading" || state.kind === "queued" || state.kind === "sent" ? (
        <div
          role="progressbar"
          aria-label={`Upload of ${item.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div className={cn("h-full rounded-full transition-[width]", state.kind === "sent" ? "bg-success" : "bg-primary")} style={{ width: `${progress}%` }} />
        </div>
      ) : null}
      <p className={cn("text-xs", state.kind === "refused" || state.kind === "failed" ? "text-destructive" : "text-muted-foreground")} role="status">
        {state.kind === "checking" ? "Checking the file…" : null}
        {state.kind === "queued" ? "Waiting to upload…" : null}
        {state.kind === "uploading" ? (progress < 100 ? `Uploading… ${progress}%` : "Saving…") : null}
        {state.kind === "refused" ? `Refused: ${state.reason}` : null}
        {state.kind === "failed" ? `Upload failed: ${state.reason}` : null}
        {state.kind === "sent" ? <SentStatus source={source} known={state.sourceId !== null} /> : null}
      </p>
    </li>
  );
}

function SentStatus({ source, known }: { source: KnowledgeBaseSource | undefined; known: boolean }) {
  if (!known) return "Uploaded";
  if (!source) return "Uploaded; the source has since been removed";
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      Uploaded <StatusBadge status={source.status} />
      {source.status === "failed" && source.failure_reason ? <span className="text-destructive">{source.failure_reason}</span> : null}
    </span>
  );
}
