/**
 * Options teams ask for. On the shared `snapshot` fixture (SNAPSHOT_CONFIG): `showUpvotes: false` leaves no
 * upvote count in any output, `privacy.hideFields` (every field) none of the fields it names, checked against the
 * values the fixture's portal sends (test/support/scenarios.ts), and `board.showDeclined` puts the
 * declined issues in a column of their own. On the
 * `configured` fixture: a newsletter service's subscribe form, and the CSP that lets it post. The demo fixture,
 * with the defaults, is the control: there, the same checks find counts, no declined column and no form.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { pageSlug } from '../../src/view/paths.ts';
import { NO_PREVIEW_IMAGE_NOTE } from '../../src/config/config-notes.ts';
import { listFiles, PROJECT_ROOT, readPage } from '../support/build-site.ts';
import { CONFIGURED_SITE, CONFIGURED_SUBSCRIBE_ACTION, DECLINED_HEADING, LAYOUT_SUBMIT_URL } from '../support/fixtures.ts';
import { TOMBSTONE_META } from '../../src/view/paths.ts';
import { declinedIssueIds, SCENARIOS, siteIssueIds } from '../support/scenarios.ts';

const fixtures = inject('fixtures');
const hidden = fixtures.snapshot.outDir;
const control = fixtures.demo.outDir;

const read = (outDir: string, file: string) => readFileSync(join(outDir, file), 'utf8');
const filesOf = (outDir: string, pattern: RegExp) => listFiles(outDir).filter((file) => pattern.test(file));
/** What tells an upvote count on a page: the count's words (English UI), the ▲ mark, the data attribute, JSON-LD's vote counter. */
const UPVOTE_TELLS = /upvote|▲|data-upvotes|InteractionCounter/i;

describe('showUpvotes: false', () => {
  it('leaves no upvote count, word or mark in any page, embed, feed or text file', () => {
    const files = filesOf(hidden, /\.(html|xml|txt)$/);
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => UPVOTE_TELLS.test(read(hidden, file)))).toEqual([]);
    // The control: the default site tells them on its board.
    expect(read(control, 'index.html')).toMatch(UPVOTE_TELLS);
  });

  it('offers no sort by upvotes on the board', () => {
    const sorts = [...readPage(hidden, 'index.html').querySelectorAll('#filter-sort option')].map((option) => option.getAttribute('value'));
    // Nor by the update date, which the fixture hides too (privacy.hideFields, below).
    expect(sorts).toEqual(['', 'importance']);
    expect([...readPage(control, 'index.html').querySelectorAll('#filter-sort option')].map((option) => option.getAttribute('value'))).toContain('upvotes');
  });

  it('publishes no upvotes in roadmap.json, board-index.json or history.json', () => {
    expect(read(hidden, 'roadmap.json')).not.toContain('"upvotes"');
    const index = JSON.parse(read(hidden, 'board-index.json')) as { columns: { issues: unknown[][] }[] };
    const rows = index.columns.flatMap((column) => column.issues);
    expect(rows.length).toBeGreaterThan(0);
    // The sixth place of a row is the count: null on every one.
    expect(rows.filter((row) => row[5] !== null)).toEqual([]);
    const history = JSON.parse(read(hidden, 'history.json')) as { issues: Record<string, { upvotes: number[] }> };
    expect(Object.values(history.issues).filter((record) => record.upvotes.length > 0)).toEqual([]);
    // The control publishes all three.
    expect(read(control, 'roadmap.json')).toContain('"upvotes"');
    const controlHistory = JSON.parse(read(control, 'history.json')) as { issues: Record<string, { upvotes: number[] }> };
    expect(Object.values(controlHistory.issues).some((record) => record.upvotes.length > 0)).toBe(true);
  });
});

