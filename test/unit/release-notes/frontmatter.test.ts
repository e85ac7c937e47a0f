import { mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { checkNoteImage, hasNotes, notesFolderWarnings } from '../../../src/content/release-notes.ts';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { releaseNoteItems, withReleaseNotes } from '../../../src/feeds/shipped-feed.ts';
import type { Issue, Project } from '../../../src/snapshot/model.ts';
import { checkReleaseNote, markdownOfMdx, duplicateNoteVersions, isNoteFile, releaseNoteFields, releaseNoteRules, releaseSlug } from '../../../src/release-notes/frontmatter.ts';
import { noteDescription, noteSummary, jsonLdImageSrc } from '../../../src/release-notes/note-page.ts';
import { joinNote, notesInLanguage, releaseTagLabel, type ReleaseNoteSource } from '../../../src/release-notes/notes.ts';
import { releaseTagLabelsIn } from '../../../src/release-notes/tag-labels.ts';

const rules = { tags: ['new', 'improved', 'fixed'], locales: ['en', 'de'] };
const FILE = 'src/content/releases/faster-search.md';

function errorOf(data: unknown, file = FILE): string {
  try {
    checkReleaseNote(file, data, rules);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('a release note’s frontmatter', () => {
  it('accepts a full note, with its date written by YAML as a Date', () => {
    expect(
      errorOf({
        title: 'Faster search',
        date: new Date('2026-11-20'),
        version: '2.10',
        tags: ['new', 'fixed'],
        issues: ['APP-1'],
        projects: ['p1'],
        image: './a.png',
        imageAlt: 'The search field',
        lang: 'de',
      }),
    ).toBe('');
    expect(errorOf({ title: 'Faster search', date: '2026-11-20' })).toBe('');
  });

  it('names the file, the key and the allowed values of a wrong tag, in one line', () => {
    const message = errorOf({ title: 'A', date: '2026-11-20', tags: ['new', 'bogus'] });
    expect(message).toContain(FILE);
    expect(message).toContain('tags');
    expect(message).toContain('new, improved, fixed');
    expect(message).not.toContain('\n');
  });

  it('names the locales a wrong lang may be, an unknown key, a missing title, an unquoted version and an image without its text', () => {
    expect(errorOf({ title: 'A', date: '2026-11-20', lang: 'fr' })).toMatch(/lang.*en, de/);
    expect(errorOf({ title: 'A', date: '2026-11-20', tag: ['new'] })).toMatch(/unknown key "tag".*tags/);
    expect(errorOf({ date: '2026-11-20' })).toMatch(/"title" is missing/);
    expect(errorOf({ title: 'A', date: '2026-11-20', version: 2.1 })).toMatch(/version.*in quotes/);
    expect(errorOf({ title: 'A', date: '2026-11-20', image: './a.png' })).toMatch(/imageAlt/);
    expect(errorOf({ title: 'A', date: 'next week' })).toMatch(/date.*2026-11-20/);
    for (const message of [errorOf({ title: '  ', date: '2026-11-20' }), errorOf({ title: 'A', date: '2026-11-20' }, 'src/content/releases/Bad Name!.md')]) {
      expect(message).toContain('Release note');
      expect(message).not.toContain('\n');
    }
  });

  it('of the demo may be in any language and carry the default tags, whatever the config says; a team’s may not', () => {
    const config = { locales: ['de-DE'], releaseNotes: { tags: ['security'] } };
    const demo = { title: 'A', date: '2026-11-20', lang: 'en', tags: ['new', 'security'] };
    expect(() => checkReleaseNote(FILE, demo, releaseNoteRules(config, true))).not.toThrow();
    expect(() => checkReleaseNote(FILE, { ...demo, lang: 'not a language!' }, releaseNoteRules(config, true))).toThrow(/lang.*language tag/);
    expect(() => checkReleaseNote(FILE, { ...demo, tags: ['security'] }, releaseNoteRules(config, false))).toThrow(/lang.*de-DE/);
    expect(() => checkReleaseNote(FILE, { ...demo, lang: 'de-DE' }, releaseNoteRules(config, false))).toThrow(/tags\[0\].*security/);
  });

  it('is cleaned as the portal’s text is: no control character, noncharacter or pile of marks in any text field', () => {
    const marks = '\u0301'.repeat(20);
    const parsed = z.object(releaseNoteFields(rules)).parse({
      title: 'Fast\u0001er\u000B sea\u001Frch\uFFFE\uFFFF',
      date: '2026-11-20',
      version: '2.\u00011',
      issues: ['APP\u0001-1'],
      projects: ['p\uFFFF1'],
      imageAlt: `e${marks}`,
    });
    expect(parsed).toMatchObject({ title: 'Faster search', version: '2.1', issues: ['APP-1'], projects: ['p1'], imageAlt: `e${'\u0301'.repeat(8)}` });
  });

  it('takes its address from the file name, whatever the folder', () => {
    expect(releaseSlug('src/content/releases/de/Faster-Search.md')).toBe('faster-search');
  });

  it('has tags the config can change, and refuses a tag that is no slug', () => {
    expect(parseRoadmapConfig({}).releaseNotes).toEqual({ folder: 'src/content/releases', tags: ['new', 'improved', 'fixed'], tagLabels: {} });
    expect(parseRoadmapConfig({ releaseNotes: { tags: ['security'] } }).releaseNotes.tags).toEqual(['security']);
    expect(() => parseRoadmapConfig({ releaseNotes: { tags: ['<b>'] } })).toThrow(/releaseNotes\.tags\[0\].*lower-case/);
    expect(() => parseRoadmapConfig({ releaseNotes: { folder: '../elsewhere' } })).toThrow(/releaseNotes\.folder.*inside the project/);
  });
});

describe('tag labels', () => {
  it('are given per tag and language, the list form still taken; a tag without one is capitalised as written', () => {
    const config = parseRoadmapConfig({
      locales: ['en', 'de'],
      releaseNotes: { tags: { new: {}, security: { en: 'Security', de: 'Sicherheit' }, beta: 'Beta!', 'dark-mode': {} } },
    });
    expect(config.releaseNotes.tags).toEqual(['new', 'security', 'beta', 'dark-mode']);
    const german = releaseTagLabelsIn(config, 'de');
    const labels = { releaseTagNew: 'Neu', releaseTagImproved: 'Verbessert', releaseTagFixed: 'Behoben' };
    expect(config.releaseNotes.tags.map((tag) => releaseTagLabel(tag, labels, german))).toEqual(['Neu', 'Sicherheit', 'Beta!', 'Dark-mode']);
    // A language without its own label takes the main language's.
    expect(releaseTagLabelsIn(config, 'fr').security).toBe('Security');
    expect(parseRoadmapConfig({ releaseNotes: { tags: ['security'] } }).releaseNotes).toMatchObject({ tags: ['security'], tagLabels: {} });
    expect(() => parseRoadmapConfig({ releaseNotes: { tags: { 'Not A Tag': 'x' } } })).toThrow(/releaseNotes\.tags/);
    expect(() => parseRoadmapConfig({ releaseNotes: { tags: {} } })).toThrow(/at least one tag/);
  });
});

const note = (over: Partial<ReleaseNoteSource>): ReleaseNoteSource => ({
  file: 'x.md',
  slug: 'x',
  title: 'X',
  date: '2026-11-01',
  tags: [],
  issues: [],
  projects: [],
  html: '',
  ...over,
});

describe('the notes a language shows', () => {
  it('shows each note in the language, else in the main one, newest first, and lists the ones it lacks', () => {
    const all = [
      note({ slug: 'old', date: '2026-01-01', title: 'Old' }),
      note({ slug: 'new', date: '2026-11-01', title: 'New' }),
      note({ slug: 'new', date: '2026-11-01', title: 'Neu', lang: 'de' }),
    ];
    const german = notesInLanguage(all, 'de', 'en');
    expect(german.notes.map((n) => n.title)).toEqual(['Neu', 'Old']);
    expect(german.missing).toEqual(['old']);
    expect(notesInLanguage(all, 'en', 'en')).toEqual({ notes: [all[1], all[0]], missing: [] });
  });

  it('takes a note in a language alone for each locale of it, and else the version highest in the folder', () => {
    const all = [
      note({ file: 'releases/de/new.md', slug: 'new', title: 'Neu', lang: 'de' }),
      note({ file: 'releases/new.md', slug: 'new', title: 'New', lang: 'en' }),
      note({ file: 'releases/en-gb/new.md', slug: 'new', title: 'New (GB)', lang: 'en-GB' }),
    ];
    expect(notesInLanguage(all, 'de-DE', 'de-DE').notes.map((n) => n.title)).toEqual(['Neu']);
    expect(notesInLanguage(all, 'en-GB', 'de-DE').notes.map((n) => n.title)).toEqual(['New (GB)']);
    // A site in Arabic and French has no version of its own: the one at the top of the folder, not the first read.
    expect(notesInLanguage(all, 'fr', 'ar')).toEqual({ notes: [all[1]], missing: ['new'] });
    // A region's version is not the language's: "en" pages do not show the British one.
    expect(notesInLanguage(all.slice(2), 'en', 'en').missing).toEqual(['new']);
  });
});

describe('what a note names', () => {
  const issue = { id: 'iss_1', identifier: 'APP-12', title: 'Search' } as Issue;
  const project = { id: 'prj_1', name: 'Search project' } as Project;

  it('finds an issue by its id or its identifier in any case, a project by its id, and lists names nothing shown answers to', () => {
    const { note: joined, unknown } = joinNote(note({ issues: ['app-12', 'iss_1', 'APP-999'], projects: ['prj_1', 'prj_x'] }), [issue], [project]);
    expect(joined.linkedIssues).toEqual([issue]);
    expect(joined.linkedProjects).toEqual([project]);
    expect(unknown).toEqual(['APP-999', 'prj_x']);
  });
});

describe('release notes in the shipped feeds', () => {
  const item = (title: string, at: string) => ({ url: `https://x.test/issues/${title}/`, title, at, summary: [], descriptionHtml: '', categories: ['Done'] });

  it('are items of their own at their dates, with their page as id, their body as content and each of their tags as a category', () => {
    const notes = [{ slug: 'faster', title: 'Faster', date: '2026-11-02', html: '<p>Body</p>', tags: ['new', 'security'] }];
    const noteItems = releaseNoteItems(notes, { siteRoot: 'https://x.test/base/', category: 'Release notes', tagLabel: (tag) => (tag === 'new' ? 'Neu' : tag) });
    const items = withReleaseNotes([item('a', '2026-11-05T10:00:00.000Z'), item('b', '2026-10-01T10:00:00.000Z')], noteItems);
    expect(items.map((entry) => entry.title)).toEqual(['a', 'Faster', 'b']);
    expect(items[1]).toMatchObject({ url: 'https://x.test/base/releases/faster/', descriptionHtml: '<p>Body</p>', categories: ['Neu', 'security'] });
  });
});

describe('the starter’s example note', () => {
  const folder = join(import.meta.dirname, '../../../examples/starter/src/content/releases');
  const example = join(folder, '_example.md');

  it('is a valid note to copy, and no note itself: the folder has none to publish', () => {
    const frontmatter = parseYaml(readFileSync(example, 'utf8').split(/^---$/m)[1]!) as Record<string, unknown>;
    expect(() => checkReleaseNote('src/content/releases/search.md', frontmatter, rules)).not.toThrow();
    expect(isNoteFile(example)).toBe(false);
    expect(isNoteFile(join(folder, 'search.md'))).toBe(true);
    expect(hasNotes(folder)).toBe(false);
  });
});

describe('a date that is no day of the calendar', () => {
  const rules = releaseNoteRules(parseRoadmapConfig({}), false);
  const note = (date: string) => `---\ntitle: Faster\ndate: ${date}\n---\nBody\n`;
  // What YAML hands over for an unquoted 2026-13-01: JavaScript rolled it over to January 1, 2027.
  const rolledOver = { title: 'Faster', date: new Date(Date.UTC(2026, 12, 1)) };

  it('stops the build with one line naming the file, the key and what was written, though YAML read a date', () => {
    expect(() => checkReleaseNote('src/content/releases/faster.md', rolledOver, rules, note('2026-13-01'))).toThrow(
      'Release note src/content/releases/faster.md: date: must be a date, e.g. 2026-11-20; got "2026-13-01", which is no day of the calendar.',
    );
    for (const date of ['2026-02-30', '2026-11-10T25:00:00Z', '2026-04-31 # the last day'])
      expect(() => checkReleaseNote('x.md', rolledOver, rules, note(date)), date).toThrow(/which is no day of the calendar/);
  });

  it('lets real days through, with a time or a comment, and leaves a quoted date to the schema', () => {
    const real = { title: 'Faster', date: new Date(Date.UTC(2028, 1, 29)) };
    for (const date of ['2028-02-29', '2026-11-20T09:30:00Z', '2026-11-20T09:30:00+02:00', '2026-11-20 # shipped', "'2026-11-20'"])
      expect(() => checkReleaseNote('x.md', real, rules, note(date)), date).not.toThrow();
  });
});

describe('two files of one note in one language', () => {
  it('are one line naming both files and the fix, where one would silently replace the other', () => {
    const notes = [
      { slug: 'faster', file: 'src/content/releases/faster.md', lang: undefined },
      { slug: 'faster', file: 'src/content/releases/de/faster.md', lang: undefined },
    ];
    expect(duplicateNoteVersions(notes, 'en')).toBe(
      'Release notes src/content/releases/faster.md and src/content/releases/de/faster.md are both the "en" version of "faster": give the translation its language (e.g. "lang: de" in its frontmatter), or rename one of them.',
    );
    expect(duplicateNoteVersions([notes[0]!, { ...notes[1]!, lang: 'de' }], 'en')).toBeUndefined();
    expect(duplicateNoteVersions([notes[0]!, { ...notes[1]!, lang: 'EN' }], 'en')).toMatch(/both the "en" version/);
  });
});

describe("a note page's description", () => {
  it('is the text of its first paragraph, cut at a word within 160 characters, else its title', () => {
    expect(noteDescription('<h2>Why</h2><p>A finished job becomes an invoice <strong>in one tap</strong>.</p><p>More.</p>', 'Invoices')).toBe(
      'A finished job becomes an invoice in one tap.',
    );
    const long = `<p>${'word '.repeat(60)}</p>`;
    const cut = noteDescription(long, 'T');
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/^(word )+word…$/);
    expect(noteDescription('<ul><li>only a list</li></ul>', 'Invoices in one tap')).toBe('Invoices in one tap');
    expect(noteDescription('<p>&lt;script&gt; stays text</p>', 'T')).toBe('<script> stays text');
  });
});

describe("a note's summary", () => {
  it("is its frontmatter's summary, else its first paragraph as text, else none", () => {
    expect(noteSummary({ summary: 'Twice as fast.', html: '<p>Body</p>' })).toBe('Twice as fast.');
    expect(noteSummary({ html: '<h2>Sync</h2><p>A <b>faster</b>\n sync.</p><p>More.</p>' })).toBe('A faster sync.');
    expect(noteSummary({ html: '<ul><li>Only a list</li></ul>' })).toBeUndefined();
    const long = noteSummary({ html: `<p>${'word '.repeat(100)}</p>` })!;
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('is a frontmatter key of at most 300 characters', () => {
    expect(errorOf({ title: 'A', date: '2026-11-20', summary: 'Twice as fast.' })).toBe('');
    expect(errorOf({ title: 'A', date: '2026-11-20', summary: 'x'.repeat(301) })).toMatch(/summary.*300/);
  });
});

describe("a note's image", () => {
  const NOTE_FILE = 'src/content/releases/invoices.md';
  const HOSTILE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(document.domain)"><script>alert(1)</script></svg>';
  const project = () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'note-image-')));
    mkdirSync(join(root, 'src/content/releases'), { recursive: true });
    return { root, note: { file: NOTE_FILE, path: join(root, NOTE_FILE) }, write: (path: string, text: string) => writeFileSync(join(root, 'src/content/releases', path), text) };
  };

  it('is a file beside the note: a mistyped path is one line naming the note and the path, before the build starts', () => {
    const { root, note, write } = project();
    write('invoices.png', 'png');
    expect(() => checkNoteImage(note, './invoices.png', [root])).not.toThrow();
    expect(() => checkNoteImage(note, './invoice.png', [root])).toThrow(
      'Release note src/content/releases/invoices.md: image: there is no file "./invoice.png" beside the note; give the path of an image file, relative to the note, e.g. "./search.png".',
    );
    expect(() => checkNoteImage(note, undefined, [root])).not.toThrow();
    expect(() => checkNoteImage(note, 'https://cdn.example.com/a.png', [root])).not.toThrow();
    // An image in the text that is no file is Astro's to report, as it did before.
    expect(() => checkNoteImage(note, './gone.png', [root], 'text')).not.toThrow();
  });

  it('outside the project, by a path or a link, is one line naming the note and the fix, not a stack', () => {
    const { root, note } = project();
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'outside-')));
    writeFileSync(join(outside, 'pic.png'), 'png');
    const upwards = relative(join(root, 'src/content/releases'), join(outside, 'pic.png'));
    expect(() => checkNoteImage(note, upwards, [root])).toThrow(
      `Release note ${NOTE_FILE}: image: ${JSON.stringify(upwards)} is outside the project (${join(outside, 'pic.png')}); copy the image beside the note and give the path of an image file, relative to the note, e.g. "./search.png".`,
    );
    symlinkSync(join(outside, 'pic.png'), join(root, 'src/content/releases/linked.png'));
    expect(() => checkNoteImage(note, './linked.png', [root])).toThrow(/^Release note src\/content\/releases\/invoices\.md: image: "\.\/linked\.png" is outside the project/);
    expect(() => checkNoteImage(note, join(outside, 'pic.png'), [root])).toThrow(
      /image: ".*pic\.png" is not relative to the note; give the path of an image file, relative to the note/,
    );
    // The notes' folder is a root too: the demo's notes are in the package, wherever it is installed.
    expect(() => checkNoteImage(note, upwards, [root, outside])).not.toThrow();
  });

  it('an SVG, in the frontmatter or the text, or named .png, is published only when it holds nothing that runs or loads', () => {
    const { root, note, write } = project();
    write('pic.svg', HOSTILE_SVG);
    write('disguised.png', `\n${HOSTILE_SVG}`);
    write('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="2" height="2" fill="#123"/></svg>');
    expect(() => checkNoteImage(note, './pic.svg', [root])).toThrow(
      'Release note src/content/releases/invoices.md: image: "./pic.svg" holds the attribute onload (on <svg>, line 1): an event handler runs code when the image is opened on its own. Remove it; docs/security.md lists what a published SVG may hold.',
    );
    expect(() => checkNoteImage(note, 'pic.svg', [root], 'text')).toThrow(
      /^Release note src\/content\/releases\/invoices\.md: the image "pic\.svg" in its text: "pic\.svg" holds the attribute onload/,
    );
    expect(() => checkNoteImage(note, './disguised.png', [root])).toThrow(/image: "\.\/disguised\.png" holds the attribute onload/);
    expect(() => checkNoteImage(note, './logo.svg', [root])).not.toThrow();
    expect(() => checkNoteImage(note, './logo.svg', [root], 'text')).not.toThrow();
  });
});

