/**
 * The history end to end: `npm run rebuild` over a sequence of portal states
 * through the real CLI and real builds (four, one per publish), against the
 * shared fake portal, with the live site served from the output directory:
 * 1. first publish: no state, and the site answers 404 for /history.json;
 * 2. a move, a ship, a new issue, a completed project, an issue hidden in the
 *    portal and one moved to a hidden column (both with marker titles);
 * 3. the hidden issue comes back; then the state directory is lost;
 * 4. a small change, published with the history recovered from the live site.
 * Checked: the timeline, the changelog, both feeds (parsed, unique ids), the
 * tombstones and the sitemap, privacy across dist/ and the state, the recovery.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMonth } from '../../src/site/format.ts';
import { pageSlug } from '../../src/site/paths.ts';
import { listFiles, readPage } from '../support/build-site.ts';
import { defineWorkspace } from '../support/portal-admin.ts';
import { runRebuildCli, type RebuildRun } from '../support/rebuild-cli.ts';
import { serveStatic, type StaticSite } from '../support/static-server.ts';
import { syntheticWorkspace } from '../support/synthetic.ts';

const apiUrl = inject('portalApiUrl');
const HIDDEN_TITLE = 'UNPUBLISHED-HIDDEN-3b9f: a title someone took back';
const CANCELED_TITLE = 'UNPUBLISHED-CANCELED-77c1: words of a canceled issue';
const xml = (text: string) => new JSDOM(text, { contentType: 'application/xml' }).window.document;

type RawIssue = ReturnType<typeof syntheticWorkspace>['issues'][number];
type RawProject = ReturnType<typeof syntheticWorkspace>['projects'][number];

const base = syntheticWorkspace({ issues: 10, projects: 2, seed: 5 });
const [started, shipped, hidden, canceled, shippedBefore, later, ...rest] = base.issues.map((issue, index) => ({
  ...issue,
  status: ['Todo', 'In Progress', 'Todo', 'Backlog', 'Done', 'Backlog'][index] ?? 'Backlog',
  title: index === 2 ? HIDDEN_TITLE : index === 3 ? CANCELED_TITLE : issue.title,
})) as RawIssue[];
const newcomer: RawIssue = { ...rest[0]!, id: 'issue-new-000', identifier: 'SYN-NEW', title: 'A newcomer to the board', status: 'Backlog' };
const [project, otherProject] = base.projects.map((p) => ({ ...p, state: 'started', progress: 0.5 })) as RawProject[];

function workspace(issues: RawIssue[], projects: RawProject[]) {
  return { issues, projects: Object.fromEntries(projects.map((p) => [p.id, p])), paging: { mode: 'whole' as const } };
}
const state1 = workspace([started!, shipped!, hidden!, canceled!, shippedBefore!, later!, ...rest], [project!, otherProject!]);
const changed = [
  { ...started!, status: 'In Progress' },
  { ...shipped!, status: 'Done' },
  { ...hidden!, isVisible: false },
  { ...canceled!, status: 'Canceled' },
  shippedBefore!,
  later!,
  ...rest,
  newcomer,
];
const completedProject = { ...project!, state: 'completed', progress: 1 };
const state2 = workspace(changed, [completedProject, otherProject!]);
const state3 = workspace(changed.map((i) => (i.id === hidden!.id ? { ...hidden!, isVisible: true } : i)), [completedProject, otherProject!]);
const state4 = workspace(state3.issues.map((i) => (i.id === later!.id ? { ...later!, status: 'Todo' } : i)), [completedProject, otherProject!]);

describe('the history over four rebuilds', () => {
  const dir = mkdtempSync(join(tmpdir(), 'history-cli-'));
  const id = `history-${process.pid}`;
  const runs: RebuildRun[] = [];
  /** Each run's snapshot date, from its change report. */
  const fetchedAt: string[] = [];
  /** The output and state as each run left them. */
  const after = (run: number, what: 'dist' | 'state') => join(dir, `${what}-after-${run}`);
  let site: StaticSite;

  beforeAll(async () => {
    site = await serveStatic(join(dir, 'dist'));
    for (const [index, definition] of [state1, state2, state3, state4].entries()) {
      if (index === 3) rmSync(join(dir, 'state'), { recursive: true });
      await defineWorkspace(apiUrl, id, definition);
      const run = await runRebuildCli({ apiUrl, workspaceId: id, dir, site: site.url });
      runs.push(run);
      if (run.code !== 0) throw new Error(`rebuild ${index + 1} failed:\n${run.stdout}\n${run.stderr}`);
      fetchedAt.push((JSON.parse(readFileSync(join(dir, 'state/report.json'), 'utf8')) as { fetchedAt: string }).fetchedAt);
      cpSync(join(dir, 'dist'), after(index + 1, 'dist'), { recursive: true });
      cpSync(join(dir, 'state'), after(index + 1, 'state'), { recursive: true });
    }
  }, 600_000);
  afterAll(() => site?.close());

  const page = (run: number, path: string) => readPage(after(run, 'dist'), path);
  const issuePage = (run: number, issueId: string) => page(run, `issues/${pageSlug(issueId)}/index.html`);
  const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

  it('starts a new history on the first publish, saying why, and continues the live site\'s when the state is lost', () => {
    expect(runs[0]!.stderr).toContain(`answered 404: starting a new history`);
    expect(runs[3]!.stderr).toContain(`continuing the one the live site publishes, ${site.url}/history.json (recorded up to ${fetchedAt[2]})`);
    const history = JSON.parse(readFileSync(join(dir, 'state/history.json'), 'utf8'));
    expect(history.startedAt).toBe(fetchedAt[0]);
    expect(history.issues[started!.id].events).toEqual([
      { at: fetchedAt[0], kind: 'seen', column: 'planned', atLeast: true },
      { at: fetchedAt[1], kind: 'moved', column: 'in-progress' },
    ]);
    // The site publishes exactly what the state keeps.
    expect(readFileSync(join(dir, 'dist/history.json'), 'utf8')).toBe(readFileSync(join(dir, 'state/history.json'), 'utf8'));
  });

  it('shows a timeline of <time>-stamped moves, the current one marked, the first "since at least"', () => {
    const steps = [...issuePage(4, started!.id).querySelectorAll('ol.timeline > li')];
    expect(steps.map(text)).toEqual([
      expect.stringMatching(/^Planned since at least \w+ \d+, \d{4}$/),
      expect.stringMatching(/^Moved to In progress on \w+ \d+, \d{4} \(now\)$/),
    ]);
    expect(steps.map((li) => li.querySelector('time')?.getAttribute('datetime'))).toEqual([fetchedAt[0], fetchedAt[1]]);
    expect(steps.map((li) => li.getAttribute('aria-current'))).toEqual([null, 'step']);
    // The issue that came back starts again, with no trace of its time away.
    expect([...issuePage(4, hidden!.id).querySelectorAll('ol.timeline > li')].map(text)).toEqual([expect.stringMatching(/^Back on the roadmap on .*: Planned \(now\)$/)]);
  });

  it('lists what shipped in the changelog by month, with the ship date, and what shipped before the history as "on or before"', () => {
    const changelog = page(4, 'changelog/index.html');
    const groups = [...changelog.querySelectorAll('main section')];
    expect(groups.map((g) => text(g.querySelector('h2')))).toEqual([formatMonth(fetchedAt[1]!, 'en'), 'Shipped before the history saw it']);
    const [recent, earlier] = groups;
    expect([...recent!.querySelectorAll('li > a:not(.project-chip)')].map(text).sort()).toEqual([shipped!.title, completedProject.name].sort());
    const shippedItem = [...recent!.querySelectorAll('li')].find((li) => text(li.querySelector('a')) === shipped!.title)!;
    expect(shippedItem.querySelector('time')?.getAttribute('datetime')).toBe(fetchedAt[1]);
    expect(text(shippedItem)).toContain(shipped!.summary[0]);
    expect([...earlier!.querySelectorAll('li')].map(text)).toEqual([expect.stringContaining(`${shippedBefore!.title} · shipped on or before`)]);
    // The board and the Shipped page link to it.
    expect(page(4, 'index.html').querySelector('a[href="/changelog/"]')).not.toBeNull();
    expect(page(4, 'shipped/index.html').querySelector('a[href="/changelog/"]')).not.toBeNull();
  });

  it('has an RSS item per event, each with a guid of its own that points at its step', () => {
    const feed = xml(readFileSync(join(after(4, 'dist'), 'rss.xml'), 'utf8'));
    expect(feed.querySelector('parsererror')).toBeNull();
    const items = [...feed.querySelectorAll('item')].map((item) => ({ title: text(item.querySelector('title')), guid: text(item.querySelector('guid')) }));
    expect(items.map((i) => i.title).sort()).toEqual(
      [`In progress: ${started!.title}`, `Shipped: ${shipped!.title}`, `New: ${newcomer.title}`, `Completed: ${completedProject.name}`].sort(),
    );
    expect(new Set(items.map((i) => i.guid)).size).toBe(items.length);
    const startedItem = items.find((i) => i.title.startsWith('In progress'))!;
    const [pageUrl, anchor] = startedItem.guid.split('#');
    expect(pageUrl).toBe(`${site.url}/issues/${pageSlug(started!.id)}/`);
    expect(issuePage(4, started!.id).getElementById(anchor!)?.getAttribute('aria-current')).toBe('step');
  });

  it('gives each issue an Atom feed, linked from its page and followable by a visible link', () => {
    const issue = issuePage(4, started!.id);
    const feedPath = `/issues/${pageSlug(started!.id)}/feed.xml`;
    expect(issue.querySelector('link[rel="alternate"][type="application/atom+xml"]')?.getAttribute('href')).toBe(feedPath);
    expect(text(issue.querySelector(`a.follow[href="${feedPath}"]`))).toBe('Follow this issue (Atom feed)');
    const atom = xml(readFileSync(join(after(4, 'dist'), feedPath), 'utf8'));
    expect(atom.querySelector('parsererror')).toBeNull();
    expect(atom.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    const entries = [...atom.querySelectorAll('entry')];
    expect(entries.map((e) => text(e.querySelector('title')))).toEqual([expect.stringMatching(/^Moved to In progress on /), expect.stringMatching(/^Planned since at least /)]);
    expect(entries.map((e) => text(e.querySelector('updated')))).toEqual([fetchedAt[1], fetchedAt[0]]);
    const ids = entries.map((e) => text(e.querySelector('id')));
    expect(new Set(ids).size).toBe(2);
    expect(text(atom.querySelector('feed > id'))).toBe(`${site.url}${feedPath}`);
  });

  it('keeps a noindex tombstone, out of the sitemap, for each issue that left, and the real page again for one that came back', () => {
    for (const gone of [hidden!, canceled!]) {
      const tombstone = issuePage(2, gone.id);
      expect(text(tombstone.querySelector('h1'))).toBe('No longer on the public roadmap');
      expect(tombstone.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
      expect(tombstone.documentElement.hasAttribute('data-tombstone')).toBe(true);
      expect(tombstone.querySelector('main a[href="/"]')).not.toBeNull();
      expect(tombstone.querySelector('ol.timeline, .facts, .prose')).toBeNull();
    }
    const sitemap = (run: number) => readFileSync(join(after(run, 'dist'), 'sitemap-0.xml'), 'utf8');
    expect(sitemap(2)).not.toContain(`/issues/${pageSlug(hidden!.id)}/`);
    expect(sitemap(2)).not.toContain(`/issues/${pageSlug(canceled!.id)}/`);
    expect(sitemap(2)).toContain(`/issues/${pageSlug(started!.id)}/`);
    // Back: the real page, in the sitemap again; the canceled one is still a tombstone.
    expect(text(issuePage(3, hidden!.id).querySelector('h1'))).toBe(HIDDEN_TITLE);
    expect(sitemap(3)).toContain(`/issues/${pageSlug(hidden!.id)}/`);
    expect(issuePage(4, canceled!.id).documentElement.hasAttribute('data-tombstone')).toBe(true);
    // A follower of a gone issue's feed is told it left.
    const goneFeed = xml(readFileSync(join(after(2, 'dist'), `issues/${pageSlug(canceled!.id)}/feed.xml`), 'utf8'));
    expect([...goneFeed.querySelectorAll('entry > title')].map(text)).toEqual(['No longer on the public roadmap']);
  });

  it('never lets the words of an unpublished issue reach the site, the history, the report or the logs', () => {
    // While both are away (after run 2): nowhere in dist/; the hidden one nowhere in the state either.
    for (const file of listFiles(after(2, 'dist'))) {
      const content = readFileSync(join(after(2, 'dist'), file), 'utf8');
      expect(content, file).not.toContain('UNPUBLISHED-HIDDEN');
      expect(content, file).not.toContain('UNPUBLISHED-CANCELED');
    }
    for (const file of listFiles(after(2, 'state'))) expect(readFileSync(join(after(2, 'state'), file), 'utf8'), file).not.toContain('UNPUBLISHED-HIDDEN');
    // The canceled issue is still portal-visible, so the published snapshot keeps it (state, never published); the rest does not.
    for (const file of ['history.json', 'report.json']) expect(readFileSync(join(after(2, 'state'), file), 'utf8'), file).not.toContain('UNPUBLISHED-CANCELED');
    const { stdout, stderr, summary } = runs[1]!;
    expect(stdout + stderr + summary).not.toContain('UNPUBLISHED');
    expect(stdout).toContain(`  - issue ${canceled!.id} left the site`);
    expect(summary).toContain(hidden!.id.replace(/-/g, '\\-'));
    // In the history, what left is an id and a date.
    const history = JSON.parse(readFileSync(join(after(2, 'state'), 'history.json'), 'utf8'));
    expect(history.left.issues).toEqual({ [hidden!.id]: fetchedAt[1], [canceled!.id]: fetchedAt[1] });
    expect(history.issues[canceled!.id]).toBeUndefined();
    // After the last run the canceled issue is still only an id and a date, in dist/ and the history.
    for (const file of listFiles(after(4, 'dist'))) expect(readFileSync(join(after(4, 'dist'), file), 'utf8'), file).not.toContain('UNPUBLISHED-CANCELED');
    expect(readFileSync(join(after(4, 'state'), 'history.json'), 'utf8')).not.toContain('UNPUBLISHED-CANCELED');
  });

  it('gives /roadmap.json the dates of each issue\'s moves', () => {
    const data = JSON.parse(readFileSync(join(after(4, 'dist'), 'roadmap.json'), 'utf8'));
    expect(data.version).toBe(2);
    expect(data.issues.find((i: { id: string }) => i.id === started!.id).moves).toEqual([
      { column: 'planned', at: fetchedAt[0], atLeast: true },
      { column: 'in-progress', at: fetchedAt[1] },
    ]);
  });

  it('lists the last 7 days of moves on the recent-changes page, and the count of what left', () => {
    const changes = page(2, 'changes/index.html');
    const items = [...changes.querySelectorAll('.changes-list li')].map(text);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${started!.title}: Planned → In progress`),
        expect.stringContaining(`${shipped!.title}: In progress → Shipped`),
        expect.stringContaining(`${newcomer.title}: new on the roadmap: Under consideration`),
        expect.stringContaining(`${completedProject.name}: state started → completed`),
      ]),
    );
    expect(text(changes.querySelector('main p.muted'))).toBe('Issues that left the public roadmap: 2');
    expect(page(4, 'index.html').querySelector('a[href="/changes/"]')).not.toBeNull();
  });
});
