/**
 * Share cards: the Open Graph image (1200×630 PNG) of an issue or a project,
 * drawn at build time with satori (layout to SVG) and resvg (SVG to PNG) from
 * its title, its column (or project state), its project and the site's title
 * and accent; of a release note, from its title, tags and date; and the site's
 * own card, from the site's title, description and accent, for every page with
 * no card of its own. No upvote count is on a card.
 *
 * satori, @resvg/resvg-js and the fonts are optional peer dependencies, loaded
 * only when cards are on (`SHARE_CARD_PACKAGES`), so a site without cards
 * installs none of their 40 MB.
 *
 * Fonts come from an npm package (@fontsource/noto-sans: Latin, Greek,
 * Cyrillic, Vietnamese), never the network. satori shapes no complex script,
 * so a text in a script outside those (Arabic, Hebrew, Devanagari, CJK, …)
 * would come out unjoined or as empty boxes: such a card is not drawn, and its
 * page keeps the site's default image (`theme.socialImage`, else the site card,
 * else none) — the caller counts these and warns once.
 *
 * Each card is cached under a digest of what it shows and of the renderer and
 * font versions, in a folder the rebuild keeps with its state: a rebuild that
 * changed one issue draws one card.
 */
import { createHash } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { TEXT_CONTRAST, withContrast } from '../theme/theme.ts';
import { writeAtomically } from '../shared/files.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Bump when the card's layout changes: every cached card is drawn again. */
const CARD_VERSION = 1;

interface CardCommon {
  siteTitle: string;
  /** `#rrggbb`. */
  accent: string;
}

/** An issue's or a project's card. */
export interface ItemCardInput extends CardCommon {
  kind: 'issue' | 'project';
  title: string;
  /** The column's heading (an issue) or the project's state, in the site's main language. */
  status: string;
  /** The project, if any. */
  project?: string | undefined;
}

/** The site's card: the image of every page with no card of its own (board, changelog, …). */
export interface SiteCardInput extends CardCommon {
  kind: 'site';
  /** The site's description (may be empty). */
  description: string;
}

/** A release note's card (docs/release-notes.md). */
export interface NoteCardInput extends CardCommon {
  kind: 'note';
  title: string;
  /** The note's date, as the site's main language writes it. */
  date: string;
  /** Its tags' words, in its order (the first `NOTE_CARD_TAGS` are drawn); none: the card says `fallbackTag`. */
  tags: string[];
  /** What the pill says of a note with no tags ("Release notes"). */
  fallbackTag: string;
}

export type CardInput = ItemCardInput | NoteCardInput | SiteCardInput;

/** Tag pills a note's card draws at most: the row has room for about four. */
export const NOTE_CARD_TAGS = 4;

/** What drawing cards needs installed beside portal-roadmap: `npm install` these to turn `shareCards` on. */
export const SHARE_CARD_PACKAGES = ['satori', '@resvg/resvg-js', '@fontsource/noto-sans'] as const;

/** The packages of SHARE_CARD_PACKAGES that `root` (the project) cannot resolve. */
export function missingShareCardPackages(root: string): string[] {
  const fromProject = createRequire(join(root, 'package.json'));
  return SHARE_CARD_PACKAGES.filter((name) => {
    try {
      fromProject.resolve(`${name}/package.json`);
      return false;
    } catch {
      return true;
    }
  });
}

const require = createRequire(import.meta.url);
const FONT_PACKAGE = '@fontsource/noto-sans';
const SUBSETS = ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'];

interface Fonts {
  version: string;
  list: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[];
}
let fonts: Fonts | undefined;
function loadFonts(): Fonts {
  if (fonts) return fonts;
  const packageJson = require.resolve(`${FONT_PACKAGE}/package.json`);
  const version = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
  const files = join(packageJson, '..', 'files');
  // satori reads TTF, OTF and WOFF, not WOFF2.
  const list = SUBSETS.flatMap((subset) =>
    ([400, 700] as const).flatMap((weight) => {
      const file = join(files, `noto-sans-${subset}-${weight}-normal.woff`);
      return existsSync(file) ? [{ name: 'Noto Sans', data: readFileSync(file), weight, style: 'normal' as const }] : [];
    }),
  );
  fonts = { version, list };
  return fonts;
}

/**
 * Whether the fonts draw `text` as it should look: letters of the Latin, Greek and Cyrillic scripts (with their
 * marks), digits, punctuation and symbols. Anything else (a complex script, CJK, emoji) is not drawn.
 */
export function drawable(text: string): boolean {
  return /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]*$/u.test(text) && !/\p{Extended_Pictographic}/u.test(text);
}

/** Every text a card shows, in a fixed order: what decides whether it can be drawn, and (with the accent) its digest. */
const cardTexts = (input: CardInput): (string | null)[] =>
  input.kind === 'site'
    ? [input.siteTitle, input.description]
    : input.kind === 'note'
      ? [input.title, input.date, input.siteTitle, ...noteTags(input)]
      : [input.title, input.status, input.project ?? null, input.siteTitle];

/** The pills of a note's card: its first tags, or the fallback word. */
const noteTags = (input: NoteCardInput) => (input.tags.length ? input.tags.slice(0, NOTE_CARD_TAGS) : [input.fallbackTag]);

