"use client";

import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/lib/utils/cn";
import type { TranscriptEntry } from "@/lib/voice-api/calls";
import { formatDuration } from "./format";

type Timing = { start_time: string; end_time: string | null; duration_seconds: number | null };

/**
 * When the call was answered: its end less its duration (the duration counts from answer to end),
 * else its first line, else its start. Line offsets and the recording both count from there.
 */
export function answeredAt(call: Timing, transcript: TranscriptEntry[]): number {
  if (call.end_time && call.duration_seconds !== null) return Date.parse(call.end_time) - call.duration_seconds * 1000;
  return Date.parse(transcript[0]?.start_time ?? call.start_time);
}

/** The line being said `ms` after the answer: the last one started by then. */
export function activeLine(offsets: number[], ms: number): number {
  let active = -1;
  for (let i = 0; i < offsets.length && offsets[i] <= ms; i++) active = i;
  return active;
}

/**
 * The recording and the transcript as a conversation (the agent on the left, the caller on the
 * right). While the recording plays the line being said is highlighted and kept in view; clicking
 * a line plays the recording from there.
 */
export function CallTranscript({ call, transcript, recordingUrl }: { call: Timing; transcript: TranscriptEntry[]; recordingUrl: string | null }) {
  const audio = useRef<HTMLAudioElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [active, setActive] = useState(-1);
  const [playing, setPlaying] = useState(false);
  const hintId = useId();
  const origin = answeredAt(call, transcript);
  const offsets = transcript.map((entry) => Math.max(0, Date.parse(entry.start_time) - origin));

  useEffect(() => {
    if (!playing || active < 0) return;
    const item = list.current?.children[active] as HTMLElement | undefined;
    // Keep the line in view without scrolling the page when it already is.
    const box = item?.getBoundingClientRect();
    if (item && box && (box.top < 64 || box.bottom > window.innerHeight)) item.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [active, playing]);

  const seek = (index: number) => {
    const player = audio.current;
    if (!player) return;
    player.currentTime = offsets[index] / 1000;
    setActive(index);
    void player.play().catch(() => undefined);
  };
  const follow = () => setActive(activeLine(offsets, (audio.current?.currentTime ?? 0) * 1000));

  return (
    <div className="grid gap-5">
      {recordingUrl ? (
        <figure className="grid gap-1.5">
          <figcaption className="text-sm font-medium">Recording</figcaption>
          {/* A signed link that expires: reload the page for a fresh one. */}
          <audio
            ref={audio}
            controls
            preload="metadata"
            src={recordingUrl}
            className="w-full"
            onTimeUpdate={follow}
            onSeeked={follow}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
          >
            <a href={recordingUrl}>Download the recording</a>
          </audio>
          {transcript.length ? (
            <p id={hintId} className="text-xs text-muted-foreground">
              Click a line to play the recording from there.
            </p>
          ) : null}
        </figure>
      ) : null}
      {transcript.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing was said on this call.</p>
      ) : (
        <ol ref={list} className="grid gap-3" aria-label="Transcript">
          {transcript.map((entry, index) => {
            const isUser = entry.role === "user";
            const current = index === active;
            const time = formatDuration(Math.round(offsets[index] / 1000));
            const body = (
              <>
                <span className={cn("flex items-baseline gap-2 text-xs", isUser ? "justify-end opacity-90" : "text-muted-foreground")}>
                  <span className="font-medium">{isUser ? "Caller" : "Agent"}</span>{" "}
                  <time dateTime={entry.start_time} title={entry.start_time} className="tabular-nums">
                    {time}
                  </time>
                </span>{" "}
                <span className="block whitespace-pre-wrap break-words">
                  {entry.content}
                  {entry.interrupted && <span className="ml-1 text-xs italic opacity-80">— interrupted</span>}
                </span>
              </>
            );
            const bubble = cn(
              "grid max-w-[85%] gap-1 rounded-lg px-3 py-2 text-left text-sm sm:max-w-[75%]",
              isUser ? "bg-primary text-primary-foreground" : "bg-muted",
              current && "ring-2 ring-ring ring-offset-2 ring-offset-background",
            );
            return (
              <li key={index} className={cn("flex", isUser ? "justify-end" : "justify-start")} data-active={current ? "true" : undefined} aria-current={current ? "true" : undefined}>
                {recordingUrl ? (
                  // Named by what it shows (speaker, time, words: WCAG 2.5.3); the hint above says what a click does.
                  <button type="button" className={cn(bubble, "cursor-pointer hover:opacity-90")} onClick={() => seek(index)} aria-describedby={hintId}>
                    {body}
                  </button>
                ) : (
                  <div className={bubble}>{body}</div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
