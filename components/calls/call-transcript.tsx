import { cn } from "@/lib/utils/cn";
import type { TranscriptEntry } from "@/lib/voice-api/calls";
import { formatDuration } from "./format";

/** Seconds from the call's start, as "m:ss": the offset is the same in every time zone. */
function offset(entry: TranscriptEntry, start: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(entry.start_time) - Date.parse(start)) / 1000));
  return Number.isFinite(seconds) ? formatDuration(seconds) : "";
}

/** The transcript as a conversation: the agent on the left, the caller on the right. */
export function CallTranscript({ transcript, startTime }: { transcript: TranscriptEntry[]; startTime: string }) {
  if (transcript.length === 0) return <p className="text-sm text-muted-foreground">Nothing was said on this call.</p>;
  return (
    <ol className="grid gap-3" aria-label="Transcript">
      {transcript.map((entry, index) => {
        const isUser = entry.role === "user";
        return (
          <li key={index} className={cn("flex", isUser ? "justify-end" : "justify-start")}>
            <div className={cn("grid max-w-[85%] gap-1 rounded-lg px-3 py-2 text-sm sm:max-w-[75%]", isUser ? "bg-primary text-primary-foreground" : "bg-muted")}>
              <div className={cn("flex items-baseline gap-2 text-xs", isUser ? "justify-end opacity-80" : "text-muted-foreground")}>
                <span className="font-medium capitalize">{isUser ? "Caller" : entry.role}</span>
                <time dateTime={entry.start_time} title={entry.start_time} className="tabular-nums">
                  {offset(entry, startTime)}
                </time>
              </div>
              <p className="whitespace-pre-wrap break-words">{entry.content}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
