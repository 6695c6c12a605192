import { Frown, Meh, Smile } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { CallAnalysis, CallSentiment, SuccessVerdict } from "@/lib/voice-api/calls";

const verdictVariants = { success: "success", failure: "destructive", unknown: "outline" } as const;
const verdictLabels: Record<SuccessVerdict, string> = { success: "Success", failure: "Failure", unknown: "Not judged" };
const sentimentVariants = { positive: "success", neutral: "secondary", negative: "destructive" } as const;
const sentimentIcons = { positive: Smile, neutral: Meh, negative: Frown } as const;
/**
 * The destructive badge's red on a dark card (the call page's analysis) measures 4.3:1, under WCAG AA's
 * 4.5; a lighter red there reads 6.5:1 (oklch 0.75 0.15 25 over the card with the badge's 15 % tint).
 */
const darkCardRed = "dark:text-[oklch(0.75_0.15_25)]";
const redOnDark = (variant: string) => (variant === "destructive" ? darkCardRed : undefined);

export const verdictLabel = (verdict: SuccessVerdict) => verdictLabels[verdict];
export const sentimentLabel = (sentiment: CallSentiment) => sentiment.charAt(0).toUpperCase() + sentiment.slice(1);

/** The success verdict, with the score out of 10 when there is one. */
export function VerdictBadge({ success }: { success: CallAnalysis["success"] }) {
  return (
    <Badge variant={verdictVariants[success.verdict]} className={redOnDark(verdictVariants[success.verdict])} data-verdict={success.verdict}>
      {verdictLabels[success.verdict]}
      {success.score !== null ? <span className="tabular-nums"> · {formatScore(success.score)}/10</span> : null}
    </Badge>
  );
}

export function SentimentBadge({ sentiment }: { sentiment: CallSentiment }) {
  const Icon = sentimentIcons[sentiment];
  return (
    <Badge variant={sentimentVariants[sentiment]} className={redOnDark(sentimentVariants[sentiment])} data-sentiment={sentiment}>
      <Icon className="size-3" aria-hidden />
      {sentimentLabel(sentiment)}
    </Badge>
  );
}

/** 7.5 → "7.5", 8 → "8", 6.67 → "6.67". */
export const formatScore = (score: number) => String(Math.round(score * 100) / 100);

const skipReasons = { not_answered_by_human: "Not analysed: no person answered", too_few_caller_turns: "Not analysed: the caller said too little" } as const;
export const skipReasonText = (reason: keyof typeof skipReasons) => skipReasons[reason];
