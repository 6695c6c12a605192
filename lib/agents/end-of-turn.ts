import { z } from "zod";

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * The agent extension field `end_of_turn`: how long the caller's silence must last before their
 * turn ends.
 */
export const EndOfTurnSchema = z
  .strictObject({
    silence_threshold_ms: z
      .number()
      .int()
      .min(100)
      .max(5000)
      .optional()
      .meta({ description: "Silence after the caller's last word that ends their turn when nothing more is known. 100 to 5000, default 700." }),
    min_wait_ms: z
      .number()
      .int()
      .min(100)
      .max(5000)
      .optional()
      .meta({ description: "The shorter wait used when the words so far (a streaming transcriber's interim, or a batch transcription taken at the first pause) end a sentence (., ?, !). Default 300." }),
    max_wait_ms: z
      .number()
      .int()
      .min(100)
      .max(10_000)
      .optional()
      .meta({ description: "The longer wait used when the words so far stop mid-sentence (a comma, \"and\", \"um\"). Default 2000." }),
    endpointing_url: z
      .string()
      .max(2048, "At most 2048 characters")
      .refine(isHttpUrl, "Must be an http(s) URL")
      .nullable()
      .optional()
      .meta({
        description:
          "Extension: your own end-of-turn model. At each candidate end of the caller's turn we POST {transcript, silence_ms, call_id} " +
          "and expect {end_of_turn: boolean, wait_ms?: number} within 150 ms; no answer in time (or an error) leaves the decision to the built-in rule. " +
          "Requests follow the same outbound rules as custom functions (public addresses only unless allowed). Default null.",
      }),
  })
  .superRefine((value, ctx) => {
    const { silence_threshold_ms: threshold, min_wait_ms: min, max_wait_ms: max } = value;
    if (min !== undefined && threshold !== undefined && min > threshold) ctx.addIssue({ code: "custom", path: ["min_wait_ms"], message: "Must not exceed silence_threshold_ms" });
    if (max !== undefined && threshold !== undefined && max < threshold) ctx.addIssue({ code: "custom", path: ["max_wait_ms"], message: "Must not be below silence_threshold_ms" });
    if (min !== undefined && max !== undefined && min > max) ctx.addIssue({ code: "custom", path: ["min_wait_ms"], message: "Must not exceed max_wait_ms" });
  })
  .meta({
    id: "AgentEndOfTurn",
    description:
      "Extension: when the caller's turn ends in a voice call. The turn ends after silence_threshold_ms of silence; with a streaming " +
      "transcriber (or, with a batch one, the words transcribed at the first 200 ms pause), after min_wait_ms when the words so far end a " +
      "sentence and up to max_wait_ms when they stop mid-sentence; an endpointing_url, when set, is asked first.",
  });

export type EndOfTurnInput = z.infer<typeof EndOfTurnSchema>;
export type EndOfTurnSettings = { silence_threshold_ms: number; min_wait_ms: number; max_wait_ms: number; endpointing_url: string | null };

export const endOfTurnDefaults: EndOfTurnSettings = { silence_threshold_ms: 700, min_wait_ms: 300, max_wait_ms: 2000, endpointing_url: null };

/** Fills the defaults, moving a default out of the way when an explicit value passes it. */
export function resolveEndOfTurn(input: EndOfTurnInput = {}): EndOfTurnSettings {
  const threshold = input.silence_threshold_ms ?? endOfTurnDefaults.silence_threshold_ms;
  return {
    silence_threshold_ms: threshold,
    min_wait_ms: input.min_wait_ms ?? Math.min(endOfTurnDefaults.min_wait_ms, threshold),
    max_wait_ms: input.max_wait_ms ?? Math.max(endOfTurnDefaults.max_wait_ms, threshold),
    endpointing_url: input.endpointing_url ?? null,
  };
}
