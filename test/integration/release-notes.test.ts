/**
 * Release notes on the configured fixture (test/fixtures/release-notes/): a note
 * with hostile text in its title and body, an image (800 × 400 px), three issues
 * named by identifier (any case) and id, one name no issue has, and a project; a
 * second note in a subfolder. Expected values come from the note files and the demo data.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { JSDOM } from 'jsdom';
import { describe, expect, inject, it } from 'vitest';
import { buildSite, listFiles, PROJECT_ROOT, readPage, scratchDir, type BuildResult } from '../support/build-site.ts';
import { CONFIGURED_BASE, CONFIGURED_SITE, TEST_SITE } from '../support/fixtures.ts';

const NOTE = 'releases/invoices-in-one-tap/index.html';
// From src/data/demo/portal.json: FN-112, FN-114 and FN-113 (by id), all three in the invoicing project.
const NAMED_ISSUES = ['8d24fb77-b95f-4d9b-a501-63eb93d07460', '0e70c1a0-e774-4b5d-aa1d-f59ba384eacd', '59770cf3-4d36-42f4-a770-e470f5ea083c'];
const INVOICING = '73a1588a-933b-484d-a9f4-2ace78e4381b';

describe('release notes', () => {
  const build = inject('fixtures').configured;

  it('give each note a page at /releases/{file name}/ with its canonical URL and a BlogPosting', () => {
    expect(build.code, build.output).toBe(0);
    const page = readPage(build.outDir, NOTE);
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${CONFIGURED_SITE}/releases/invoices-in-one-tap/`);
    expect(page.querySelector('meta[property="og:title"]')?.getAttribute('content')).toContain('Rechnungen mit einem Tipp');
    const jsonLd = JSON.parse(page.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', datePublished: '2026-11-20', version: '2.4', url: `${CONFIGURED_SITE}/releases/invoices-in-one-tap/` });
    expect(jsonLd.about.map((item: { url: string }) => item.url)).toContain(`${CONFIGURED_SITE}/issues/${NAMED_ISSUES[0]}/`);
    expect(readPage(build.outDir, 'releases/two-factor/index.html').querySelector('h1')?.textContent).toContain('Anmeldung mit zweitem Faktor');
  });

  it('show the image optimised: WebP files of the widths the page asks for, none wider than the original', () => {
    const image = readPage(build.outDir, NOTE).querySelector('article img')!;
    expect(image.getAttribute('alt')).toBe('Eine Rechnung auf dem Telefon');
    const candidates = (image.getAttribute('srcset') ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/));
    // The page asks for 640 px and the original's 800 (src/components/ReleaseNoteArticle.astro), the changelog for 640.
    expect(candidates.map(([, width]) => width)).toEqual(['640w', '800w']);
    for (const [url] of [...candidates, [image.getAttribute('src')!]]) {
      expect(url).toMatch(new RegExp(`^${CONFIGURED_BASE}_astro/invoices\\.[\\w-]+\\.webp$`));
      expect(existsSync(join(build.outDir, url!.slice(CONFIGURED_BASE.length)))).toBe(true);
    }
    const changelogImage = [...readPage(build.outDir, 'changelog/index.html').querySelectorAll('.changelog-list img')];
    expect(changelogImage.map((img) => [img.getAttribute('alt'), img.getAttribute('width')])).toEqual([['Eine Rechnung auf dem Telefon', '640']]);
  });

  it('show the date, version, translated tags, and the named issues with their status', () => {
    const page = readPage(build.outDir, NOTE);
    const article = page.querySelector('article')!;
    expect(article.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20');
    expect(article.textContent).toContain('Version 2.4');
    expect([...article.querySelectorAll('.status')].map((tag) => tag.textContent)).toEqual(['Neu', 'Verbessert']);
    const links = [...article.querySelectorAll('.issue-list a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual([...NAMED_ISSUES.map((id) => `${CONFIGURED_BASE}issues/${id}/`), `${CONFIGURED_BASE}projects/${INVOICING}/`]);
    expect(article.querySelector('.issue-list li')?.textContent).toContain('Ausgeliefert');
  });

  it('keep hostile frontmatter and Markdown harmless', () => {
    const page = readPage(build.outDir, NOTE);
    expect(page.querySelectorAll('script:not([type="application/ld+json"]):not([src])').length).toBe(0);
    expect(page.querySelector('[onerror]')).toBeNull();
    expect(page.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(page.querySelector('h1')?.textContent).toContain('<script>alert("title")</script>');
    expect(page.querySelector('h1 bdi')).not.toBeNull();
    expect(page.querySelector('.prose a[href="https://example.com/hilfe"]')).not.toBeNull();
  });

  it('warn about a name the site does not show, naming the file, and build the note still', () => {
    expect(build.output).toMatch(/test\/fixtures\/release-notes\/invoices-in-one-tap\.md names "FN-404404", which the site does not show/);
  });

  it('stand in the changelog at their dates, with the items they name shown in them and not apart, on any of its pages', () => {
    const changelog = readPage(build.outDir, 'changelog/index.html');
    const note = [...changelog.querySelectorAll('.changelog-list > li')].find((item) => item.querySelector(`a[href="${CONFIGURED_BASE}releases/invoices-in-one-tap/"]`));
    expect(note?.querySelectorAll('.issue-list a').length).toBe(4);
    // Every page of the changelog (5 entries a page: board.pageSize), each read whole.
    const pages = listFiles(build.outDir).filter((file) => /^changelog\/(?:\d+\/)?index\.html$/.test(file));
    expect(pages.length).toBeGreaterThan(1);
    // Each entry's own link comes first (a project's chip may follow an issue's).
    const apart = pages.flatMap((file) => [...readPage(build.outDir, file).querySelectorAll('.changelog-list > li > a:first-child')].map((link) => link.getAttribute('href')));
    expect(apart.length).toBeGreaterThan(pages.length);
    const named = [...NAMED_ISSUES.map((id) => `${CONFIGURED_BASE}issues/${id}/`), `${CONFIGURED_BASE}projects/${INVOICING}/`];
    expect(apart.filter((href) => named.includes(href!))).toEqual([]);
  });

  it('are each a heading in the changelog, with their summary or else their first paragraph under the title', () => {
    // The changelog's pages in order: changelog/index.html, changelog/2/index.html, …
    const pages = listFiles(build.outDir)
      .filter((file) => /^changelog\/(?:\d+\/)?index\.html$/.test(file))
      .sort((a, b) => a.length - b.length || a.localeCompare(b));
    const notes = pages.flatMap((page) => [...readPage(build.outDir, page).querySelectorAll('.changelog-list > li.release-entry')]);
    // From the note files: invoices-in-one-tap.md's `summary`, two-factor.md's first paragraph.
    expect(notes.map((note) => [note.querySelector('h3 a')?.getAttribute('href'), note.querySelector('h3 + p')?.textContent?.trim()])).toEqual([
      [`${CONFIGURED_BASE}releases/invoices-in-one-tap/`, 'Aus jedem erledigten Auftrag eine Rechnung, mit einem Tipp.'],
      [`${CONFIGURED_BASE}releases/two-factor/`, 'Behoben: der zweite Faktor fragt nicht mehr zweimal.'],
    ]);
    const latest = JSON.parse(readFileSync(join(build.outDir, 'latest.json'), 'utf8'));
    const summaries = latest.items.filter((item: { kind: string }) => item.kind === 'note').map((item: { summary: string }) => item.summary);
    expect(summaries).toEqual(['Aus jedem erledigten Auftrag eine Rechnung, mit einem Tipp.', 'Behoben: der zweite Faktor fragt nicht mehr zweimal.']);
  });

  it('are linked from the page of each issue they name', () => {
    const issue = readPage(build.outDir, `issues/${NAMED_ISSUES[1]}/index.html`);
    expect([...issue.querySelectorAll('#release-notes-heading + ul a')].map((link) => link.getAttribute('href'))).toEqual([`${CONFIGURED_BASE}releases/invoices-in-one-tap/`]);
  });

  it('are items of the shipped feeds, so that RSS-to-e-mail sends each once', () => {
    const rss = readFileSync(join(build.outDir, 'shipped/rss.xml'), 'utf8');
    const item = [...rss.matchAll(/<item>[\s\S]*?<\/item>/g)].map((match) => match[0]).find((text) => text.includes(`${CONFIGURED_SITE}/releases/invoices-in-one-tap/`));
    expect(item).toMatch(/<category>Neu<\/category>\s*<category>Verbessert<\/category>/);
    expect(item).not.toContain('<script');
    expect(readFileSync(join(build.outDir, 'shipped/atom.xml'), 'utf8')).toContain(`${CONFIGURED_SITE}/releases/two-factor/`);
  });

  it('are items of the site feed, with their page, body and tags, and their hostile text inert', () => {
    const feed = new JSDOM(readFileSync(join(build.outDir, 'rss.xml'), 'utf8'), { contentType: 'application/xml' }).window.document;
    const items = [...feed.querySelectorAll('item')];
    const note = items.find((item) => item.querySelector('link')?.textContent === `${CONFIGURED_SITE}/releases/invoices-in-one-tap/`);
    expect(note?.querySelector('title')?.textContent).toBe('Rechnungen mit einem Tipp <script>alert("title")</script>');
    expect(note?.querySelector('title')?.children).toHaveLength(0);
    expect([...(note?.querySelectorAll('category') ?? [])].map((category) => category.textContent)).toEqual(['Neu', 'Verbessert']);
    expect(new Date(note?.querySelector('pubDate')?.textContent ?? '').toISOString()).toBe('2026-11-20T00:00:00.000Z');
    // The body as a reader shows it: the note's words, and nothing that runs.
    const body = new JSDOM(`<body>${note?.getElementsByTagName('content:encoded')[0]?.textContent ?? ''}`).window.document.body;
    expect(body.textContent).toContain('mit einem Tipp');
    expect(body.querySelector('script, [onerror], a[href^="javascript:"]')).toBeNull();
    expect(items.some((item) => item.querySelector('link')?.textContent === `${CONFIGURED_SITE}/releases/two-factor/`)).toBe(true);
  });

  it('lose the control characters and noncharacters of their text before any output: every feed is well-formed XML', () => {
    // test/fixtures/release-notes/en/two-factor.md has U+0001, U+000B, U+001F, U+FFFE and U+FFFF in its body.
    const forbidden = /[\u0001\u000B\u001F\uFFFE\uFFFF]|\\u00(?:01|0b|1f)|\\uff(?:fe|ff)/i;
    const files = listFiles(build.outDir).filter((name) => /\.(html|xml|json)$/.test(name));
    const feeds = files.filter((name) => name.endsWith('.xml') && !name.includes('sitemap'));
    expect(feeds).toEqual(expect.arrayContaining(['rss.xml', 'shipped/rss.xml', 'shipped/atom.xml']));
    for (const feed of feeds) expect(XMLValidator.validate(readFileSync(join(build.outDir, feed), 'utf8')), feed).toBe(true);
    for (const file of files) expect(readFileSync(join(build.outDir, file), 'utf8'), file).not.toMatch(forbidden);
    expect(readPage(build.outDir, 'releases/two-factor/index.html').querySelector('article')?.textContent).toContain('Steuerzeichen im Text bleiben draußen.');
  });

  it('are in the search index with the issue and project pages', () => {
    const pages = ['issues', 'projects', 'releases']
      .flatMap((dir) => readdirSync(join(build.outDir, dir), { recursive: true, encoding: 'utf8' }))
      .filter((file) => file.endsWith('index.html'));
    const entry = JSON.parse(readFileSync(join(build.outDir, 'pagefind/pagefind-entry.json'), 'utf8'));
    expect(entry.languages.de.page_count).toBe(pages.length);
  });

  it('are in latest.json at their dates, with their title and page', () => {
    const latest = JSON.parse(readFileSync(join(build.outDir, 'latest.json'), 'utf8'));
    const note = latest.items.find((item: { kind: string }) => item.kind === 'note');
    expect(note).toMatchObject({ id: 'invoices-in-one-tap', url: `${CONFIGURED_SITE}/releases/invoices-in-one-tap/`, shippedAt: '2026-11-20T00:00:00.000Z' });
    expect(note.title).toContain('Rechnungen mit einem Tipp');
  });

  it('are written, in the main language, where the rebuild asks for those the build publishes (ROADMAP_RELEASE_NOTES_OUT)', () => {
    const written = JSON.parse(readFileSync(join(dirname(build.outDir), 'release-notes.json'), 'utf8'));
    // From the note files: the title as written (its hostile text is data), the tags as keys, newest first.
    expect(written).toEqual({
      format: 'portal-roadmap.build-notes',
      version: 1,
      notes: [
        { slug: 'invoices-in-one-tap', title: 'Rechnungen mit einem Tipp <script>alert("title")</script>', date: '2026-11-20', tags: ['new', 'improved'] },
        { slug: 'two-factor', title: 'Anmeldung mit zweitem Faktor \u202Eevil', date: '2026-10-02', tags: ['fixed'] },
      ],
    });
  });

  it('leave out a file whose name starts with "_" (the starter\'s example, a draft): its invalid tag stopped no build, and it is nowhere', () => {
    expect(build.output).not.toContain('_draft.md');
    for (const file of listFiles(build.outDir).filter((name) => /\.(html|xml|json)$/.test(name))) {
      expect(readFileSync(join(build.outDir, file), 'utf8'), file).not.toContain('Entwurf, nie veröffentlicht');
    }
  });

  it("wait for their day: a note dated after the build's day is in no output, and the log says it is scheduled", () => {
    // test/fixtures/release-notes/faster-sync.md is dated 2026-11-21, the day after the build's (CONFIGURED_BUILD_DAY);
    // invoices-in-one-tap.md, dated the build's day, is published (the tests above): its day has come.
    expect(build.output).toContain('Scheduled: 1 release note (faster-sync, 2026-11-21)');
    for (const file of listFiles(build.outDir).filter((name) => /\.(html|xml|json|txt|js)$/.test(name))) {
      const text = readFileSync(join(build.outDir, file), 'utf8');
      expect(text, file).not.toContain('faster-sync');
      expect(text, file).not.toContain('Schneller synchronisieren');
    }
    expect(listFiles(build.outDir).filter((name) => name.includes('faster-sync'))).toEqual([]);
    const written = JSON.parse(readFileSync(join(dirname(build.outDir), 'release-notes.json'), 'utf8'));
    expect(written.notes.map((note: { slug: string }) => note.slug)).not.toContain('faster-sync');
  });

  it('are absent from a site of a real source without the folder', () => {
    const paged = inject('fixtures').paged;
    expect(paged.code, paged.output).toBe(0);
    expect(readdirSync(paged.outDir)).not.toContain('releases');
  });
});

/** The demo's notes as their files say (src/data/demo/releases/): address, language, title and the issues named. */
const DEMO_NOTES_DIR = join(PROJECT_ROOT, 'src/data/demo/releases');
const DEMO_NOTES = readdirSync(DEMO_NOTES_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.md'))
  .map((file) => {
    const text = readFileSync(join(DEMO_NOTES_DIR, file), 'utf8');
    const field = (key: string) => /^(\w+): (.*)$/m.exec(text.split('\n').find((line) => line.startsWith(`${key}: `)) ?? '')?.[2] ?? '';
    return {
      slug: basename(file, '.md'),
      lang: field('lang'),
      title: field('title').replace(/^'(.*)'$/, '$1'),
      issues: field('issues').replace(/[[\]]/g, '').split(', '),
    };
  });
const DEMO_ISSUE_IDS = new Map(
  (JSON.parse(readFileSync(join(PROJECT_ROOT, 'src/data/demo/portal.json'), 'utf8')).issues as { id: string; identifier: string }[]).map((issue) => [issue.identifier, issue.id]),
);

describe("the demo's release notes", () => {
  const { demo, languages, configured, paged } = inject('fixtures');
  const english = DEMO_NOTES.filter((note) => note.lang === 'en');

  it('are at least two, one with an image, each in English and German', () => {
    expect(english.length).toBeGreaterThanOrEqual(2);
    expect(
      DEMO_NOTES.filter((note) => note.lang === 'de')
        .map((note) => note.slug)
        .sort(),
    ).toEqual(english.map((note) => note.slug).sort());
  });

  it('each have a page in the demo linking the demo issues they name, and stand in its changelog', () => {
    const changelog = [...readPage(demo.outDir, 'changelog/index.html').querySelectorAll('.changelog-list > li > a:first-child, .changelog-list > li > h3 > a')].map((link) =>
      link.getAttribute('href'),
    );
    for (const note of english) {
      const page = readPage(demo.outDir, `releases/${note.slug}/index.html`);
      expect(page.querySelector('h1')?.textContent?.trim()).toBe(note.title);
      const links = [...page.querySelectorAll('article .issue-list a')].map((link) => link.getAttribute('href'));
      for (const identifier of note.issues) expect(links).toContain(`/issues/${DEMO_ISSUE_IDS.get(identifier)}/`);
      expect(changelog).toContain(`/releases/${note.slug}/`);
    }
    const images = [...readPage(demo.outDir, 'changelog/index.html').querySelectorAll('.release-entry img')];
    expect(images.length).toBeGreaterThanOrEqual(1);
    for (const src of images.map((image) => image.getAttribute('src')!)) {
      expect(src).toMatch(/^\/_astro\/[\w.-]+\.webp$/);
      expect(existsSync(join(demo.outDir, src))).toBe(true);
    }
  });

  it('are in German on the German pages of a site that has German, and in English with their language said elsewhere', () => {
    for (const note of english) {
      const german = DEMO_NOTES.find((candidate) => candidate.slug === note.slug && candidate.lang === 'de')!;
      expect(readPage(languages.outDir, `de/releases/${note.slug}/index.html`).querySelector('h1')?.textContent?.trim()).toBe(german.title);
      // The languages fixture's main language is Arabic, with no version of the notes: the English one, its own text
      // (title, body) marked English, and only that: the date, version, tags, headings and status words are Arabic.
      const arabic = readPage(languages.outDir, `releases/${note.slug}/index.html`).querySelector('article')!;
      expect(arabic.querySelector('h1')?.textContent?.trim()).toBe(note.title);
      expect([...arabic.querySelectorAll('[lang]')].map((element) => `${element.tagName.toLowerCase()}.${element.className}`).sort()).toEqual(
        ['bdi.', 'div.prose'].concat(arabic.querySelector('img') ? ['img.release-image'] : []).sort(),
      );
      for (const element of arabic.querySelectorAll('[lang]')) expect(element.getAttribute('lang')).toBe('en');
      const pageLanguage = (element: Element | null) => element?.closest('[lang]')?.getAttribute('lang');
      expect(pageLanguage(arabic)).toBe('ar');
      for (const element of arabic.querySelectorAll('time, .release-meta bdi, .release-tag, #release-items, .issue-list li > *:not(a)'))
        expect(pageLanguage(element), element.outerHTML).toBe('ar');
      // The changelog's entry of the note: the title alone English.
      const entry = [...readPage(languages.outDir, 'changelog/index.html').querySelectorAll('.release-entry')].find(
        (item) => item.querySelector('a')?.getAttribute('href') === `/releases/${note.slug}/`,
      )!;
      expect(pageLanguage(entry)).toBe('ar');
      expect(pageLanguage(entry.querySelector('a bdi'))).toBe('en');
      for (const element of entry.querySelectorAll('time, .release-tag, .release-meta bdi')) expect(pageLanguage(element), element.outerHTML).toBe('ar');
    }
    expect(languages.output).not.toMatch(/version of the release note/);
  });

  it('never reach a site of a real source, with notes of its own or without', () => {
    for (const build of [configured, paged]) {
      expect(build.code, build.output).toBe(0);
      for (const file of listFiles(build.outDir).filter((name) => /\.(html|xml|json|txt)$/.test(name))) {
        const text = readFileSync(join(build.outDir, file), 'utf8');
        for (const note of DEMO_NOTES) {
          expect(text.includes(note.title), `${note.title} in ${file}`).toBe(false);
          expect(text.includes(`releases/${note.slug}/`), `${note.slug} in ${file}`).toBe(false);
        }
      }
    }
  });
});

/**
 * Builds that must fail, each with a notes' folder of its own written below the scratch folder (the build's project
 * root links the project's node_modules/, so `node_modules/.cache/…` is a folder inside it): an SVG image holding a
 * script, as the note's `image` (three copies) and in its text, was published by Astro as it is, in /_astro/; an image
 * outside the project was published too.
 */
describe("a note's image that may not be published", () => {
  const HOSTILE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(document.domain)"><script>alert(1)</script></svg>\n';
  const NOTE = (extra: string, body = 'Faster.') => `---\ntitle: Faster search\ndate: 2026-11-20\n${extra}---\n${body}\n`;
  /** A notes' folder of its own, and the note `notes/search.md` as the build names it: relative to the project root. */
  const notesFolder = (files: Record<string, string | Buffer>) => {
    const dir = scratchDir('note-images-');
    mkdirSync(join(dir, 'notes'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const config = join(dir, 'roadmap.config.json');
    writeFileSync(config, JSON.stringify({ releaseNotes: { folder: relative(PROJECT_ROOT, join(dir, 'notes')) } }));
    const env = { ROADMAP_CONFIG: config, PORTAL_API_URL: inject('portalApiUrl'), PORTAL_WORKSPACE_ID: 'ws-whole', ROADMAP_SITE: TEST_SITE };
    return { env, note: relative(PROJECT_ROOT, join(dir, 'notes/search.md')) };
  };
  const build = async (files: Record<string, string | Buffer>) => {
    const { env, note } = notesFolder(files);
    return { ...(await buildSite(env)), note };
  };
  const expectOneLine = (result: BuildResult, line: string) => {
    const published = existsSync(result.outDir) ? listFiles(result.outDir).filter((file) => file.startsWith('_astro/search.')) : [];
    expect([result.code === 0 ? 'built' : 'failed', published], result.output).toEqual(['failed', []]);
    expect(result.output.split('\n').filter((text) => text.includes(line))).toEqual([expect.stringContaining(line)]);
    expect(result.output).not.toMatch(/^\s+at /m);
  };

  // The two ways a note shows an image, each checked by the build; what each check says of an image outside the
  // project and the like is test/unit/release-notes/frontmatter.test.ts's.
  it('fails the build with one line naming the note and what to remove, an SVG holding a script as its image or in its text', async () => {
    const [image, text] = await Promise.all([
      build({ 'notes/search.md': NOTE('image: ./search.svg\nimageAlt: The search box\n'), 'notes/search.svg': HOSTILE_SVG }),
      build({ 'notes/search.md': NOTE('', 'Faster.\n\n![The search box](./search.svg)'), 'notes/search.svg': HOSTILE_SVG }),
    ]);
    const holds =
      'holds the attribute onload (on <svg>, line 1): an event handler runs code when the image is opened on its own. Remove it; docs/security.md lists what a published SVG may hold.';
    expectOneLine(image, `Release note ${image.note}: image: "./search.svg" ${holds}`);
    expectOneLine(text, `Release note ${text.note}: the image "./search.svg" in its text: "./search.svg" ${holds}`);
  });
});
