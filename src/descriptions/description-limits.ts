/**
 * How much of a description is rendered, and the plain-text form shown when
 * rendering fails. Kept apart from the renderer (src/descriptions/markdown.ts) so
 * that the fallback never loads the parser and sanitiser.
 */
import { escapeHtmlText } from '../shared/text.ts';

export const DESCRIPTION_LIMITS = {
  /** Characters of Markdown rendered; the rest is cut off, with a note saying so. */
  maxChars: 100_000,
  /** Block quote and list markers that open containers on one line (`> > - x`); further ones are shown as text. */
  maxContainerMarkers: 16,
  /** Columns of indentation before a list item or quote marker; deeper indentation is reduced to this. */
  maxMarkerIndent: 64,
  /**
   * Work marked may spend, in characters, looking for the ends of `*`, `_`
   * and `~` runs: each run scans the rest of its paragraph, and each emphasis
   * inside another reads its content again, so `*a *a *a … a* a* a*` costs the
   * square of its length. Past this bound further runs are plain text.
   * Ordinary descriptions of 100 KB use 1–10 % of it; one paragraph of 100 KB
   * with thousands of emphases runs out, and its later ones show as typed.
   */
  maxEmphasisWork: 10_000_000,
  /** Elements open inside one another in the HTML given to the parser; further start tags are shown as text. */
  maxElementDepth: 100,
  /**
   * CPU time one description may take to render (src/descriptions/render-budget.ts);
   * past it, it is shown as plain text. CPU time, not wall-clock time, so a
   * busy machine does not change what a build publishes. A 100 KB table, the
   * heaviest ordinary description, renders within it
   * (@see docs/project/performance-log.md, "Measurements behind the code").
   */
  renderBudgetMs: 2_000,
  /** Wall-clock time one description may take whatever its CPU time, and the budget where CPU time cannot be read (not Linux). */
  renderWallClockMs: 30_000,
  /** Heap of the rendering worker; a description that needs more is shown as plain text. */
  renderHeapMb: 512,
} as const;

/** What the bounds kept of a description. */
export interface BoundedMarkdown {
  markdown: string;
  /** True when the text was longer than `DESCRIPTION_LIMITS.maxChars` and was cut. */
  truncated: boolean;
}

/** The description cut to `DESCRIPTION_LIMITS.maxChars`, at a line break when one is near, never inside a surrogate pair. */
export function truncateDescription(text: string): BoundedMarkdown {
  const { maxChars } = DESCRIPTION_LIMITS;
  if (text.length <= maxChars) return { markdown: text, truncated: false };
  const cut = text.slice(0, maxChars);
  const lineEnd = cut.lastIndexOf('\n');
  return { markdown: lineEnd > maxChars * 0.9 ? cut.slice(0, lineEnd) : cut.replace(/[\uD800-\uDBFF]$/, ''), truncated: true };
}

/** The note after a description that was cut, in the site's language when the loader passes it. */
export function truncationNote(note = 'The rest of this description is too long to show.'): string {
  return `<p><em>${escapeHtmlText(note)}</em></p>\n`;
}

/**
 * `html` with the note after a cut description said in another language: the
 * content layer renders each description once, in the site's main language,
 * and a page of another language swaps the note. Other HTML is returned as it is.
 */
export function retranslatedTruncationNote(html: string, mainNote: string, pageNote: string): string {
  const written = truncationNote(mainNote);
  return mainNote !== pageNote && html.endsWith(written) ? `${html.slice(0, -written.length)}${truncationNote(pageNote)}` : html;
}

export interface DescriptionOptions {
  /** Shown after a description that was cut (`labels.descriptionTruncated`). */
  truncatedNote?: string | undefined;
}

/**
 * The description as escaped plain text, for an entry whose rendering failed
 * or ran out of time: paragraphs at blank lines, line breaks kept. Linear,
 * and nothing in it is markup.
 */
export function plainTextHtml(markdown: string | null, options: DescriptionOptions = {}): string {
  if (!markdown?.trim()) return '';
  const { markdown: text, truncated } = truncateDescription(markdown);
  const paragraphs = text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtmlText(paragraph).replace(/\n/g, '<br>\n')}</p>\n`);
  return `${paragraphs.join('')}${truncated ? truncationNote(options.truncatedNote) : ''}`;
}

/** A bound that changed how a description renders: the build log names the entry and the bound. */
export type DescriptionLimit = 'length' | 'nesting' | 'emphasis' | 'element depth';

/** The bounds the document being rendered ran into: cleared by `renderDescription` before each, read after it. */
export const limitsHit = new Set<DescriptionLimit>();
