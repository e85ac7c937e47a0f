/**
 * The words and shapes the pages put around the history's facts: which label
 * tells a step of a timeline, labels split around a `<time>`, and the
 * sparkline's points. Pure, so pages stay thin and this is tested directly.
 */
import type { TimelineStep, UpvoteTrend } from '../history/timeline.ts';
import { fill, type StringKey } from '../i18n/labels.ts';

/** The label of a timeline step: the first step of the history's first run says "since at least", never "moved on". */
export function timelineLabel(step: Pick<TimelineStep, 'kind' | 'atLeast'>): StringKey {
  if (step.kind === 'moved') return 'timelineMoved';
  if (step.kind === 'back') return 'timelineBack';
  return step.atLeast ? 'timelineSeenAtLeast' : 'timelineSeen';
}

/** A label split at its `{date}`, other placeholders filled: the page puts a `<time>` between the two parts. */
export function aroundDate(template: string, values: Record<string, string | number> = {}): [string, string] {
  const at = template.indexOf('{date}');
  if (at < 0) return [fill(template, values), ''];
  return [fill(template.slice(0, at), values), fill(template.slice(at + '{date}'.length), values)];
}

/**
 * The trend as SVG polyline points in a `width` × `height` box, `pad` from
 * the edges. A flat trend is drawn across the middle.
 */
export function sparklinePoints(trend: Pick<UpvoteTrend, 'points' | 'days' | 'min' | 'max'>, width: number, height: number, pad = 2): string {
  const span = trend.max - trend.min;
  const x = (day: number) => pad + (day / trend.days) * (width - 2 * pad);
  const y = (count: number) => (span === 0 ? height / 2 : height - pad - ((count - trend.min) / span) * (height - 2 * pad));
  return trend.points.map((p) => `${round(x(p.day))},${round(y(p.count))}`).join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;