export const cardDrawable = (input: CardInput) => cardTexts(input).every((text) => drawable(text ?? ''));

/** The digest a card is cached under: what it shows, and what draws it. */
export function cardDigest(input: CardInput): string {
  const { version } = loadFonts();
  return createHash('sha256')
    .update(JSON.stringify([CARD_VERSION, version, input.kind, ...cardTexts(input), input.accent]))
    .digest('hex')
    .slice(0, 32);
}

/** Long text shortened at a word, so a megabyte title costs no more than a short one. */
function shorten(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node[] | string } };
const box = (style: Record<string, unknown>, children: Node[] | string): Node => ({ type: 'div', props: { style, children } });

/** The site's title small, then the item's or the note's title large (shortened at 140 characters). */
function headline(siteTitle: string, text: string, width: number): Node[] {
  const title = shorten(text, 140);
  return [
    box({ display: 'flex', fontSize: 30, color: MUTED }, shorten(siteTitle, 60)),
    box({ display: 'flex', width, fontSize: title.length > 70 ? 50 : 62, fontWeight: 700, lineHeight: 1.2, maxHeight: 300, overflow: 'hidden' }, title),
  ];
}

/** The text boxes of an issue's or a project's card: the site's title, the item's title, its status pill and project. */
function itemCard(input: ItemCardInput, width: number): Node[] {
  return [
    ...headline(input.siteTitle, input.title, width),
    box({ display: 'flex', alignItems: 'center', fontSize: 30 }, [
      pill(input.accent, shorten(input.status, 40)),
      ...(input.project ? [box({ display: 'flex', marginLeft: 24, color: MUTED }, shorten(input.project, 50))] : []),
    ]),
  ];
}

/** A pill of white text on the accent; the text keeps WCAG's 4.5:1 on any accent, a pale one darkened as far as needed (src/theme/theme.ts). */
const pill = (accent: string, text: string, extra: Record<string, unknown> = {}) =>
  box(
    { display: 'flex', padding: '8px 24px', borderRadius: 999, background: withContrast(accent, ['#ffffff'], TEXT_CONTRAST, 'black'), color: '#ffffff', fontWeight: 700, ...extra },
    text,
  );

/** The text boxes of a release note's card: the site's title, the note's title, its tags as pills and its date. */
function noteCard(input: NoteCardInput, width: number): Node[] {
  return [
    ...headline(input.siteTitle, input.title, width),
    box({ display: 'flex', alignItems: 'center', fontSize: 30 }, [
      ...noteTags(input).map((tag) => pill(input.accent, shorten(tag, 24), { marginRight: 16 })),
      box({ display: 'flex', marginLeft: 8, color: MUTED }, shorten(input.date, 40)),
    ]),
  ];
}

/**
 * The text boxes of the site's card: its title large, its description below. Both are the team's config, bounded
 * there (200 and 1,000 characters) and shortened here again, so the card's layout costs the same whatever they hold.
 */
function siteCard(input: SiteCardInput, width: number): Node[] {
  const title = shorten(input.siteTitle, 90);
  const description = shorten(input.description, 180);
  return [
    box({ display: 'flex', width, fontSize: title.length > 40 ? 58 : 72, fontWeight: 700, lineHeight: 1.15, maxHeight: 260, overflow: 'hidden' }, title),
    box({ display: 'flex', width, marginTop: 36, fontSize: 34, lineHeight: 1.35, color: MUTED, maxHeight: 188, overflow: 'hidden' }, description),
  ];
}

const MUTED = '#4f5663';

/** Draws the card: a PNG of CARD_WIDTH × CARD_HEIGHT. The caller checks `cardDrawable` first. */
export async function drawCard(input: CardInput): Promise<Buffer> {
  // Sizes in pixels: the box model of satori is content-box, so the text area is the card less its margins.
  const inner = CARD_WIDTH - 2 * 72;
  // One frame for every card: white, the accent as a rule along the top, the texts spread over the rest.
  const tree = box({ width: CARD_WIDTH, height: CARD_HEIGHT, display: 'flex', flexDirection: 'column', background: '#ffffff', fontFamily: 'Noto Sans', color: '#1b1f24' }, [
    box({ display: 'flex', width: CARD_WIDTH, height: 24, background: input.accent }, []),
    box(
      {
        display: 'flex',
        flexDirection: 'column',
        justifyContent: input.kind === 'site' ? 'center' : 'space-between',
        width: inner,
        height: CARD_HEIGHT - 24 - 2 * 52,
        margin: '52px 72px',
      },
      input.kind === 'site' ? siteCard(input, inner) : input.kind === 'note' ? noteCard(input, inner) : itemCard(input, inner),
    ),
  ]);
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: loadFonts().list });
  return new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render().asPng();
}

/** The card from `cacheDir` when one with its digest is there, else drawn and put there (written whole or not at all). */
export async function cachedCard(input: CardInput, cacheDir: string, draw: (input: CardInput) => Promise<Buffer> = drawCard): Promise<Buffer> {
  const file = join(cacheDir, `${cardDigest(input)}.png`);
  if (existsSync(file)) return readFileSync(file);
  const png = await draw(input);
  await writeAtomically(file, png);
  return png;
}