describe("the notes' folder", () => {
  it('names a configured folder that is not there, and notes in files that are not read, even when no .md note is there', () => {
    const root = mkdtempSync(join(tmpdir(), 'notes-folder-'));
    const dir = join(root, 'src/content/releases');
    expect(notesFolderWarnings(dir, root, undefined)).toEqual([]);
    expect(notesFolderWarnings(join(root, 'src/content/release'), root, 'src/content/release')).toEqual([
      'releaseNotes.folder "src/content/release" is no folder of the project: no release notes are published. Check the path (relative to the project\'s root).',
    ]);
    mkdirSync(join(dir, 'de'), { recursive: true });
    writeFileSync(join(dir, 'offline.mdx'), '---\ntitle: x\n---\n');
    writeFileSync(join(dir, 'de/offline.markdown'), '');
    writeFileSync(join(dir, '_draft.mdx'), '');
    expect(notesFolderWarnings(dir, root, undefined)).toEqual([
      'Release notes are read from .md files only: src/content/releases/de/offline.markdown, src/content/releases/offline.mdx are not published. Rename to .md, or add @astrojs/mdx to the integrations in astro.config.mjs to write notes in MDX.',
    ]);
    // With MDX on the site, the .mdx file is a note; the .markdown one still is not.
    expect(notesFolderWarnings(dir, root, undefined, true)).toEqual([
      'Release notes are read from .md and .mdx files only: src/content/releases/de/offline.markdown is not published. Rename to .md or .mdx.',
    ]);
    expect(hasNotes(dir)).toBe(false);
    expect(hasNotes(dir, true)).toBe(true);
  });

  it('names a note whose extension is not in lower case, which Astro does not read, and counts it as no note', () => {
    const root = mkdtempSync(join(tmpdir(), 'notes-case-'));
    const dir = join(root, 'notes');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'shout.MD'), '---\ntitle: x\ndate: 2026-11-20\n---\n');
    expect(notesFolderWarnings(dir, root, 'notes')).toEqual([
      'Release notes are read from files whose extension is in lower case: notes/shout.MD is not published. Rename to .md.',
    ]);
    expect(hasNotes(dir)).toBe(false);
    expect(isNoteFile('shout.Md')).toBe(false);
  });
});

