/**
 * `parts` rounded to `decimals` so that they add up to `total` rounded the same way (the largest
 * remainder method): a column of rounded figures that sums to the total printed beneath it. Each part
 * moves at most one unit of the last decimal from its own rounding.
 */
export function roundToTotal(parts: readonly number[], total: number, decimals: number): number[] {
  const unit = 10 ** decimals;
  const scaled = parts.map((part) => Number((part * unit).toPrecision(12)));
  const rounded = scaled.map(Math.round);
  let missing = Math.round(Number((total * unit).toPrecision(12))) - rounded.reduce((sum, part) => sum + part, 0);
  // Short of the total: add a unit where rounding took the most; over it: take one where it gave the most.
  const order = scaled.map((value, index) => ({ index, error: value - rounded[index] })).sort((a, b) => (missing > 0 ? b.error - a.error : a.error - b.error));
  for (let i = 0; missing !== 0 && order.length > 0; i = (i + 1) % order.length) {
    const step = Math.sign(missing);
    // Never below zero: a part that is 0 stays 0 when units are taken away.
    if (step < 0 && rounded[order[i].index] <= 0 && order.some(({ index }) => rounded[index] > 0)) continue;
    rounded[order[i].index] += step;
    missing -= step;
  }
  return rounded.map((value) => value / unit || 0);
}