describe('privacy.hideFields: every field (priority, team, createdAt, updatedAt)', () => {
  /** The issues the fixture's portal sends that are on the site (the declined ones too: board.showDeclined), as it sends them. */
  const onSite = (SCENARIOS['ws-whole'].issues as unknown as { id: string; team: string | null; createdAt: string | null; updatedAt: string | null }[]).filter((issue) =>
    [...siteIssueIds(), ...declinedIssueIds()].includes(issue.id),
  );
  const teams = [...new Set(onSite.flatMap((issue) => (issue.team ? [issue.team] : [])))];
  /** A date as the site could tell it: as sent (pages' `datetime`, JSON-LD, JSON exports, the sitemap), and in whole seconds (cards' `data-updated`, the board index). */
  const dateTells = (dates: (string | null)[]) => dates.flatMap((date) => (date ? [date, String(Math.floor(Date.parse(date) / 1000))] : []));
  const escaped = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  /** Any of `words`, whole: not inside a longer word, date or number. */
  const wholeWord = (words: readonly string[]) => new RegExp(`(?<![\\w-])(?:${words.map(escaped).join('|')})(?![\\w-])`);
  const TEAM = wholeWord(teams);
  const CREATED = wholeWord(dateTells(onSite.map((issue) => issue.createdAt)));
  const UPDATED = wholeWord(dateTells(onSite.map((issue) => issue.updatedAt)));

  /**
   * Every text of an output file where a field could be told, each apart (so that a word is found whole): a page's text
   * nodes (its JSON-LD among them) and attributes, a JSON file's strings and numbers and the keys of values that are
   * not empty (a hidden field is `null`, as when the portal sends none), a feed's or sitemap's text, and the search
   * index's fragments and filters (gzipped, read as text).
   */
  const texts = new Map<string, string[]>();
  const textsOf = (outDir: string, file: string): string[] => {
    const key = join(outDir, file);
    if (!texts.has(key)) texts.set(key, readTexts(outDir, file));
    return texts.get(key)!;
  };
  function readTexts(outDir: string, file: string): string[] {
    if (file.startsWith('pagefind/') && /\.pf_(fragment|filter|meta)$/.test(file)) return [gunzipSync(readFileSync(join(outDir, file))).toString('utf8')];
    if (file.endsWith('.json')) {
      const found: string[] = [];
      const walk = (value: unknown): void => {
        if (typeof value === 'string' || typeof value === 'number') found.push(String(value));
        else if (Array.isArray(value)) value.forEach(walk);
        else if (value && typeof value === 'object') {
          for (const [key, inner] of Object.entries(value)) {
            if (inner !== null) found.push(key);
            walk(inner);
          }
        }
      };
      walk(JSON.parse(read(outDir, file)));
      return found;
    }
    if (file.endsWith('.html')) {
      const page = readPage(outDir, file);
      const walker = page.createTreeWalker(page.documentElement, 4 /* NodeFilter.SHOW_TEXT */);
      const found: string[] = [];
      while (walker.nextNode()) found.push(walker.currentNode.nodeValue ?? '');
      return [...found, ...[...page.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((a) => `${a.name}=${a.value}`))];
    }
    return [read(outDir, file)];
  }
  /** The output files (pages, embeds, feeds, the sitemap, JSON exports, the search index) where `pattern` finds a text. */
  const tellers = (outDir: string, pattern: RegExp) =>
    filesOf(outDir, /\.(html|json|xml|txt|pf_fragment|pf_filter|pf_meta)$/).filter((file) => textsOf(outDir, file).some((text) => pattern.test(text)));
  /** roadmap.json's issues and the board index's rows (src/exports/board-index.ts: the team's place 4th, the update's 8th). */
  const exported = (outDir: string) => JSON.parse(read(outDir, 'roadmap.json')) as { issues: Record<string, unknown>[] };
  /** roadmap.json's issues whose `field` is not emptied as the privacy gate empties it everywhere: `null`, as when the portal sends none. */
  const notEmptied = (outDir: string, field: string) => exported(outDir).issues.filter((issue) => !(field in issue) || issue[field] !== null);
  const boardIndex = (outDir: string) => JSON.parse(read(outDir, 'board-index.json')) as { teams: string[]; columns: { issues: unknown[][] }[] };
  const rows = (outDir: string) => boardIndex(outDir).columns.flatMap((column) => column.issues);
  /** The issue pages' facts (src/components/IssueDetail.astro), as their labels say them. */
  const factLabels = (outDir: string) =>
    new Set(filesOf(outDir, /^issues\/[^/]+\/index\.html$/).flatMap((file) => [...readPage(outDir, file).querySelectorAll('.facts dt')].map((dt) => dt.textContent?.trim())));
  /** What a filter (`#filter-team`, `#filter-sort`) offers, by page with the filters. */
  const offered = (outDir: string, filter: string) =>
    filesOf(outDir, /\.html$/).flatMap((file) => {
      const options = [...readPage(outDir, file).querySelectorAll(`${filter} option`)].map((option) => option.getAttribute('value'));
      return options.length > 0 ? [[file, options] as const] : [];
    });
  const english = JSON.parse(read(PROJECT_ROOT, 'src/i18n/translations/en.json')) as Record<string, string>;

  it('leaves no priority in any page, card, embed, feed or JSON export, though the data has them', () => {
    const tellsPriority = (outDir: string) =>
      filesOf(outDir, /\.(html|json|xml)$/).filter((file) => !file.startsWith('pagefind/') && textsOf(outDir, file).some((text) => /priorit/i.test(text)));
    // The snapshot file the build read, beside its output (the path the setup gave moves when its builds are stored).
    const snapshot = JSON.parse(readFileSync(join(hidden, '..', 'snapshot.json'), 'utf8')) as { issues: { priority: string | null }[] };
    expect(snapshot.issues.filter((issue) => issue.priority !== null).length).toBeGreaterThan(5);
    expect(filesOf(hidden, /\.(html|json|xml)$/).length).toBeGreaterThan(100);
    expect(tellsPriority(hidden)).toEqual([]);
    expect(notEmptied(hidden, 'priority')).toEqual([]);
    // The control tells them on its issue pages and in roadmap.json.
    expect(tellsPriority(control)).toContain('roadmap.json');
    expect(tellsPriority(control).filter((file) => file.startsWith('issues/')).length).toBeGreaterThan(5);
  });

  it('leaves no team in any page, card, feed, JSON export or the search index, and no team to filter by', () => {
    expect(teams.sort()).toEqual(['Mobile', 'Platform', 'Web']);
    expect(tellers(hidden, TEAM)).toEqual([]);
    expect(notEmptied(hidden, 'team')).toEqual([]);
    expect(boardIndex(hidden).teams).toEqual([]);
    expect(rows(hidden).filter((row) => row[3] !== -1)).toEqual([]);
    // No team filter at all (docs/reference/config.md, privacy.hideFields), where the other filters stay.
    expect(offered(hidden, '#filter-team')).toEqual([]);
    expect(offered(hidden, '#filter-project').find(([file]) => file === 'index.html')).toBeDefined();
    expect(factLabels(hidden)).not.toContain(english.team);
    // The control tells them on its issue pages, in its exports, its feed and its search index, and filters by them.
    const told = tellers(control, TEAM);
    for (const file of ['roadmap.json', 'board-index.json', 'rss.xml']) expect(told).toContain(file);
    expect(told.filter((file) => file.startsWith('issues/')).length).toBeGreaterThan(5);
    expect(told.filter((file) => file.startsWith('pagefind/')).length).toBeGreaterThan(5);
    expect(offered(control, '#filter-team').find(([file]) => file === 'index.html')?.[1]).toEqual(['', ...teams]);
    expect(factLabels(control)).toContain(english.team);
  });

  it("leaves no issue's creation date in any page, JSON-LD, JSON export or the search index", () => {
    expect(onSite.filter((issue) => issue.createdAt).length).toBeGreaterThan(30);
    expect(tellers(hidden, CREATED)).toEqual([]);
    expect(notEmptied(hidden, 'createdAt')).toEqual([]);
    expect(factLabels(hidden)).not.toContain(english.created);
    // The control tells them on its issue pages (a fact, and JSON-LD's datePublished) and in roadmap.json.
    const told = tellers(control, CREATED);
    expect(told).toContain('roadmap.json');
    expect(told.filter((file) => file.startsWith('issues/')).length).toBeGreaterThan(5);
    expect(factLabels(control)).toContain(english.created);
  });

  it("leaves no issue's update date in any page, card, JSON-LD, the sitemap, a JSON export or the search index", () => {
    expect(onSite.filter((issue) => issue.updatedAt).length).toBeGreaterThan(30);
    expect(tellers(hidden, UPDATED)).toEqual([]);
    expect(notEmptied(hidden, 'updatedAt')).toEqual([]);
    expect(rows(hidden).filter((row) => row[7] !== 0)).toEqual([]);
    expect(read(hidden, 'sitemap-0.xml')).not.toContain('<lastmod>');
    expect(factLabels(hidden)).not.toContain(english.updated);
    // The control tells them on its issue pages, cards and sitemap, in roadmap.json and the board index.
    const told = tellers(control, UPDATED);
    for (const file of ['roadmap.json', 'board-index.json', 'sitemap-0.xml', 'index.html']) expect(told).toContain(file);
    expect(told.filter((file) => file.startsWith('issues/')).length).toBeGreaterThan(5);
    expect(factLabels(control)).toContain(english.updated);
  });

  it('offers no sort by the update date on any page with the filters: no issue has one', () => {
    const sorts = offered(hidden, '#filter-sort');
    // The board and each column's pages.
    expect(sorts.map(([file]) => file)).toContain('index.html');
    expect(sorts.filter(([file]) => file.startsWith('status/')).length).toBeGreaterThan(3);
    expect(sorts.filter(([, values]) => values.includes('updated'))).toEqual([]);
    expect(offered(control, '#filter-sort').every(([, values]) => values.includes('updated'))).toBe(true);
  });
});

