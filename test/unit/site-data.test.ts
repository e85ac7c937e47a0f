import { describe, expect, it } from 'vitest';
import { parseRoadmapConfig } from '../../src/config/roadmap-config.ts';
import { buildExport } from '../../src/site/export.ts';
import { feedItems, FEED_LIMIT } from '../../src/site/feed.ts';
import { EN } from '../../src/site/labels.ts';
import { columnPath, voteUrl } from '../../src/site/paths.ts';
import { jsonLdText } from '../../src/site/structured-data.ts';
import { themeCss } from '../../src/site/theme.ts';
import { projectColourClass, projectColoursCss } from '../../src/site/project-colours.ts';
import { JSDOM } from 'jsdom';
import { buildRoadmapView } from '../../src/site/view.ts';
import { loadDemoSnapshot } from '../../src/snapshot/load.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const config = parseRoadmapConfig({});
const view = buildRoadmapView(demo.issues, demo.projects, config, EN);
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
  const data = buildExport(view, { siteRoot: root, title: 'T', info: { fetchedAt: demo.fetchedAt, origin: 'demo', digest: demo.digest, issueCount: 0, projectCount: 0 }, descriptionHtml: () => '<p>x</p>' });

  it('holds the published issues with absolute page URLs under the base path', () => {
    expect(data.issues).toHaveLength(view.issues.length);
    expect(data.issues[0]?.url).toMatch(/^https:\/\/example\.com\/roadmap\/issues\/[\w-]+\/$/);
  });

  it('never carries a field outside its allow-list', () => {
    expect(Object.keys(data.issues[0]!).sort()).toEqual(
      ['column', 'createdAt', 'descriptionHtml', 'id', 'identifier', 'importanceScore', 'priority', 'projectId', 'status', 'summary', 'team', 'title', 'updatedAt', 'upvotes', 'url'],
    );
    expect(JSON.stringify(data)).not.toMatch(/tracker|workspaceId|isVisible|sortOrder/);
  });
});

describe('RSS items', () => {
  it('are newest first, at most the limit, and link into the site', () => {
    const items = feedItems(view, EN, root);
    expect(items.length).toBeLessThanOrEqual(FEED_LIMIT);
    const times = items.map((i) => (i.pubDate as Date).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items.every((i) => i.link?.startsWith(root))).toBe(true);
    expect(items.some((i) => i.title?.startsWith('Completed projects: Invoicing 2.0'))).toBe(true);
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
