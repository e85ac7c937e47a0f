/**
 * Words the code puts together, in each language's own pattern (the translations' `labelValue`,
 * `parenthetical`, `separated` and `titleWithSite`, as plurals are each language's): English "Project: Invoicing",
 * French puts a no-break space before the colon ("Projet : Invoicing"), Japanese joins with full-width marks
 * ("プロジェクト：Invoicing", "対応中（In Progress）"), lists a line's facts with its middle dot and no spaces
 * ("リリース済み・2026年11月1日") and ends a page's title with a full-width bar ("変更履歴｜Acme").
 */
import { fill } from './messages.ts';

/** The patterns of a translation this module reads. */
export interface JoinPatterns {
  /** "{label}: {value}": a label and its value. */
  labelValue: string;
  /** "{text} ({aside})": a text and an aside about it. */
  parenthetical: string;
  /** "{before} · {after}": two facts of one line (a date, a version, a team). */
  separated: string;
  /** "{page} · {site}": a page's or a feed's title, then the site's. */
  titleWithSite: string;
  /** "{before}, {after}": a name, then more about it ("Vote for Dark mode, 40 upvotes"); Japanese "、", Arabic "،". */
  commaSeparated: string;
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

/** What goes between two facts of one line: " · ", Japanese "・". */
export function separator(patterns: Pick<JoinPatterns, 'separated'>): string {
  return textAround(patterns.separated)[1] ?? ' · ';
}

/** The non-empty `parts` as one line of facts: `separatedParts(ja, ['対応中', '40票'])` → "対応中・40票". */
export function separatedParts(patterns: Pick<JoinPatterns, 'separated'>, parts: readonly string[]): string {
  return parts.filter((part) => part !== '').join(separator(patterns));
}

/** A page's (or feed's) title with the site's: `titled(ja, '変更履歴', 'Acme')` → "変更履歴｜Acme". */
export function titled(patterns: Pick<JoinPatterns, 'titleWithSite'>, page: string, site: string): string {
  return fill(patterns.titleWithSite, { page, site });
}

/** What goes between a name and more about it: ", ", Japanese "、", Arabic "، ". */
export function comma(patterns: Pick<JoinPatterns, 'commaSeparated'>): string {
  return textAround(patterns.commaSeparated)[1] ?? ', ';
}

/**
 * The marks of `parenthetical` around an aside the page writes as elements: the space before the bracket (`gap`) and
 * the brackets: English `{ gap: ' ', open: '(', close: ')' }`, Japanese `{ gap: '', open: '（', close: '）' }`.
 */
export function asideMarks(patterns: Pick<JoinPatterns, 'parenthetical'>): { gap: string; open: string; close: string } {
  const [, before = ' (', close = ')'] = textAround(patterns.parenthetical);
  const open = before.trimStart();
  return { gap: before.slice(0, before.length - open.length), open, close };
}
