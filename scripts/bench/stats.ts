/** Medians and rounding for `npm run bench`. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
