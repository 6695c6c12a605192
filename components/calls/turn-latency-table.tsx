import type { TurnLatency } from "@/lib/voice-api/calls";

const columns: [keyof TurnLatency, string][] = [
  ["end_of_turn_ms", "End of turn"],
  ["transcript_ms", "Transcript"],
  ["first_token_ms", "First token"],
  ["first_sentence_ms", "First sentence"],
  ["first_speech_byte_ms", "Speech's first byte"],
  ["first_audio_ms", "First audio out"],
];

const ms = (value: number | null) => (value === null ? "—" : `${value} ms`);

/** A voice call's latency per caller turn, each figure after the end of the caller's speech. */
export function TurnLatencyTable({ turns }: { turns: TurnLatency[] }) {
  if (turns.length === 0) return <p className="text-sm text-muted-foreground">No spoken turn in this call.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" aria-label="Latency per turn">
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th className="py-1 pr-3 font-medium">Turn</th>
            {columns.map(([key, label]) => (
              <th key={key} className="py-1 pr-3 font-medium">{label}</th>
            ))}
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {turns.map((turn) => (
            <tr key={turn.turn} className="border-t">
              <td className="py-1 pr-3">{turn.turn}</td>
              {columns.map(([key]) => (
                <td key={key} className={key === "first_audio_ms" ? "py-1 pr-3 font-medium" : "py-1 pr-3"}>{ms(turn[key] as number | null)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
