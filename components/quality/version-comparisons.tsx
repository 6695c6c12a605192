import { Badge } from "@/components/ui/badge";
import type { VersionComparison } from "@/lib/voice-api/analytics";

const variants = { significant: "success", not_significant: "secondary", not_enough_calls: "warning" } as const;
const labels = { significant: "Larger than chance", not_significant: "Could be chance", not_enough_calls: "Not enough calls" } as const;

/** Each pair's two-proportion test, in words. */
export function VersionComparisons({ comparisons }: { comparisons: VersionComparison[] }) {
  return (
    <ul className="grid gap-2" aria-label="Is the difference in success rate larger than chance?">
      {comparisons.map((comparison) => (
        <li key={`${comparison.version_a}-${comparison.version_b}`} className="grid gap-1 rounded-md border p-3 text-sm sm:grid-cols-[auto_1fr] sm:items-baseline sm:gap-3" data-result={comparison.result}>
          <span className="flex items-center gap-2 font-medium whitespace-nowrap">
            v{comparison.version_a} → v{comparison.version_b}
            <Badge variant={variants[comparison.result]}>{labels[comparison.result]}</Badge>
          </span>
          <span className="text-muted-foreground first-letter:uppercase">{comparison.message}.</span>
        </li>
      ))}
    </ul>
  );
}
