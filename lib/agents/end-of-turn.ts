import { z } from "zod";

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
      .meta({ description: "The shorter wait used when a streaming transcriber's interim transcript ends a sentence (., ?, !). Default 300." }),
    max_wait_ms: z
      .number()
      .int()
      .min(100)
      .max(10_000)
      .optional()
      .meta({ description: "The longer wait used when the interim transcript stops mid-sentence (a comma, \"and\", \"um\"). Default 2000." }),
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
      "transcriber, after min_wait_ms when the words so far end a sentence and up to max_wait_ms when they stop mid-sentence.",
  });

export type EndOfTurnInput = z.infer<typeof EndOfTurnSchema>;
export type EndOfTurnSettings = Required<{ [K in keyof EndOfTurnInput]: number }>;

export const endOfTurnDefaults: EndOfTurnSettings = { silence_threshold_ms: 700, min_wait_ms: 300, max_wait_ms: 2000 };

/** Fills the defaults, moving a default out of the way when an explicit value passes it. */
export function resolveEndOfTurn(input: EndOfTurnInput = {}): EndOfTurnSettings {
  const threshold = input.silence_threshold_ms ?? endOfTurnDefaults.silence_threshold_ms;
  return {
    silence_threshold_ms: threshold,
    min_wait_ms: input.min_wait_ms ?? Math.min(endOfTurnDefaults.min_wait_ms, threshold),
    max_wait_ms: input.max_wait_ms ?? Math.max(endOfTurnDefaults.max_wait_ms, threshold),
  };
}
