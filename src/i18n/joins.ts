/**
 * Words the code puts together, in each language's own pattern (the translations' `labelValue` and
 * `parenthetical`, as plurals are each language's): English "Project: Invoicing", French puts a no-break space
 * before the colon ("Projet : Invoicing"), Japanese joins with full-width marks ("プロジェクト：Invoicing",
 * "対応中（In Progress）").
 */
import { fill } from './messages.ts';

/** The patterns of a translation this module reads. */
export interface JoinPatterns {
  /** "{label}: {value}": a label and its value. */
  labelValue: string;
  /** "{text} ({aside})": a text and an aside about it. */
  parenthetical: string;
}

/** `label` and `value` joined as the language joins a label and its value: `labelled(fr, 'Progression', 'Invoicing')` → "Progression : Invoicing". */
export function labelled(patterns: Pick<JoinPatterns, 'labelValue'>, label: string, value: string): string {
  return fill(patterns.labelValue, { label, value });
}

/** What goes before a value the page writes itself (isolated, or a link): "Project: ", French "Projet : ", Japanese "プロジェクト：". */
export function labelBefore(patterns: Pick<JoinPatterns, 'labelValue'>, label: string): string {
  const at = patterns.labelValue.indexOf('{value}');
  return fill(at < 0 ? patterns.labelValue : patterns.labelValue.slice(0, at), { label });
}

/**
 * The text of a pattern between its placeholders, in order, for a page that writes the values as elements:
 * `textAround("{label}: {value}")` → `["", ": ", ""]`, `textAround("{text}（{aside}）")` → `["", "（", "）"]`.
 */
export function textAround(pattern: string): string[] {
  return pattern.split(/\{\w+\}/);
}