describe("layout: the site's own layout (the history fixture)", () => {
  const framed = fixtures.history.outDir;

  it("wraps the board and every page but the embeds in the site's header and footer, with the page's title, description and language as props", () => {
    for (const path of ['index.html', 'changelog/index.html', ...filesOf(framed, /^issues\/[^/]+\/index\.html$/).slice(0, 3)]) {
      const page = readPage(framed, path);
      const header = page.querySelector('body > header.field-guide-header');
      const footer = page.querySelector('body > footer.field-guide-footer');
      expect(header?.textContent, path).toBe('Field guide');
      expect(footer?.textContent, path).toBe('Field guide footer');
      // The roadmap's page in the layout's <main>, and no header or footer of its own.
      expect(page.querySelector('body > main > .roadmap-frame#content h1'), path).not.toBeNull();
      expect(page.querySelector('.site-header, .site-footer'), path).toBeNull();
      // The props: one <title>, the roadmap's, and the layout got it, the description and the language.
      const title = page.querySelectorAll('head > title');
      expect(title.length, path).toBe(1);
      expect(page.body.getAttribute('data-layout-title'), path).toBe(title[0]!.textContent);
      expect(page.body.getAttribute('data-layout-description'), path).toBe(page.querySelector('meta[name="description"]')?.getAttribute('content'));
      expect(page.documentElement.getAttribute('lang'), path).toBe('en');
      expect(page.documentElement.getAttribute('dir'), path).toBe('ltr');
      // The roadmap's head elements, through the head slot.
      expect(page.querySelector('head link[rel="stylesheet"][href$="site.css"]'), path).not.toBeNull();
      expect(page.querySelector('head link[rel="canonical"]'), path).not.toBeNull();
    }
    expect(readPage(framed, 'embed/index.html').querySelector('.field-guide-header')).toBeNull();
    // The control, in the roadmap's own frame.
    expect(readPage(control, 'index.html').querySelector('.site-header')).not.toBeNull();
  });

  it("leaves the page's colour scheme to the layout, gives it the config's nav, and puts search and the suggest button where a visitor looks", () => {
    const issuePages = filesOf(framed, /^issues\/[^/]+\/index\.html$/);
    const tombstones = issuePages.filter((path) => readPage(framed, path).querySelector(`meta[name="${TOMBSTONE_META}"]`));
    expect(tombstones.length).toBeGreaterThan(0);
    const issues = issuePages.filter((path) => !tombstones.includes(path));
    for (const path of ['index.html', 'changelog/index.html', issues[0]!, tombstones[0]!]) {
      const page = readPage(framed, path);
      // A color-scheme meta of the roadmap's would turn the layout's light-only page dark for a dark-system visitor.
      expect(page.querySelector('meta[name="color-scheme"]'), path).toBeNull();
      // The layout's header links, labels in the page's language (test/support/fixtures.ts LAYOUT_NAV).
      expect(JSON.parse(page.body.getAttribute('data-layout-nav')!), path).toEqual([{ href: '/pricing/', label: 'Pricing' }]);
      // The layout renders no roadmap-search slot: the search field is at the top of the roadmap's content.
      expect(page.querySelectorAll('search[data-search]'), path).toHaveLength(1);
      expect(page.querySelector('#content > .roadmap-toolbar:first-child > search[data-search]'), path).not.toBeNull();
    }
    // The suggest button ends the board's actions, and is above no other page's heading, a tombstone's least.
    const suggest = (path: string) => readPage(framed, path).querySelectorAll(`a[href="${LAYOUT_SUBMIT_URL}"]`);
    expect(readPage(framed, 'index.html').querySelector(`.board-links > .roadmap-actions > a.suggest-link[href="${LAYOUT_SUBMIT_URL}"]`)).not.toBeNull();
    for (const path of ['changelog/index.html', issues[0]!, tombstones[0]!]) expect(suggest(path), path).toHaveLength(0);
    // The control declares its scheme, and its own header carries the suggest button and the search field.
    const own = readPage(control, 'index.html');
    expect(own.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('light dark');
    expect(own.querySelector('.roadmap-toolbar, .board-links .roadmap-actions')).toBeNull();
  });
});

describe('board.showDeclined', () => {
  const declined = declinedIssueIds();

  it('shows the declined issues in a column of their own, with the heading of the config, after the shipped one', () => {
    expect(declined).toHaveLength(2);
    const board = readPage(hidden, 'index.html');
    const columns = [...board.querySelectorAll('section.column')].map((column) => column.getAttribute('data-column'));
    expect(columns.indexOf('canceled')).toBe(columns.indexOf('done') + 1);
    expect(board.querySelector('#column-canceled')?.textContent).toContain(DECLINED_HEADING);
    const column = board.querySelector('section.column[data-column="canceled"]')!;
    const cards = [...column.querySelectorAll('[data-card] .card-title a')].map((link) => link.getAttribute('href'));
    expect(cards.sort()).toEqual(declined.map((id) => `/issues/${pageSlug(id)}/`).sort());
    for (const id of declined) expect(existsSync(join(hidden, 'issues', pageSlug(id), 'index.html')), id).toBe(true);
    expect(existsSync(join(hidden, 'status/canceled/index.html'))).toBe(true);
  });

  it('is off by default: the demo leaves its declined issues off the site', () => {
    expect(readPage(control, 'index.html').querySelector('section.column[data-column="canceled"]')).toBeNull();
    expect(existsSync(join(control, 'status/canceled'))).toBe(false);
  });
});

describe('subscribe: a newsletter service form on the configured fixture', () => {
  const configured = fixtures.configured.outDir;
  const formOrigin = new URL(CONFIGURED_SUBSCRIBE_ACTION).origin;
  /** Every policy a page is under: its meta tag's, and each `_headers` rule's. */
  const metaPolicy = (outDir: string, file: string) => readPage(outDir, file).querySelector('meta[http-equiv="content-security-policy"]')?.getAttribute('content') ?? '';
  const formAction = (policy: string) => /form-action ([^;]+)/.exec(policy)?.[1];

  it('is on the Shipped and changelog pages, in German, posting the address to the service in a new tab', () => {
    for (const file of ['shipped/index.html', 'changelog/index.html']) {
      const form = readPage(configured, file).querySelector('form.subscribe');
      expect(form?.getAttribute('action'), file).toBe(CONFIGURED_SUBSCRIBE_ACTION);
      expect(form?.getAttribute('method')).toBe('post');
      expect(form?.getAttribute('target')).toBe('_blank');
      expect(form?.querySelector('label[for="subscribe-email"]')?.textContent).toBe('E-Mail-Adresse');
      expect(form?.querySelector('#subscribe-email')?.getAttribute('name')).toBe('email');
      expect(form?.querySelector('#subscribe-email')?.getAttribute('type')).toBe('email');
      expect([...form!.querySelectorAll('input[type="hidden"]')].map((input) => [input.getAttribute('name'), input.getAttribute('value')])).toEqual([['embed', '1']]);
    }
    expect(readPage(configured, 'index.html').querySelector('form.subscribe')).toBeNull();
    expect(readPage(control, 'shipped/index.html').querySelector('form.subscribe')).toBeNull();
  });

  it("lets forms post to the service's origin and nowhere else, in every page's policy and in _headers", () => {
    const pages = filesOf(configured, /\.html$/);
    expect(pages.filter((file) => formAction(metaPolicy(configured, file)) !== formOrigin)).toEqual([]);
    const headers = read(configured, '_headers');
    const actions = [...headers.matchAll(/form-action ([^;\n]+)/g)].map((match) => match[1]);
    expect(actions).toEqual([formOrigin]);
    // Without a form, forms may post nowhere.
    expect(formAction(metaPolicy(control, 'shipped/index.html'))).toBe("'none'");
    expect([...read(control, '_headers').matchAll(/form-action ([^;\n]+)/g)].map((match) => match[1])).toEqual(["'none'"]);
  });
});

describe("shareCards: an Open Graph image per issue, project and release note, and the site's for every other page, on the configured fixture", () => {
  const configured = fixtures.configured.outDir;
  /** Width and height from a PNG's IHDR chunk (PNG spec §11.2.2). */
  const pngSize = (file: string) => {
    const png = readFileSync(join(configured, file));
    return [png.toString('hex', 0, 8), png.readUInt32BE(16), png.readUInt32BE(20)];
  };

  it('gives every issue, project and release note page its own card, a 1200×630 PNG that exists, with its size and alt text', () => {
    const pages = filesOf(configured, /^(issues|projects|releases)\/[^/]+\/index\.html$/).filter(
      (file) => !readPage(configured, file).querySelector('meta[name="robots"][content~="noindex"]'),
    );
    expect(pages.length).toBeGreaterThan(10);
    // The fixture's two notes (test/fixtures/release-notes/) are among them.
    expect(pages.filter((file) => file.startsWith('releases/')).sort()).toEqual(['releases/invoices-in-one-tap/index.html', 'releases/two-factor/index.html']);
    for (const file of pages) {
      const page = readPage(configured, file);
      const [kind, slug] = file.split('/');
      const image = page.querySelector('meta[property="og:image"]')?.getAttribute('content');
      expect(image, file).toBe(`${CONFIGURED_SITE}/og/${kind}/${slug}.png`);
      expect(pngSize(`og/${kind}/${slug}.png`)).toEqual(['89504e470d0a1a0a', 1200, 630]);
      expect(page.querySelector('meta[property="og:image:width"]')?.getAttribute('content')).toBe('1200');
      expect(page.querySelector('meta[property="og:image:alt"]')?.getAttribute('content')).toBe(page.querySelector('title')?.textContent);
      expect(page.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
    }
    // One card per page, and the site's.
    expect(filesOf(configured, /^og\/.*\.png$/)).toHaveLength(pages.length + 1);
  });

  /** The tags a link preview reads: og:image with its size and text, twitter:card and twitter:image. */
  const previewTags = (outDir: string, file: string) => {
    const page = readPage(outDir, file);
    const content = (selector: string) => page.querySelector(selector)?.getAttribute('content') ?? null;
    return {
      image: content('meta[property="og:image"]'),
      width: content('meta[property="og:image:width"]'),
      height: content('meta[property="og:image:height"]'),
      alt: content('meta[property="og:image:alt"]'),
      card: content('meta[name="twitter:card"]'),
      twitterImage: content('meta[name="twitter:image"]'),
    };
  };
  const SITE_CARD = `${CONFIGURED_SITE}/og/site.png`;
  const siteCardTags = { image: SITE_CARD, width: '1200', height: '630', alt: 'Fieldnote Roadmap', card: 'summary_large_image', twitterImage: SITE_CARD };

  it("draws the site's card, a 1200×630 PNG, and the board and the changelog name it", () => {
    expect(pngSize('og/site.png')).toEqual(['89504e470d0a1a0a', 1200, 630]);
    expect(previewTags(configured, 'index.html')).toEqual(siteCardTags);
    expect(previewTags(configured, 'changelog/index.html')).toEqual(siteCardTags);
  });

  it("names the site's card on every page with no card of its own, and an issue page still names its own", () => {
    const ownCard = /^(issues|projects|releases)\/[^/]+\/index\.html$/;
    const others = filesOf(configured, /\.html$/).filter((file) => !ownCard.test(file) || readPage(configured, file).querySelector('meta[name="robots"][content~="noindex"]'));
    // Columns, shipped, changes, teams and the changelog's pages are among them.
    for (const prefix of ['status/', 'shipped/', 'changes/', 'teams/', 'changelog/'])
      expect(
        others.some((file) => file.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(others.filter((file) => previewTags(configured, file).image !== SITE_CARD)).toEqual([]);
    const issue = filesOf(configured, ownCard).find((file) => file.startsWith('issues/') && previewTags(configured, file).image !== SITE_CARD)!;
    expect(previewTags(configured, issue)).toMatchObject({ image: `${CONFIGURED_SITE}/og/${issue.replace(/\/index\.html$/, '')}.png`, card: 'summary_large_image' });
  });

  it("names a release note's card in its page's Open Graph and Twitter tags, and its JSON-LD, whatever its title holds", () => {
    const note = 'releases/invoices-in-one-tap/index.html';
    const card = `${CONFIGURED_SITE}/og/releases/invoices-in-one-tap.png`;
    // The note's title (test/fixtures/release-notes/invoices-in-one-tap.md) and the site's, as the page's <title> joins them.
    const title = 'Rechnungen mit einem Tipp <script>alert("title")</script> · Fieldnote Roadmap';
    expect(previewTags(configured, note)).toEqual({ image: card, width: '1200', height: '630', alt: title, card: 'summary_large_image', twitterImage: card });
    // JSON-LD names the note's own image (this note has one: invoices.png, optimised), else its card.
    const jsonLdImage = (file: string) => JSON.parse(readPage(configured, file).querySelector('script[type="application/ld+json"]')!.textContent!).image;
    expect(jsonLdImage(note)).toMatch(new RegExp(`^${CONFIGURED_SITE}/_astro/invoices\\.[^/]+\\.png$`));
    // A PNG no wider than the page's widest copy is named as it is: the note's own file, published byte for byte.
    const published = join(configured, (jsonLdImage(note) as string).slice(CONFIGURED_SITE.length));
    expect(readFileSync(published).equals(readFileSync('test/fixtures/release-notes/invoices.png'))).toBe(true);
    expect(jsonLdImage('releases/two-factor/index.html')).toBe(`${CONFIGURED_SITE}/og/releases/two-factor.png`);
  });

  it('is off by default: no cards, no image on an issue page of the demo (which has no social image)', () => {
    expect(existsSync(join(control, 'og'))).toBe(false);
    const issue = filesOf(control, /^issues\/[^/]+\/index\.html$/)[0]!;
    expect(readPage(control, issue).querySelector('meta[property="og:image"]')).toBeNull();
  });

  it('leaves the demo (cards off, no social image) with no image on the board and the changelog, and says so once in its build', () => {
    const none = { image: null, width: null, height: null, alt: null, card: 'summary', twitterImage: null };
    expect(previewTags(control, 'index.html')).toEqual(none);
    expect(previewTags(control, 'changelog/index.html')).toEqual(none);
    expect(fixtures.demo.output.split(NO_PREVIEW_IMAGE_NOTE)).toHaveLength(2);
    // A site with cards has its image, and no hint.
    expect(fixtures.configured.output).not.toContain(NO_PREVIEW_IMAGE_NOTE);
  });
});
