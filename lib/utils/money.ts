import { roundToTotal } from "./round-to-total";

/**
 * Money in the studio: US dollars with four decimals, everywhere, so that a column of call costs lines
 * up and a call of a few cents reads as one ($0.0193, $0.0090, $0.0200, never $0.02 beside $0.009).
 * Costs are kept to the micro-dollar; where an amount would read $0.0000 while it is not zero (a
 * breakdown line of a few tokens), its whole group takes up to six decimals.
 */
export const MONEY_DECIMALS = 4;
/** The precision costs are kept at (`numeric(12, 6)`). */
export const MAX_MONEY_DECIMALS = 6;

const formatters = new Map<number, Intl.NumberFormat>();
function formatter(decimals: number): Intl.NumberFormat {
  let format = formatters.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(decimals, format);
  }
  return format;
}

/** The decimals a group of amounts shown together needs: four, or more until no non-zero one reads as zero (at most six). */
export function moneyDecimals(amounts: Iterable<number | null | undefined>): number {
  let decimals = MONEY_DECIMALS;
  for (const amount of amounts) {
    if (!amount || !Number.isFinite(amount)) continue;
    while (decimals < MAX_MONEY_DECIMALS && Math.round(Math.abs(amount) * 10 ** decimals) === 0) decimals++;
  }
  return decimals;
}

/** "$0.0193", "$1,234.5000"; "—" for no amount. Pass the group's `decimals` when amounts are shown together. */
export function formatMoney(amount: number | null | undefined, decimals = moneyDecimals([amount])): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "—";
  return formatter(decimals).format(amount || 0); // never "-$0.0000"
}

/**
 * Parts of a total (a cost breakdown's lines, cost per day or per agent) and the total, in one
 * precision, the parts rounded so that the figures shown add up to the total shown.
 */
export function formatMoneyParts(parts: readonly number[], total: number, decimals = moneyDecimals([...parts, total])): { parts: string[]; total: string; decimals: number } {
  return { parts: roundToTotal(parts, total, decimals).map((part) => formatMoney(part, decimals)), total: formatMoney(total, decimals), decimals };
}
