/**
 * Markdown from the portal (written by teammates, or by customers whose words
 * reached an issue) to HTML that is safe to publish and to embed: marked
 * renders it, parse5 (through hast-util-from-html) parses that as a browser
 * would, hast-util-sanitize keeps only a small HTML allow-list, and
 * hast-util-to-html writes it out again (src/descriptions/sanitize.ts). No DOM: jsdom with DOMPurify cost
 * several times as much a description and to load in each worker (./worker-script.ts;
 * @see docs/project/performance-log.md, "Measurements behind the code").
 *
 * What reaches marked and the HTML parser is bounded first, so that no short
 * text can overflow the stack or take minutes (see `DESCRIPTION_LIMITS`):
 * the length, the nesting of block quotes and lists, the work spent looking
 * for the end of an emphasis (src/descriptions/markdown-bounds.ts), and the
 * nesting of HTML elements (src/descriptions/element-depth.ts). The time an
 * entry may take as a whole, and its memory, are bounded by
 * `src/descriptions/render-budget.ts`.
 */
import { Marked, type Tokens } from 'marked';
import { limitsHit, truncationNote, type DescriptionLimit, type DescriptionOptions } from './description-limits.ts';
import { boundedTokenizer, boundMarkdown, resetEmphasisBudget } from './markdown-bounds.ts';
import { sanitizeHtml } from './sanitize.ts';

const marked = new Marked({
  gfm: true,
  async: false,
  tokenizer: boundedTokenizer,
});

/**
 * Description headings start at h3: the page's own h1 and h2 ("Description") come first. A description's
 * headings keep their order but lose their gaps: its highest level becomes h3, and none is more than one level
 * below the heading before it, so `## A` then `#### B` is h3 then h4 (an outline skipping a level is invalid
 * HTML to the Nu checker and a puzzle to a screen reader's heading list).
 */
const FIRST_HEADING_LEVEL = 3;

/** The heading levels of a description, as `FIRST_HEADING_LEVEL` says, by their markdown depths in order. */
export function descriptionHeadingLevels(depths: readonly number[]): number[] {
  const top = Math.min(...depths);
  let previous = FIRST_HEADING_LEVEL - 1;
  return depths.map((depth) => (previous = Math.min(6, depth - top + FIRST_HEADING_LEVEL, previous + 1)));
}

export interface RenderedMarkdown {
  html: string;
  /** The bounds this description ran into, if any (see `DESCRIPTION_LIMITS`). */
  limits: DescriptionLimit[];
}

/** Markdown to sanitised HTML, with the bounds it ran into. Bounded as `DESCRIPTION_LIMITS` says; `truncatedNote` is shown after a description that was cut. */
export function renderDescription(markdown: string | null, options: DescriptionOptions = {}): RenderedMarkdown {
  if (!markdown?.trim()) return { html: '', limits: [] };
  limitsHit.clear();
  resetEmphasisBudget();
  const bounded = boundMarkdown(markdown);
  if (bounded.truncated) limitsHit.add('length');
  const tokens = marked.lexer(bounded.markdown);
  const headings: Tokens.Heading[] = [];
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'heading') headings.push(token as Tokens.Heading);
  });
  const levels = descriptionHeadingLevels(headings.map((heading) => heading.depth));
  headings.forEach((heading, index) => (heading.depth = levels[index]!));
  const html = sanitizeHtml(marked.parser(tokens));
  return { html: bounded.truncated ? `${html}${truncationNote(options.truncatedNote)}` : html, limits: [...limitsHit] };
}

/** Markdown to sanitised HTML; empty for null or blank input (see `renderDescription`). */
export function renderMarkdown(markdown: string | null, options: DescriptionOptions = {}): string {
  return renderDescription(markdown, options).html;
}
