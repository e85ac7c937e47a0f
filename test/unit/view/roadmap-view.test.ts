import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordRun, shownState } from '../../../src/history/record.ts';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { buildExport } from '../../../src/exports/roadmap-json.ts';
import { feedItems, FEED_LIMIT } from '../../../src/feeds/site-feed.ts';
import { EN } from '../../../src/i18n/labels.ts';
import { columnPath, voteUrl } from '../../../src/view/paths.ts';
import { jsonLdText } from '../../../src/view/structured-data.ts';
import { themeCss } from '../../../src/theme/theme.ts';
import { projectColourClass, projectColoursCss } from '../../../src/theme/project-colours.ts';
import { JSDOM } from 'jsdom';
import { buildRoadmapView, inTitleOrderBeforeHistory } from '../../../src/view/roadmap-view.ts';
import { loadDemoSnapshot } from '../../../src/snapshot/load.ts';
import { readHistoryFile } from '../../../src/history/read.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const config = parseRoadmapConfig({});
const view = buildRoadmapView(demo.issues, demo.projects, config, EN);
/** The demo's own history (four made-up months ending at the demo snapshot). */
const history = await readHistoryFile('src/data/demo/history.json');
const root = 'https://example.com/roadmap/';

describe('jsonLdText', () => {
  it('cannot close its script element or open a comment, and stays the same JSON', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const text = jsonLdText(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('the view', () => {
  it('leaves out hidden columns and their issues', () => {
    expect(view.columns.map((c) => c.id)).not.toContain('canceled');
    expect(view.issues.some((i) => i.status === 'Canceled')).toBe(false);
    expect([...view.issuesByProject.values()].flat().some((i) => i.status === 'Canceled')).toBe(false);
  });

  it('lists shipped issues newest first, capped, and completed projects', () => {
    const dates = view.shipped.issues.map((i) => i.updatedAt ?? i.createdAt ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(view.shipped.issues.every((i) => i.status === 'Done')).toBe(true);
    expect(view.shipped.projects.map((p) => p.name)).toEqual(['Invoicing 2.0']);
    const capped = buildRoadmapView(demo.issues, demo.projects, parseRoadmapConfig({ shipped: { limit: 2 } }), EN);
    expect(capped.shipped.issues).toHaveLength(2);
  });

  it('lists teams once each, sorted', () => {
    expect(view.teams).toEqual(['Mobile', 'Platform', 'Web']);
  });
});

describe('/roadmap.json', () => {
  const context = {
    siteRoot: root,
    title: 'T',
    info: { fetchedAt: demo.fetchedAt, origin: 'demo' as const, workspace: 'demo', digest: demo.digest, issueCount: 0, projectCount: 0 },
    descriptionHtml: () => '<p>x</p>',
    history,
    noteDates: new Map<string, string>(),
  };
  const data = buildExport(view, { ...context, showUpvotes: true });

  it('holds the published issues with absolute page URLs under the base path', () => {
    expect(data.issues).toHaveLength(view.issues.length);
    expect(data.issues[0]?.url).toMatch(/^https:\/\/example\.com\/roadmap\/issues\/[\w-]+\/$/);
  });

  it('never carries a field outside its allow-list', () => {
    expect(Object.keys(data.issues[0]!).sort()).toEqual([
      'column',
      'createdAt',
      'descriptionHtml',
      'id',
      'identifier',
      'importanceScore',
      'moves',
      'priority',
      'projectId',
      'status',
      'summary',
      'team',
      'title',
      'updatedAt',
      'upvotes',
      'url',
    ]);
    expect(JSON.stringify(data)).not.toMatch(/tracker|workspaceId|isVisible|sortOrder/);
  });

  it('has no upvotes field at all on a site that hides upvote counts', () => {
    const hidden = buildExport(view, { ...context, showUpvotes: false });
    expect(hidden.issues).toHaveLength(view.issues.length);
    expect(hidden.issues.filter((issue) => 'upvotes' in issue)).toEqual([]);
    expect(hidden.projects.filter((project) => 'upvotes' in project)).toEqual([]);
    expect(data.issues.filter((issue) => 'upvotes' in issue)).toHaveLength(view.issues.length);
  });
});

describe('RSS items', () => {
  const items = feedItems(view, history, { ...config, title: 'Fieldnote roadmap' }, EN, root);
  const historyJson = JSON.parse(readFileSync('src/data/demo/history.json', 'utf8')) as {
    issues: Record<string, { events: { kind: string; column: string }[] }>;
    projects: Record<string, { events: { kind: string; state?: string; progress?: number }[] }>;
  };
  const movedTo = (column: string) => Object.values(historyJson.issues).filter((r) => r.events.some((e) => e.kind === 'moved' && e.column === column)).length;
  const completed = Object.values(historyJson.projects).filter((r) =>
    r.events.some((e) => (e.kind === 'state' && e.state === 'completed') || (e.kind === 'progress' && e.progress === 100)),
  ).length;

  it('are one per change, newest first, at most the limit, each linking to its step on the page', () => {
    expect(completed).toBe(1);
    expect(items.some((i) => i.title === 'Completed: Invoicing 2.0')).toBe(true);
    expect(items.length).toBe(
      Math.min(
        FEED_LIMIT,
        // The changes, and the roadmap's start, oldest, while there is room.
        completed +
          movedTo('done') +
          movedTo('in-progress') +
          Object.values(historyJson.issues).filter((r) => r.events[0]!.kind === 'seen' && !('atLeast' in r.events[0]!)).length +
          1,
      ),
    );
    expect(items.at(-1)!.title).toBe('Now public: Fieldnote roadmap');
    const times = items.map((i) => (i.pubDate as Date).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items.slice(0, -1).every((i) => /^https:\/\/example\.com\/roadmap\/(issues|projects)\/[\w-]+\/#event-(moved|seen|state|progress)-\d{4}-/.test(i.link!))).toBe(true);
    expect(new Set(items.map((i) => i.link)).size).toBe(items.length);
    expect(items.filter((i) => i.title?.startsWith('Shipped: '))).toHaveLength(Math.min(movedTo('done'), items.length));
  });

  it("are one for a first build, the roadmap's start: what the history began with is not news, and the feed is not empty", () => {
    const first = recordRun(undefined, shownState(demo.issues, demo.projects, config.columns), demo.fetchedAt);
    expect(feedItems(view, first, { ...config, title: 'Fieldnote roadmap' }, EN, root)).toEqual([
      { title: 'Now public: Fieldnote roadmap', link: `${root}#started-${demo.fetchedAt.replace(/[^0-9A-Za-z]/g, '-')}`, pubDate: new Date(demo.fetchedAt) },
    ]);
  });
});

describe('paths and theme', () => {
  it('vote URLs percent-encode ids', () => {
    expect(voteUrl('https://p.example/r/{issueId}?k={identifier}', { id: 'a b/c', identifier: 'APP-1' })).toBe('https://p.example/r/a%20b%2Fc?k=APP-1');
    expect(voteUrl('https://p.example/{identifier}', { id: 'x', identifier: null })).toBe('https://p.example/x');
  });

  it('column pages after the first carry their number', () => {
    expect(columnPath('done')).toBe('status/done/');
    expect(columnPath('done', 3)).toBe('status/done/3/');
  });

  it('a project colour rule matches its chip even when the id makes a hashed slug with a ~', () => {
    const project = { id: 'Offline Mode', color: '#123456' };
    const { document } = new JSDOM(`<style>${projectColoursCss([project])}</style><a class="${projectColourClass(project)}">x</a>`).window;
    const rule = document.styleSheets[0]!.cssRules[0] as CSSStyleRule;
    expect(projectColourClass(project)).toContain('~');
    expect(document.querySelector('a')!.matches(rule.selectorText)).toBe(true);
  });

  it('the data stylesheet puts the accent first and the owner CSS last', () => {
    const css = themeCss({ colorScheme: 'auto', accent: '#ABCDEF' }, '.project-a{--project-colour:#123456}', 'body{margin:0}');
    expect(css.indexOf(':root{--accent-ui:light-dark(')).toBe(0);
    expect(css.trim().endsWith('body{margin:0}')).toBe(true);
  });
});

describe('the changelog on launch day', () => {
  it('lists what shipped before the history in title order, numbers by value, after the dated entries, which keep their order', () => {
    const entry = (id: string, atLeast: boolean, at = '2026-11-24T00:00:00.000Z') => ({ kind: 'issue' as const, id, at, atLeast });
    const titles: Record<string, string> = { a: 'Step 10', b: 'Step 6', c: 'step 7', d: 'Dated', e: 'Älter' };
    const view = { issues: Object.entries(titles).map(([id, title]) => ({ id, title })), projects: [] } as unknown as Parameters<typeof inTitleOrderBeforeHistory>[1];
    const ordered = inTitleOrderBeforeHistory([entry('d', false, '2026-11-25T00:00:00.000Z'), entry('a', true), entry('b', true), entry('c', true), entry('e', true)], view, 'en');
    expect(ordered.map((e) => titles[e.id])).toEqual(['Dated', 'Älter', 'Step 6', 'step 7', 'Step 10']);
  });
});
