/**
 * The team's labels of release note tags (`releaseNotes.tags` given as an object) in one language, for
 * `releaseTagLabel` (./notes.ts). Apart from notes.ts, which the content loaders reach: this one brings the
 * per-language texts' module, which they must not load.
 */
import { localTextIn, type LocalText } from '../config/schemas/local-text.ts';

/** The team's tag labels in `locale`, else in the main language (the first of `locales`); a tag without one is left out. */
export function releaseTagLabelsIn(
  config: { locales: readonly string[]; releaseNotes: { tagLabels: Readonly<Record<string, LocalText<string>>> } },
  locale: string,
): Record<string, string> {
  const labelled = Object.entries(config.releaseNotes.tagLabels).map(([tag, label]) => [tag, localTextIn(label, locale, config.locales[0]!)] as const);
  return Object.fromEntries(labelled.filter((entry): entry is readonly [string, string] => entry[1] !== undefined));
}
