/** Medians, spreads and rounding for `npm run bench`. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A ratio as the bench reports it: the median of the rounds' own ratios (each a same-round pair), with the least and greatest. */
export interface RatioFigure {
  median: number;
  min: number;
  max: number;
}

export function ratioFigure(ratios: readonly number[], digits = 2): RatioFigure {
  return { median: round(median(ratios), digits), min: round(Math.min(...ratios), digits), max: round(Math.max(...ratios), digits) };
}
