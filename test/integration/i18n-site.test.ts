/**
 * The languages fixture (test/support/fixtures.ts): the demo in all eight
 * languages plus Swedish, which does not ship (`locales`, Arabic first, so the
 * root is right to left), with vote and suggest links:
 * - every page exists in every language, with `lang`, `dir`, a switcher and
 *   `hreflang` alternates that lead to pages that exist, and the sitemap
 *   lists them all;
 * - no English UI string is left in any translated language (compared
 *   against en.json), on every page type;
 * - Arabic counts in its six plural forms, translates states, title and
 *   dates, and isolates the English demo data;
 * - Swedish gets the English interface with Swedish dates, and a warning;
 * - the history is in every language: issue timelines, the changelog and its
 *   pages, recent changes, the tombstones of what left (noindex, out of the
 *   sitemap and the search index), the event feed and each issue's Atom feed;
 *   /history.json is one file;
 * - the data is read once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { listFiles, PROJECT_ROOT, readPage } from '../support/build-site.ts';
import { LANGUAGES_LOCALES, LANGUAGES_SUGGEST } from '../support/fixtures.ts';
import { LEFT_ISSUE_ID, LEFT_PROJECT_ID, WEEK_DATES } from '../support/languages-history.ts';
import { unnamedElements } from '../support/accessible-names.ts';
import { pageTypes } from '../support/page-types.ts';
import { englishLeftIn, englishPatterns, readMessages } from '../support/ui-text.ts';

const demo = JSON.parse(readFileSync(join(PROJECT_ROOT, 'src/data/demo/portal.json'), 'utf8')) as {
  issues: { title: string; status: string; isVisible: boolean; isDeleted: boolean }[];
  projects: { name: string; state: string | null }[];
};

const LOCALES: readonly string[] = LANGUAGES_LOCALES;
/** URL folder of each language; the first (Arabic) is at the root. */
const FOLDERS = LOCALES.map((locale, index) => (index === 0 ? '' : `${locale.toLowerCase()}/`));
const SITE = 'https://roadmap.example.com';
/** A long date of `Intl` as each language writes it: German keeps the day on its month's line, French, Portuguese and Italian say "1er", "1º". */
const writtenDay = (locale: string, intl: string) =>
  locale === 'de'
    ? intl.replace(/^(\d+\.) /, '$1\u00a0')
    : locale === 'fr'
      ? intl.replace(/^1 /, '1er ')
      : locale === 'pt-BR'
        ? intl.replace(/^1 de /, '1º de ')
        : locale === 'it'
          ? intl.replace(/^1 /, '1º ')
          : intl;
/** The translation each locale gets: Swedish does not ship, so English. */
const TRANSLATION: Record<string, string> = { sv: 'en' };
const messagesOf = (locale: string) => readMessages(TRANSLATION[locale] ?? locale);
/** The demo's release notes (src/data/demo/releases/: one file a note at the top, its German version in de/). */
const DEMO_NOTES = readdirSync(join(PROJECT_ROOT, 'src/data/demo/releases')).filter((file) => file.endsWith('.md')).length;
/** The pages kept for what left the site (test/support/languages-history.ts). */
const TOMBSTONES = [`issues/${LEFT_ISSUE_ID}/index.html`, `projects/${LEFT_PROJECT_ID}/index.html`];

