"use client";

import { Search } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { KnowledgeBaseSearchResult } from "@/lib/voice-api/knowledge-bases";
import { consoleRequest, describeError } from "@/lib/voice-api/browser-client";

const RESULT_LIMIT = 8;

/** The excerpt with its matched words in <mark> (plain text pieces: nothing is parsed as HTML). */
function Excerpt({ result }: { result: KnowledgeBaseSearchResult }) {
  const parts: ReactNode[] = [];
  let at = 0;
  result.highlights.forEach(({ start, end }, index) => {
    if (start > at) parts.push(result.excerpt.slice(at, start));
    parts.push(
      <mark key={index} className="rounded-sm bg-warning/40 px-0.5 text-foreground">
        {result.excerpt.slice(start, end)}
      </mark>,
    );
    at = end;
  });
  parts.push(result.excerpt.slice(at));
  return <p className="text-sm whitespace-pre-line">{parts}</p>;
}

type SearchState = { kind: "idle" } | { kind: "searching" } | { kind: "done"; query: string; results: KnowledgeBaseSearchResult[] } | { kind: "error"; message: string };

/** Runs the knowledge base's full-text search, as agents do, and shows the best chunks with their source. */
export function KnowledgeBaseSearch({ knowledgeBaseId, readySources }: { knowledgeBaseId: string; readySources: number }) {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<SearchState>({ kind: "idle" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    setState({ kind: "searching" });
    try {
      const { data } = await consoleRequest<KnowledgeBaseSearchResult[]>("POST", `/v1/knowledge-bases/${knowledgeBaseId}/search`, { query: text, limit: RESULT_LIMIT });
      setState({ kind: "done", query: text, results: data });
    } catch (error) {
      setState({ kind: "error", message: describeError(error) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Try a search</CardTitle>
        <CardDescription>
          What an agent finds for a question: the best-matching passages of the ready sources. Use words, &quot;quoted phrases&quot; or -excluded words.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" role="search">
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor="kb-search">Search this knowledge base</Label>
            <Input id="kb-search" type="search" value={query} onChange={(event) => setQuery(event.target.value)} maxLength={1000} placeholder="opening hours sunday" />
          </div>
          <Button type="submit" disabled={state.kind === "searching" || !query.trim() || readySources === 0}>
            <Search aria-hidden />
            {state.kind === "searching" ? "Searching…" : "Search"}
          </Button>
        </form>
        {readySources === 0 ? <p className="text-sm text-muted-foreground">Search works once at least one source is ready.</p> : null}
        <div aria-live="polite">
          {state.kind === "error" ? (
            <p role="alert" className="text-sm text-destructive">
              {state.message}
            </p>
          ) : null}
          {state.kind === "done" && state.results.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing matches “{state.query}”. Try other words, or fewer of them.</p>
          ) : null}
          {state.kind === "done" && state.results.length ? (
            <ol className="grid gap-3" aria-label={`Results for ${state.query}`}>
              {state.results.map((result) => (
                <li key={`${result.source_id}-${result.position}`} className="grid gap-1 rounded-md border p-3" data-testid="search-result">
                  <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs text-muted-foreground">
                    <span className="font-medium text-foreground">{result.source_title ?? result.file_name ?? "Untitled source"}</span>
                    <span>
                      {result.page ? `page ${result.page}` : `passage ${result.position + 1}`} · score {result.rank.toFixed(2)}
                    </span>
                  </div>
                  <Excerpt result={result} />
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
