/**
 * What a release note's own page shows of it beyond its body: the description for search engines and link previews,
 * the image's widths, and the image its JSON-LD names. Pure.
 */
import { fromHtml } from 'hast-util-from-html';
import { toString as textOf } from 'hast-util-to-string';

/** The longest description a note's page gives search engines and link previews, in characters. */
export const NOTE_DESCRIPTION_LENGTH = 160;

/**
 * What a note's page says of itself in `<meta name="description">` and link previews: the text of its body's first
 * paragraph (its sanitised HTML, `html`), cut at a word with "…", or `fallback` (its title) when the body has none.
 */
export function noteDescription(html: string, fallback: string): string {
  const text = firstParagraph(html);
  return text ? cutAtWord(text, NOTE_DESCRIPTION_LENGTH) : fallback;
}

/** The longest summary the changelog and `latest.json` give a note, in characters. */
export const NOTE_SUMMARY_LENGTH = 300;

/**
 * A note's words under its title in the changelog and the what's-new panel: its frontmatter's `summary`, else the text
 * of its body's first paragraph (cut at a word at NOTE_SUMMARY_LENGTH), else none.
 * E.g. `noteSummary({ html: '<p>A <b>faster</b> sync.</p><p>More.</p>' })` is `'A faster sync.'`.
 */
export function noteSummary(note: { summary?: string | undefined; html: string }): string | undefined {
  if (note.summary) return note.summary;
  const text = firstParagraph(note.html);
  return text ? cutAtWord(text, NOTE_SUMMARY_LENGTH) : undefined;
}

/** The text of the first paragraph of sanitised HTML, its white space collapsed; empty when it has none. */
function firstParagraph(html: string): string {
  const paragraph = fromHtml(html, { fragment: true }).children.find((node) => node.type === 'element' && node.tagName === 'p');
  return paragraph ? textOf(paragraph).replace(/\s+/g, ' ').trim() : '';
}

/** `text` when it has at most `max` characters, else cut at a word with "…" (at most `max` in all). */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/** An image Astro optimised (the `ImageMetadata` of `astro:assets`, as the core needs it). */
export interface NoteImage {
  src: string;
  width: number;
  height: number;
  format: 'png' | 'jpg' | 'jpeg' | 'tiff' | 'webp' | 'gif' | 'svg' | 'avif' | 'apng';
}

/**
 * How a note's image is shown on its page (src/components/ReleaseNoteArticle.astro): the widths Astro makes and the
 * sizes hint. The note's search record names the same image (src/route-data/search-records.ts).
 */
export function noteImageLayout(image: NoteImage): { widths: number[]; sizes: string } {
  // Shown as wide as the article (at most 760 px: src/components/ReleaseNote.css), the page's 1rem margins aside.
  return { widths: [640, Math.min(NOTE_IMAGE_WIDEST, image.width)], sizes: '(min-width: 800px) 760px, calc(100vw - 2rem)' };
}

/** The widest copy of a note's image its page offers (two device pixels a CSS pixel of the 760 px article, about). */
const NOTE_IMAGE_WIDEST = 1280;

/** Formats every reader of a page's JSON-LD takes as they are (Google's image guidelines list these and more). */
const JSON_LD_FORMATS: ReadonlySet<NoteImage['format']> = new Set(['png', 'jpg', 'jpeg', 'webp', 'gif']);

/**
 * The note's image as its JSON-LD names it: the file in the note's folder (Astro publishes it too) when it is in a web
 * format and no wider than the page's widest copy, else that copy (`noteImageLayout`): a PNG the image service makes
 * from a palette PNG is several times its size. `optimised`: Astro's
 * `getImage` of the page's route.
 */
export async function jsonLdImageSrc(image: NoteImage, optimised: (options: { src: NoteImage; width: number }) => Promise<{ src: string }>): Promise<string> {
  if (JSON_LD_FORMATS.has(image.format) && image.width <= NOTE_IMAGE_WIDEST) return image.src;
  return (await optimised({ src: image, width: Math.max(...noteImageLayout(image).widths) })).src;
}
