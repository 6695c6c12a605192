import { mergeCategories, redactText } from "@/lib/redaction/find-pii";
import type { PiiCategory } from "@/lib/redaction/pii-categories";
import type { CallAnalysis } from "@/lib/schemas/call-analysis";

/**
 * A redacting agent's analysis as it is stored: the model read the redacted transcript, but what it
 * writes (the summary, the verdict's reason) is redacted again, as post-call answers are, so a name or
 * number it inferred or echoed is replaced by its `[category]` placeholder too.
 */
export function redactAnalysis(analysis: CallAnalysis): { analysis: CallAnalysis; categories: PiiCategory[] } {
  const summary = redactText(analysis.summary);
  const reason = redactText(analysis.success.reason);
  return {
    analysis: { ...analysis, summary: summary.value, success: { ...analysis.success, reason: reason.value } },
    categories: mergeCategories(summary.categories, reason.categories),
  };
}

/**
 * `metadata_only`: the analysis keeps its figures (verdict, score, sentiment, the checklist's met/not
 * met, model, time), which the quality analytics count, and loses its words about the call.
 */
export function analysisFiguresOnly(analysis: CallAnalysis): CallAnalysis {
  return { ...analysis, summary: "", success: { ...analysis.success, reason: "" } };
}