describe('an MDX note', () => {
  it('takes its address from its file name, and is a note only where the site has MDX', () => {
    expect(releaseSlug('src/content/releases/Faster-Search.mdx')).toBe('faster-search');
    expect(isNoteFile('faster-search.mdx')).toBe(false);
    expect(isNoteFile('faster-search.mdx', true)).toBe(true);
    expect(isNoteFile('_draft.mdx', true)).toBe(false);
  });

  it('is its Markdown without its import and export blocks where notes are shown as HTML text', () => {
    const body = [
      "import { Aside } from '@astrojs/starlight/components';",
      "import Chart from '../../components/Chart.astro';",
      '',
      'Search finds **issues** now.',
      '',
      'export const meta = {',
      "  shipped: 'today',",
      '};',
      '',
      '<Aside type="tip">Press / to search.</Aside>',
      '',
      'Important: imports are counted.',
    ].join('\n');
    expect(markdownOfMdx(body)).toBe('Search finds **issues** now.\n\n<Aside type="tip">Press / to search.</Aside>\n\nImportant: imports are counted.');
  });
});

describe('jsonLdImageSrc', () => {
  const optimised = async ({ src, width }: { src: { src: string }; width: number }) => ({ src: `${src.src}@${width}.webp` });

  it("names the note's own file when it is a web format no wider than the page's widest copy", async () => {
    expect(await jsonLdImageSrc({ src: '/_astro/a.png', width: 1280, height: 720, format: 'png' }, optimised)).toBe('/_astro/a.png');
    expect(await jsonLdImageSrc({ src: '/_astro/b.jpg', width: 800, height: 400, format: 'jpg' }, optimised)).toBe('/_astro/b.jpg');
  });

  it("names the page's widest copy of a wider image, or of one in a format browsers and crawlers may not read", async () => {
    expect(await jsonLdImageSrc({ src: '/_astro/c.png', width: 3000, height: 2000, format: 'png' }, optimised)).toBe('/_astro/c.png@1280.webp');
    expect(await jsonLdImageSrc({ src: '/_astro/d.tiff', width: 900, height: 600, format: 'tiff' }, optimised)).toBe('/_astro/d.tiff@900.webp');
  });
});