describe('the demo in nine languages', () => {
  const build = inject('fixtures').languages;
  const files = listFiles(build.outDir);
  const html = (file: string) => readFileSync(join(build.outDir, file), 'utf8');
  /** Pages of the main language: every HTML page outside the language folders. */
  const mainPages = files.filter((file) => file.endsWith('.html') && !FOLDERS.slice(1).some((folder) => file.startsWith(folder)));
  /** The issue that moved away and back in the last week: its timeline has the most kinds of step. */
  const movedIssueSlug = () =>
    readPage(build.outDir, 'changes/index.html')
      .querySelector('.changes-list a[href^="/issues/"]')!
      .getAttribute('href')!
      .match(/^\/issues\/([^/]+)\//)![1]!;
  const movedIssuePage = () => `issues/${movedIssueSlug()}/index.html`;
  /** The titles of an RSS or Atom feed's items or entries, and of the feed itself, as text. */
  const feedTitles = (xml: string) =>
    [...xml.matchAll(/<title>([^<]*)<\/title>/g)].map((m) =>
      m[1]!
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'"),
    );

  it('builds, reading the data once, and warns twice: that it is the demo under a config of its own, and about Swedish, naming the languages that ship', () => {
    expect(build.code, build.output).toBe(0);
    expect(build.output.match(/Reading the bundled demo workspace/g)).toHaveLength(1);
    const warnings = build.output.split('\n').filter((line) => line.includes('[portal-roadmap]'));
    expect(warnings).toHaveLength(2);
    expect(warnings.shift()).toContain('PORTAL_API_URL and PORTAL_WORKSPACE_ID are not set, so this build shows the bundled DEMO workspace (made-up issues), not yours.');
    // No origin may frame its embeds: the one line that says so names the option, as information (most sites embed nothing).
    expect(build.output.split('\n').filter((line) => line.includes('[portal-roadmap:embed]'))).toEqual([
      expect.stringContaining(
        'embed.allowedOrigins is empty, so where the host applies the build\'s _headers (Netlify, Cloudflare Pages, Vercel with "host": "vercel") no page may embed the board (frame-ancestors \'none\')',
      ),
    ]);
    expect(build.output).not.toMatch(/\[WARN\] \[portal-roadmap:embed\]/);
    expect(warnings[0]).toContain(
      'locale "sv": no translation ships for Swedish (sv), so the interface is in English; dates and numbers follow "sv". Languages that ship: en (English), de (Deutsch), fr (Français), es (Español), pt-BR (Português (Brasil)), it (Italiano), ja (日本語), ar (العربية).',
    );
  });

  it('has every page in every language, and the feeds of each language', () => {
    // 61 pages of the demo at ten a page (the 404 page once, at the root, in the main language; the Shipped
    // column on two pages), the changelog's two pages, recent changes, and the tombstones of an issue and a project.
    // Three team boards (Mobile, Platform, Web), each with its embed. The demo's three release notes.
    expect(mainPages).toHaveLength(61 + 2 + 1 + 2 + 3 * 2 + DEMO_NOTES);
    for (const page of ['changelog/index.html', 'changelog/2/index.html', 'changes/index.html', 'status/done/2/index.html', ...TOMBSTONES]) expect(mainPages).toContain(page);
    // The event feed, the shipped feed in RSS and Atom, each team board's and each project's feed, and an Atom feed
    // per issue: the 40 on the board and the one that left.
    const mainFeeds = files.filter((file) => /^(rss\.xml|shipped\/(rss|atom)\.xml|(teams|projects)\/[^/]+\/rss\.xml|issues\/[^/]+\/feed\.xml)$/.test(file));
    expect(mainFeeds).toHaveLength(1 + 2 + 3 + 6 + 40 + 1);
    const expected = [...mainPages.filter((page) => page !== '404.html'), ...mainFeeds].sort();
    for (const folder of FOLDERS.slice(1)) {
      const inFolder = files.filter((file) => file.startsWith(folder) && (file.endsWith('.html') || file.endsWith('.xml'))).map((file) => file.slice(folder.length));
      expect(inFolder.sort(), folder).toEqual(expected);
    }
    // The history is data: one file, at the root.
    expect(files.filter((file) => file.endsWith('history.json'))).toEqual(['history.json']);
  });

  it("writes an Atom feed beside every issue page and tombstone of every language, telling that page's timeline, and publishes nothing of the bundle they are made in", () => {
    /** `<id>`s of a feed: its own, then its entries'. */
    const ids = (xml: string) => [...xml.matchAll(/<id>([^<]*)<\/id>/g)].map((match) => match[1]);
    for (const [index, folder] of FOLDERS.entries()) {
      const locale = LOCALES[index]!;
      const slugsOf = (name: string) =>
        files
          .map((file) => (file.startsWith(`${folder}issues/`) && file.endsWith(`/${name}`) ? file.slice(`${folder}issues/`.length, -`/${name}`.length) : undefined))
          .filter((slug) => slug !== undefined && !slug.includes('/'))
          .sort();
      const pages = slugsOf('index.html');
      expect(pages, locale).toHaveLength(41);
      expect(pages, locale).toContain(LEFT_ISSUE_ID);
      expect(slugsOf('feed.xml'), locale).toEqual(pages);
      for (const slug of pages) {
        const pageUrl = `${SITE}/${folder}issues/${slug}/`;
        const page = html(`${folder}issues/${slug}/index.html`);
        const feed = html(`${folder}issues/${slug}/feed.xml`);
        expect(feed, `${folder}${slug}`).toContain(`<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`);
        expect(feed, `${folder}${slug}`).toContain(`<link rel="alternate" type="text/html" href="${pageUrl}"`);
        // The page's timeline steps (read as text: a DOM for each of 369 pages cost seconds), newest first; a
        // tombstone's one entry says when it left.
        const steps = [...page.matchAll(/<li id="(event-[^"]+)"/g)].map((step) => `${pageUrl}#${step[1]}`).reverse();
        if (slug === LEFT_ISSUE_ID) {
          expect(ids(feed), locale).toEqual([`${pageUrl}feed.xml`, expect.stringMatching(new RegExp(`^${pageUrl}#event-left-`))]);
        } else {
          expect(steps.length, `${folder}${slug}`).toBeGreaterThan(0);
          expect(ids(feed), `${folder}${slug}`).toEqual([`${pageUrl}feed.xml`, ...steps]);
          expect(page, `${folder}${slug}`).toMatch(new RegExp(`<link rel="alternate" type="application/atom\\+xml" title="[^"]*" href="/${folder}issues/${slug}/feed\\.xml">`));
        }
      }
    }
    // The feeds are made in one file a language, which the build deletes before the sitemap, the search index and
    // _headers are made: none of them, nor the output, names it.
    expect(files.filter((file) => /bundle/i.test(file))).toEqual([]);
    for (const file of ['_headers', 'sitemap-0.xml', 'pagefind/pagefind-entry.json']) expect(html(file), file).not.toMatch(/bundle/i);
  });

  it('names every link, button, field and image of every Arabic page type, and of the board and an issue page in every other language (what axe checks of a translation, read from the HTML)', () => {
    const arabic = Object.entries(pageTypes(build.outDir)).map(([type, path]) => (type === 'not found' ? '404.html' : `${path.slice(1)}index.html`));
    const issue = files.find((file) => /^issues\/[^/]+\/index\.html$/.test(file))!;
    const others = FOLDERS.slice(1).flatMap((folder) => [`${folder}index.html`, `${folder}${issue}`]);
    for (const page of [...arabic, ...others]) expect(unnamedElements(readPage(build.outDir, page)), page).toEqual([]);
  });

  it('sets lang and dir on every page from its language', () => {
    for (const [index, locale] of LOCALES.entries()) {
      const pages = index === 0 ? mainPages : files.filter((file) => file.startsWith(FOLDERS[index]!) && file.endsWith('.html'));
      for (const page of pages) {
        const tag = html(page).match(/<html[^>]*>/)?.[0] ?? '';
        expect([tag.match(/ lang="([^"]*)"/)?.[1], tag.match(/ dir="([^"]*)"/)?.[1]], page).toEqual([locale, locale === 'ar' ? 'rtl' : 'ltr']);
      }
    }
  });

  it('links every page to itself in each language: switcher and hreflang alternates, to pages that exist', () => {
    const pagePath = (file: string) => `/${file.replace(/index\.html$/, '')}`;
    const exists = (path: string) => existsSync(join(build.outDir, path, 'index.html'));
    const sitePages = files.filter((file) => file.endsWith('.html') && file !== '404.html' && !/(^|\/)embed\//.test(file));
    expect(sitePages).toHaveLength(9 * (58 + 3 + DEMO_NOTES));
    for (const file of sitePages) {
      const text = html(file);
      const rest = pagePath(file)
        .slice(1)
        .replace(/^(en|de|fr|es|pt-br|it|ja|sv)\//, '');
      const same = FOLDERS.map((folder) => `/${folder}${rest}`);
      const alternates = [...text.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]);
      // A tombstone is noindex: it names no alternates for search engines, but its switcher still leads to each language.
      const tombstone = TOMBSTONES.some((page) => file.endsWith(page));
      expect(alternates, file).toEqual(tombstone ? [] : [...LOCALES.map((locale, index) => [locale, `${SITE}${same[index]}`]), ['x-default', `${SITE}${same[0]}`]]);
      const switcher = text.match(/<nav class="header-menu-panel language-switcher"[^>]*>(.*?)<\/nav>/s)?.[1] ?? '';
      const links = [...switcher.matchAll(/<a href="([^"]+)" hreflang="([^"]+)" lang="[^"]+" dir="[^"]+"( aria-current="true")?>([^<]+)<\/a>/g)];
      expect(
        links.map((m) => m[1]),
        file,
      ).toEqual(same);
      expect(
        links.filter((m) => m[3]).map((m) => m[1]),
        file,
      ).toEqual([pagePath(file)]);
      expect(links.map((m) => m[4])).toEqual(['العربية', 'English', 'Deutsch', 'Français', 'Español', 'Português (Brasil)', 'Italiano', '日本語', 'Svenska']);
      for (const path of same) expect(exists(path), `${file} → ${path}`).toBe(true);
    }
  });

  it("says the config's own words in each language: the suggest link of every board and embed in its language's text", () => {
    for (const [index, locale] of LOCALES.entries()) {
      const expected = LANGUAGES_SUGGEST[locale as keyof typeof LANGUAGES_SUGGEST];
      for (const page of [`${FOLDERS[index]}index.html`, `${FOLDERS[index]}embed/index.html`]) {
        const suggest = readPage(build.outDir, page).querySelector('a[href="https://portal.example.com/ideas/new"]');
        // The visible words; in the embed, where it opens a new tab, a note for screen readers follows them.
        expect(suggest?.firstChild?.textContent?.trim(), page).toBe(expected);
      }
    }
  });

  it('gives each language its own embed, without switcher or alternates, linking within the language', () => {
    for (const [index, locale] of LOCALES.entries()) {
      const text = html(`${FOLDERS[index]}embed/index.html`);
      expect(text).toMatch(new RegExp(`<html lang="${locale}"`));
      expect(text).not.toContain('language-switcher');
      expect(text).not.toContain('hreflang');
      const links = [...text.matchAll(/<a[^>]* href="([^"]+)"/g)].map((m) => m[1]!);
      // The site's own links stay in the language; the vote and suggest links go to the portal; the status tabs are links
      // within the page, to its columns.
      expect(
        links.filter((link) => link.startsWith('#')).every((link) => link.startsWith('#column-')),
        locale,
      ).toBe(true);
      const own = links.filter((link) => !link.startsWith('https://portal.example.com/') && !link.startsWith('#'));
      expect(own.length, locale).toBeGreaterThan(40);
      for (const link of own) expect(link.startsWith(`/${FOLDERS[index]}`), link).toBe(true);
      expect(links.filter((link) => link.startsWith('https://portal.example.com/vote/')).length, locale).toBeGreaterThan(20);
    }
    expect(html('robots.txt')).toContain(LOCALES.map((_, index) => `Disallow: /${FOLDERS[index]}embed/`).join('\n'));
  });

  it('indexes every language for search, each with the issue and project pages of its own folder', () => {
    const entry = JSON.parse(html('pagefind/pagefind-entry.json')) as { languages: Record<string, { page_count: number }> };
    // Pagefind keys each index by the pages' <html lang>, lower case; the browser loads the one of the page it is on.
    expect(Object.keys(entry.languages).sort()).toEqual(LOCALES.map((locale) => locale.toLowerCase()).sort());
    // The 40 issues, 6 projects and 3 release notes of the demo: not the tombstones beside them, the changelog or recent changes.
    for (const [language, index] of Object.entries(entry.languages)) expect(index.page_count, language).toBe(40 + 6 + DEMO_NOTES);
  });

  it('lists every page of every language in the sitemap, each with its translations', () => {
    const sitemap = html('sitemap-0.xml');
    const urls = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)];
    // Every site page but the tombstones.
    expect(urls).toHaveLength(9 * (56 + 3 + DEMO_NOTES));
    for (const [, , links] of urls) expect(links!.match(/hreflang="/g)).toHaveLength(9);
    const listed = urls.map((url) => url[1]!);
    for (const path of ['/changelog/', '/changelog/2/', '/changes/', '/de/changelog/2/', '/ja/changes/']) expect(listed).toContain(`${SITE}${path}`);
    expect(listed.filter((url) => url.includes(LEFT_ISSUE_ID) || url.includes(LEFT_PROJECT_ID))).toEqual([]);
  });

  it('leaves no English UI string on any page type of the seven translated languages', () => {
    const issue = mainPages.filter((page) => page.startsWith('issues/')).slice(0, 3);
    const types = [
      'index.html',
      'shipped/index.html',
      'status/done/index.html',
      'status/backlog/index.html',
      ...issue,
      movedIssuePage(),
      mainPages.find((page) => page.startsWith('projects/'))!,
      'embed/index.html',
      mainPages.find((page) => page.startsWith('embed/projects/'))!,
      'changelog/index.html',
      'changelog/2/index.html',
      'changes/index.html',
      ...TOMBSTONES,
    ];
    const leaks: string[] = [];
    for (const [index, locale] of LOCALES.entries()) {
      if (locale === 'en' || locale === 'sv') continue;
      const patterns = englishPatterns(locale);
      for (const type of [...types, ...(index === 0 ? ['404.html'] : [])]) {
        const file = `${FOLDERS[index]}${type}`;
        leaks.push(...englishLeftIn(html(file), patterns).map((leak) => `${file}: ${leak}`));
      }
      // The feeds' titles are the site's words too: the event feed's items and each issue's Atom feed and entries.
      const feeds = ['rss.xml', `issues/${movedIssueSlug()}/feed.xml`, `issues/${LEFT_ISSUE_ID}/feed.xml`].map((feed) => `${FOLDERS[index]}${feed}`);
      for (const feed of feeds) {
        for (const title of feedTitles(html(feed))) leaks.push(...patterns.filter(({ pattern }) => pattern.test(title)).map(({ key }) => `${feed}: ${key}: "${title}"`));
      }
    }
    expect(leaks).toEqual([]);
  });

  it('Arabic counts in its plural forms, and translates the title, columns, states and dates', () => {
    const board = readPage(build.outDir, 'index.html');
    expect(board.querySelector('h1')?.textContent).toBe('خارطة طريق المنتج');
    const columns = [...board.querySelectorAll('.column-title')].map((heading) => [
      heading.firstChild?.textContent?.trim(),
      heading.querySelector('[data-count]')?.textContent,
      heading.querySelector('[data-count-label]')?.textContent,
    ]);
    const perStatus = (statuses: string[]) => demo.issues.filter((issue) => issue.isVisible && !issue.isDeleted && statuses.includes(issue.status)).length;
    // 3–10 take the plural (عناصر), 11–99 the accusative singular (عنصرًا).
    expect(columns).toEqual([
      ['قيد الدراسة', '10', '10 عناصر'],
      ['مخطَّط له', '7', '7 عناصر'],
      ['قيد التنفيذ', '9', '9 عناصر'],
      ['تم الإطلاق', '14', '14 عنصرًا'],
    ]);
    expect(columns.map((column) => Number(column[1]))).toEqual([perStatus(['Backlog']), perStatus(['Todo']), perStatus(['In Progress', 'In Review']), perStatus(['Done'])]);
    const upvotes = [...board.querySelectorAll('.card')].map((card) => [Number(card.getAttribute('data-upvotes')), card.querySelector('.upvote-count')?.textContent]);
    expect(upvotes.length).toBe(40);
    // 29 and 88 votes: 11–99 is "many" (صوتًا); 3–10 is "few" (أصوات); 100 and over, "other" (صوت).
    for (const [count, text] of upvotes) expect(text, String(count)).toBe(`${count} ${(count as number) % 100 >= 11 ? 'صوتًا' : (count as number) % 100 >= 3 ? 'أصوات' : 'صوت'}`);
    const states = [...board.querySelectorAll('.project-card .state')].map((state) => state.lastChild?.textContent);
    expect(states.sort()).toEqual(
      demo.projects.map((project) => ({ backlog: 'بانتظار التخطيط', planned: 'مخطَّط له', started: 'قيد التنفيذ', completed: 'مكتمل' })[project.state!]).sort(),
    );
    expect(board.querySelector('.site-footer time')?.textContent).toBe('20 نوفمبر 2026');
  });

  it('isolates every English data string on the right-to-left pages', () => {
    const board = readPage(build.outDir, 'index.html');
    const titles = [...board.querySelectorAll('.card-title a')];
    expect(titles.length).toBe(40);
    for (const title of titles) expect(title.firstElementChild?.tagName, title.textContent ?? '').toBe('BDI');
    // After "Project: " for a listener, the name in a <bdi> of its own.
    for (const chip of board.querySelectorAll('.project-chip')) expect(chip.lastElementChild?.tagName).toBe('BDI');
    for (const team of board.querySelectorAll('.card .team')) expect(team.querySelector('bdi')?.textContent).toMatch(/^(Mobile|Platform|Web)$/);
    for (const option of board.querySelectorAll('#filter-team option:not([value=""]), #filter-project option:not([value=""])')) expect(option.getAttribute('dir')).toBe('auto');
    // The config's own words (a title and description in one language serve them all): each in its own direction.
    expect(board.querySelector('main h1 > bdi')?.textContent).toBe(board.querySelector('main h1')?.textContent);
    expect(board.querySelector('main .lede > bdi')?.textContent).toBe(board.querySelector('main .lede')?.textContent);
    expect(board.querySelector('.site-name')?.getAttribute('dir')).toBe('auto');
    const issue = readPage(
      build.outDir,
      mainPages.find((page) => page.startsWith('issues/'))!,
    );
    expect(issue.querySelector('h1 > bdi')?.textContent).toBe(issue.querySelector('h1')?.textContent);
    expect(issue.querySelector('.breadcrumbs [aria-current] > bdi')).not.toBeNull();
  });

  it('Swedish, which does not ship, reads in English with Swedish dates; German and Japanese count in their own words', () => {
    const sv = readPage(build.outDir, 'sv/index.html');
    expect(sv.querySelector('#board-heading')?.textContent).toBe('Board');
    expect(sv.querySelector('.site-footer p:last-child')?.textContent).toBe('Last updated: 20 november 2026');
    const de = readPage(build.outDir, 'de/index.html');
    expect(de.querySelector('[data-column="done"] [data-count-label]')?.textContent).toBe('14 Einträge');
    expect(de.querySelector('[data-filter-status]')?.textContent).toBe('40 von 40 Einträgen');
    const ja = readPage(build.outDir, 'ja/index.html');
    expect(ja.querySelector('[data-column="done"] [data-count-label]')?.textContent).toBe('14件');
    expect(ja.querySelector('.site-footer p:last-child')?.textContent).toBe('最終更新：2026年11月20日');
    expect(html('de/rss.xml')).toContain('<language>de</language>');
    expect(html('de/rss.xml')).toMatch(/<title>(In Prüfung|Geplant|In Arbeit|Ausgeliefert): /);
  });

  // With the two cases above, every language's counts and dates are read here, from its HTML: what the browser
  // audit of each language once looked at on the board, now checked without a browser.
  it('every other language counts and dates the board in its own words', () => {
    const expected: Record<string, [doneCount: string, shown: string, upvotes: string, updated: string]> = {
      en: ['14 issues', 'Showing 40 of 40 issues', '29 upvotes', 'Last updated: November 20, 2026'],
      fr: ['14 éléments', '40 sur 40 éléments', '29 votes', 'Dernière mise à jour\u00a0: 20 novembre 2026'],
      es: ['14 elementos', 'Mostrando 40 de 40 elementos', '29 votos', 'Última actualización: 20 de noviembre de 2026'],
      'pt-BR': ['14 itens', 'Mostrando 40 de 40 itens', '29 votos', 'Última atualização: 20 de novembro de 2026'],
      it: ['14 elementi', '40 di 40 elementi', '29 voti', 'Ultimo aggiornamento: 20 novembre 2026'],
    };
    for (const [locale, words] of Object.entries(expected)) {
      const board = readPage(build.outDir, `${FOLDERS[LOCALES.indexOf(locale)]}index.html`);
      expect(
        [
          board.querySelector('[data-column="done"] [data-count-label]')?.textContent,
          board.querySelector('[data-filter-status]')?.textContent,
          board.querySelector('[data-upvotes="29"] .upvote-count')?.textContent,
          board.querySelector('.site-footer p:last-child')?.textContent,
        ],
        locale,
      ).toEqual(words);
    }
  });

  it('has the history in every language: changelog pages, recent changes, tombstones and both feeds, in its words and dates', () => {
    const mainChangelog = [1, 2].map((page) => readPage(build.outDir, `changelog/${page > 1 ? `${page}/` : ''}index.html`).querySelectorAll('.changelog-list > li').length);
    // The 14 shipped issues and the completed project of the demo, less the 6 issues and the project its 3 release
    // notes name (shown in the notes), and the notes: 11 entries, ten a page.
    expect(mainChangelog).toEqual([10, 1]);
    for (const [index, locale] of LOCALES.entries()) {
      const folder = FOLDERS[index]!;
      const words = messagesOf(locale) as Record<string, string>;
      const leftForms = messagesOf(locale).recentLeft as Record<string, string>;
      const rules = new Intl.PluralRules(TRANSLATION[locale] ?? locale);
      const day = (iso: string) => writtenDay(locale, new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)));

      const changelog = readPage(build.outDir, `${folder}changelog/index.html`);
      expect(changelog.querySelector('h1')?.textContent, locale).toBe(words.changelog);
      expect(changelog.querySelectorAll('.changelog-list > li').length, locale).toBe(10);
      expect(changelog.querySelector('.pagination a[rel="next"]')?.getAttribute('href'), locale).toBe(`/${folder}changelog/2/`);
      expect(readPage(build.outDir, `${folder}changelog/2/index.html`).querySelectorAll('.changelog-list > li').length, locale).toBe(1);

      const changes = readPage(build.outDir, `${folder}changes/index.html`);
      expect(changes.querySelector('h1')?.textContent, locale).toBe(words.recentChanges);
      // The demo's completed project (its state and its progress, on the 19th), then the added week's issue: back
      // to In progress on the 18th, away to Planned on the 16th. Newest first, dated in the language, linking within it.
      const lines = [...changes.querySelectorAll('.changes-list li')];
      const links = lines.map((line) => line.querySelector('a')?.getAttribute('href') ?? '');
      expect(
        links.map((link) => link.replace(/[^/]+\/(#.*)?$/, '')),
        locale,
      ).toEqual([`/${folder}projects/`, `/${folder}projects/`, `/${folder}issues/`, `/${folder}issues/`]);
      for (const link of links.slice(2)) expect(link, locale).toMatch(/\/#event-moved-/);
      const issueLines = lines.slice(2);
      expect(
        issueLines.map((line) => line.querySelector('time')?.textContent),
        locale,
      ).toEqual([day(WEEK_DATES.movedBack), day(WEEK_DATES.movedAway)]);
      expect(issueLines[0]!.textContent, locale).toContain(words.changeMoved!.replace('{from}', words.columnPlanned!).replace('{column}', words.columnInProgress!));
      expect(changes.querySelector('p.muted')?.textContent, locale).toBe(leftForms[rules.select(1)]!.replace('{count}', '1'));

      for (const tombstone of TOMBSTONES) {
        const text = html(`${folder}${tombstone}`);
        const page = readPage(build.outDir, `${folder}${tombstone}`);
        expect(page.documentElement.hasAttribute('data-tombstone'), tombstone).toBe(true);
        expect(page.documentElement.lang, tombstone).toBe(locale);
        expect(page.querySelector('meta[name="robots"]')?.getAttribute('content'), `${folder}${tombstone}`).toBe('noindex');
        expect(page.querySelector('h1')?.textContent, locale).toBe(words.goneTitle);
        expect(page.querySelector('main a')?.getAttribute('href'), locale).toBe(`/${folder}`);
        expect(text).not.toContain('data-pagefind-body');
      }

      const issueFeed = html(`${folder}issues/${movedIssueSlug()}/feed.xml`);
      expect(issueFeed, locale).toContain(`xml:lang="${locale}"`);
      expect(issueFeed, locale).toContain(`<link rel="alternate" type="text/html" href="${SITE}/${folder}issues/${movedIssueSlug()}/"`);
      // Its newest entry: the move back to In progress, in the language's words and date.
      const entryTitles = feedTitles(issueFeed).slice(1);
      expect(entryTitles[0], locale).toBe(words.timelineMoved!.replace('{column}', words.columnInProgress!).replace('{date}', day(WEEK_DATES.movedBack)));
      expect(feedTitles(html(`${folder}issues/${LEFT_ISSUE_ID}/feed.xml`)), locale).toEqual([words.goneTitle, words.goneTitle]);

      const events = html(`${folder}rss.xml`);
      expect(events, locale).toContain(`<language>${locale}</language>`);
      // The return to In progress is a "started" item, linking to the step on the language's own issue page.
      expect(events, locale).toContain(`<link>${SITE}/${folder}issues/${movedIssueSlug()}/#event-`);
      expect(
        feedTitles(events).some((title) => title.startsWith(words.feedStarted!.replace('{title}', ''))),
        locale,
      ).toBe(true);
    }
  });

  it('Arabic tells the history in its plural forms and dates, right to left', () => {
    const issue = readPage(build.outDir, movedIssuePage());
    expect(issue.querySelector('#history-heading')?.textContent).toBe('السجل');
    const steps = [...issue.querySelectorAll('.timeline li')];
    // The last two steps: away to Planned, back to In progress (now); the column names are the translation's, isolated.
    expect(steps.slice(-2).map((step) => step.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      `نُقل إلى «مخطَّط له» بتاريخ ${new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(WEEK_DATES.movedAway))}`,
      `نُقل إلى «قيد التنفيذ» بتاريخ ${new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(WEEK_DATES.movedBack))} (الآن)`,
    ]);
    expect(steps.at(-1)?.getAttribute('aria-current')).toBe('step');
    for (const step of steps) expect(step.querySelector('time[datetime]')).not.toBeNull();
    // 90 days and 30 days are "many" in Arabic (11–99): يومًا.
    expect(issue.querySelector('.sparkline title')?.textContent).toMatch(/^الأصوات خلال آخر 90 يومًا، من .+ إلى .+$/);
    expect(issue.querySelector('.trend figcaption')?.textContent?.trim()).toMatch(/^.+ خلال آخر 30 يومًا$/);
    // The gain's sign as Intl writes it for Arabic: a left-to-right mark keeps it before the digits.
    expect(issue.querySelector('.trend figcaption bdi')?.textContent).toMatch(/^(\u200e[+-])?[\d,٬]+$/);
    // Seven days are "few" (3–10): أيام.
    const changes = readPage(build.outDir, 'changes/index.html');
    expect(changes.querySelector('.lede')?.textContent).toBe('ما تغيّر على خارطة الطريق في الأيام الـ7 السابقة لـ 20 نوفمبر 2026.');
    // From → to reads right to left: the arrow points left.
    expect(changes.querySelector('.changes-list li')?.textContent).toContain(' ← ');
  });
});
