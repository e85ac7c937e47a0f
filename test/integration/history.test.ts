/**
 * The history end to end, read from the `history` fixture: four rebuilds over
 * changing portal states with the stand-in build (test/support/history-sequence.ts:
 * a move, a ship, an unpublish, a return, a lost state recovered from the
 * served site), then the one real build of the last run's snapshot and history.
 * Checked: the recovery, the timeline, the changelog, both feeds (parsed,
 * unique ids), the tombstones (noindex, out of the sitemap and the search
 * index), recent changes, /roadmap.json, and privacy across dist/, the state,
 * the logs, the report and the step summary.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, inject, it } from 'vitest';
import { formatDate, formatMonth } from '../../src/i18n/format.ts';
import { pageSlug } from '../../src/view/paths.ts';
import { listFiles, readPage } from '../support/build-site.ts';
import { TEST_SITE } from '../support/fixtures.ts';
import { HIDDEN_TITLE, RUN_DATES, RUNS_FILE, runDir, SEQUENCE, UNPUBLISHED_MARKER, type SequenceRun } from '../support/history-sequence.ts';

const { started, shipped, hidden, canceled, shippedBefore, newcomer, completedProject } = SEQUENCE;
const xml = (text: string) => new JSDOM(text, { contentType: 'application/xml' }).window.document;
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('the history over four rebuilds', () => {
  const build = inject('fixtures').history;
  it('was built', () => expect(build.code, build.output).toBe(0));
  if (build.code !== 0) return;
  const sequence = build.sequenceDir!;
  const runs = (JSON.parse(readFileSync(join(sequence, RUNS_FILE), 'utf8')) as { runs: SequenceRun[] }).runs;
  const dist = build.outDir;
  const page = (path: string) => readPage(dist, path);
  const issuePage = (id: string) => page(`issues/${pageSlug(id)}/index.html`);
  const stateHistory = (run: number) => JSON.parse(readFileSync(join(runDir(sequence, run, 'state'), 'history.json'), 'utf8'));

  it("starts a new history on the first publish, saying why, and continues the live site's when the state is lost", () => {
    expect(runs[0]!.log).toContainEqual(expect.stringMatching(/\/history\.json answered 404: starting a new history$/));
    expect(runs[3]!.log).toContainEqual(
      expect.stringMatching(new RegExp(`continuing the one the live site publishes, http://127\\.0\\.0\\.1:\\d+/history\\.json \\(recorded up to ${RUN_DATES[2]}\\)$`)),
    );
    const history = stateHistory(4);
    expect(history.startedAt).toBe(RUN_DATES[0]);
    expect(history.issues[started.id].events).toEqual([
      { at: RUN_DATES[0], kind: 'seen', column: 'planned', atLeast: true },
      { at: RUN_DATES[1], kind: 'moved', column: 'in-progress' },
    ]);
    // The site publishes exactly what the state keeps.
    expect(readFileSync(join(dist, 'history.json'), 'utf8')).toBe(readFileSync(join(runDir(sequence, 4, 'state'), 'history.json'), 'utf8'));
  });

  it('reports what the history recorded: one comparison for the history, the report and the step summary', () => {
    const history = stateHistory(2);
    const movedInRun2 = Object.entries(history.issues as Record<string, { events: { at: string; kind: string }[] }>)
      .filter(([, record]) => record.events.some((event) => event.at === RUN_DATES[1] && event.kind === 'moved'))
      .map(([id]) => id);
    const report = JSON.parse(readFileSync(join(runDir(sequence, 2, 'state'), 'report.json'), 'utf8'));
    expect(report.issues.statusMoves.map((move: { id: string }) => move.id).sort()).toEqual(movedInRun2.sort());
    expect(report.issues.statusMoves.map((move: { id: string }) => move.id).sort()).toEqual([started.id, shipped.id].sort());
    expect(report.issues.removed).toEqual([{ id: hidden.id }, { id: canceled.id }].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(Object.keys(history.left.issues).sort()).toEqual(report.issues.removed.map((issue: { id: string }) => issue.id));
    expect(report.issues.added).toEqual([{ id: newcomer.id, title: newcomer.title, column: 'Under consideration' }]);
    expect(runs[1]!.lines).toContain(`  ~ "${started.title}": Planned → In progress`);
    // The step summary escapes what Markdown would read as markup (`#`, `-`, …).
    expect(runs[1]!.summary).toContain(`${started.title.replace(/[#-]/g, '\\$&')}: Planned → In progress`);
  });

  it('shows a timeline of <time>-stamped moves, the current one marked, the first "since at least"', () => {
    const steps = [...issuePage(started.id).querySelectorAll('ol.timeline > li')];
    expect(steps.map(text)).toEqual([
      expect.stringMatching(/^In “Planned” since at least November 10, 2026$/),
      expect.stringMatching(/^Moved to “In progress” on November 12, 2026 \(now\)$/),
    ]);
    expect(steps.map((li) => li.querySelector('time')?.getAttribute('datetime'))).toEqual([RUN_DATES[0], RUN_DATES[1]]);
    expect(steps.map((li) => li.getAttribute('aria-current'))).toEqual([null, 'step']);
    // The issue that came back starts again, with no trace of its time away, and has its real page.
    const back = issuePage(hidden.id);
    expect(text(back.querySelector('h1'))).toBe(HIDDEN_TITLE);
    expect([...back.querySelectorAll('ol.timeline > li')].map(text)).toEqual(['Back on the roadmap in “Planned” on November 14, 2026 (now)']);
    // The timeline is not searchable text of the issue.
    expect(back.querySelector('section.history')?.hasAttribute('data-pagefind-ignore')).toBe(true);
  });

  it('lists what shipped in the changelog by month, with the ship date, and what shipped before the history once, under "Shipped before {date}"', () => {
    const changelog = page('changelog/index.html');
    const groups = [...changelog.querySelectorAll('main section')];
    // What shipped before the history is dated by the earlier of the first run and its own updatedAt.
    const shippedBeforeBound = shippedBefore.updatedAt && Date.parse(shippedBefore.updatedAt) < Date.parse(RUN_DATES[0]) ? shippedBefore.updatedAt : RUN_DATES[0];
    expect(groups.map((g) => text(g.querySelector('h2')))).toEqual([formatMonth(RUN_DATES[1], 'en'), `Shipped before ${formatDate(shippedBeforeBound, 'en')}`]);
    const [recent, earlier] = groups;
    expect([...recent!.querySelectorAll('li > a:not(.project-chip)')].map(text).sort()).toEqual([shipped.title, completedProject.name].sort());
    const shippedItem = [...recent!.querySelectorAll('li')].find((li) => text(li.querySelector('a')) === shipped.title)!;
    expect(shippedItem.querySelector('time')?.getAttribute('datetime')).toBe(RUN_DATES[1]);
    expect(text(shippedItem)).toContain(shipped.summary[0]);
    // The date is the group's, not repeated on each item.
    expect([...earlier!.querySelectorAll('li')].map(text)).toEqual([expect.stringMatching(new RegExp(`^${shippedBefore.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`))]);
    expect(earlier!.querySelectorAll('li time')).toHaveLength(0);
    // The board and the Shipped page link to it; it is no issue page, so it has no search body.
    expect(page('index.html').querySelector('a[href="/changelog/"]')).not.toBeNull();
    expect(page('shipped/index.html').querySelector('a[href="/changelog/"]')).not.toBeNull();
    expect(changelog.querySelector('[data-pagefind-body]')).toBeNull();
  });

  it('has an RSS item per event, each with a guid of its own that points at its step', () => {
    const feed = xml(readFileSync(join(dist, 'rss.xml'), 'utf8'));
    expect(feed.querySelector('parsererror')).toBeNull();
    const items = [...feed.querySelectorAll('item')].map((item) => ({ title: text(item.querySelector('title')), guid: text(item.querySelector('guid')) }));
    expect(items.map((i) => i.title).sort()).toEqual(
      [`In progress: ${started.title}`, `Shipped: ${shipped.title}`, `New: ${newcomer.title}`, `Completed: ${completedProject.name}`, 'Now public: Product roadmap'].sort(),
    );
    // The roadmap's start is the oldest item.
    expect(items.at(-1)!.title).toBe('Now public: Product roadmap');
    expect(new Set(items.map((i) => i.guid)).size).toBe(items.length);
    const startedItem = items.find((i) => i.title.startsWith('In progress'))!;
    const [pageUrl, anchor] = startedItem.guid.split('#');
    expect(pageUrl).toBe(`${TEST_SITE}/issues/${pageSlug(started.id)}/`);
    expect(issuePage(started.id).getElementById(anchor!)?.getAttribute('aria-current')).toBe('step');
  });

  it('gives each issue an Atom feed, linked from its page and followable by a visible link', () => {
    const issue = issuePage(started.id);
    const feedPath = `/issues/${pageSlug(started.id)}/feed.xml`;
    expect(issue.querySelector('link[rel="alternate"][type="application/atom+xml"]')?.getAttribute('href')).toBe(feedPath);
    expect(text(issue.querySelector(`a.follow[href="${feedPath}"]`))).toBe('Follow this issue (Atom feed)');
    const atom = xml(readFileSync(join(dist, feedPath), 'utf8'));
    expect(atom.querySelector('parsererror')).toBeNull();
    expect(atom.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    const entries = [...atom.querySelectorAll('entry')];
    expect(entries.map((e) => text(e.querySelector('title')))).toEqual([
      expect.stringMatching(/^Moved to “In progress” on /),
      expect.stringMatching(/^In “Planned” since at least /),
    ]);
    expect(entries.map((e) => text(e.querySelector('updated')))).toEqual([RUN_DATES[1], RUN_DATES[0]]);
    expect(new Set(entries.map((e) => text(e.querySelector('id')))).size).toBe(2);
    expect(text(atom.querySelector('feed > id'))).toBe(`${TEST_SITE}${feedPath}`);
  });

  it('keeps a noindex tombstone, out of the sitemap and the search index, for an issue that left', () => {
    const tombstone = issuePage(canceled.id);
    expect(text(tombstone.querySelector('h1'))).toBe('No longer on the public roadmap');
    expect(tombstone.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    // In the site's own layout (this fixture's), whose <html> is not the roadmap's, the mark is in the head.
    expect(tombstone.querySelector('head meta[name="portal-roadmap:tombstone"]')).not.toBeNull();
    expect(tombstone.querySelector('main a[href="/"]')).not.toBeNull();
    expect(tombstone.querySelector('ol.timeline, .facts, .prose, [data-pagefind-body]')).toBeNull();
    const sitemap = readFileSync(join(dist, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).not.toContain(`/issues/${pageSlug(canceled.id)}/`);
    expect(sitemap).toContain(`/issues/${pageSlug(hidden.id)}/`);
    expect(sitemap).toContain(`/issues/${pageSlug(started.id)}/`);
    // Pagefind indexed the issues and projects the site shows, not the tombstone.
    const entry = JSON.parse(readFileSync(join(dist, 'pagefind/pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    const shownIssues = JSON.parse(readFileSync(join(dist, 'roadmap.json'), 'utf8')) as { issues: unknown[]; projects: unknown[] };
    expect(Object.values(entry.languages).reduce((sum, l) => sum + l.page_count, 0)).toBe(shownIssues.issues.length + shownIssues.projects.length);
    // While it was away (run 2), the hidden issue had a tombstone too (the stand-in build wrote what verify asked for).
    expect(readFileSync(join(runDir(sequence, 2, 'dist'), `issues/${pageSlug(hidden.id)}/index.html`), 'utf8')).toBe('tombstone');
    // A follower of a gone issue's feed is told it left.
    const goneFeed = xml(readFileSync(join(dist, `issues/${pageSlug(canceled.id)}/feed.xml`), 'utf8'));
    expect([...goneFeed.querySelectorAll('entry > title')].map(text)).toEqual(['No longer on the public roadmap']);
  });

  it('never lets the words of an unpublished issue reach the site, the history, the report, the logs or the summary', () => {
    for (const file of listFiles(dist)) expect(readFileSync(join(dist, file), 'utf8'), file).not.toContain(CANCELED_MARKER);
    // While the hidden one was away (after run 2): in no file of the state; the canceled one is still portal-visible,
    // so the published snapshot (state, never published) keeps it, and nothing else does.
    for (const file of listFiles(runDir(sequence, 2, 'state'))) {
      const content = readFileSync(join(runDir(sequence, 2, 'state'), file), 'utf8');
      expect(content, file).not.toContain('UNPUBLISHED-HIDDEN');
      if (file !== 'published.json') expect(content, file).not.toContain(CANCELED_MARKER);
    }
    // Both were on the site at run 1, and the hidden one again from run 3: only then may their titles be named.
    const told = (run: SequenceRun) => [...run.log, ...run.lines, run.summary].join('\n');
    expect(told(runs[1]!)).not.toContain(UNPUBLISHED_MARKER);
    for (const run of runs.slice(1)) expect(told(run)).not.toContain(CANCELED_MARKER);
    expect(runs[1]!.lines).toContain(`  - issue ${canceled.id} left the site`);
    expect(runs[1]!.summary).toContain(hidden.id.replace(/-/g, '\\-'));
    // In the history, what left is an id and a date.
    expect(stateHistory(2).left.issues).toEqual({ [hidden.id]: RUN_DATES[1], [canceled.id]: RUN_DATES[1] });
    expect(stateHistory(4).issues[canceled.id]).toBeUndefined();
  });

  it("gives /roadmap.json the dates of each issue's moves", () => {
    const data = JSON.parse(readFileSync(join(dist, 'roadmap.json'), 'utf8'));
    expect(data.version).toBe(2);
    expect(data.issues.find((i: { id: string }) => i.id === started.id).moves).toEqual([
      { column: 'planned', at: RUN_DATES[0], atLeast: true },
      { column: 'in-progress', at: RUN_DATES[1] },
    ]);
  });

  it('lists the last 7 days of moves on the recent-changes page, and the count of what left', () => {
    const changes = page('changes/index.html');
    const items = [...changes.querySelectorAll('.changes-list li')].map(text);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${started.title}: “Planned” → “In progress”`),
        expect.stringContaining(`${shipped.title}: “In progress” → “Shipped”`),
        expect.stringContaining(`${newcomer.title}: new on the roadmap in “Under consideration”`),
        expect.stringContaining(`${completedProject.name}: state In progress → Completed`),
      ]),
    );
    expect(text(changes.querySelector('main p.muted'))).toBe('1 issue left the public roadmap in these days.');
    expect(page('index.html').querySelector('a[href="/changes/"]')).not.toBeNull();
    expect(changes.querySelector('[data-pagefind-body]')).toBeNull();
  });
});

const CANCELED_MARKER = 'UNPUBLISHED-CANCELED';
