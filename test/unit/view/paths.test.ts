import { describe, expect, it } from 'vitest';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { recordRun, shownState } from '../../../src/history/record.ts';
import { EN } from '../../../src/i18n/labels.ts';
import { ApiIssueListSchema } from '../../../src/portal/api-schemas.ts';
import { normaliseIssues } from '../../../src/snapshot/normalise.ts';
import { buildRoadmapView } from '../../../src/view/roadmap-view.ts';
import { assertDistinctSlugs, issuePath, pageSlug, SlugCollisionError, teamSlugs, withBase } from '../../../src/view/paths.ts';
import { slugify } from '../../../src/shared/text.ts';

/** A path segment every file system takes: lowercase (case-insensitive ones), no separator, not `.` or `..`, short. */
const SAFE_SEGMENT = /^(?!\.{1,2}$)[a-z0-9_~-]{1,100}$/;

describe('pageSlug', () => {
  it('keeps lowercase URL-safe ids as they are, so existing URLs stay', () => {
    for (const id of ['d97b92bb-2f63-4f4f-a8eb-72df9a1e6e71', 'issue_12', '42']) expect(pageSlug(id)).toBe(id);
  });

  it('turns any other id into a safe slug with a hash of the exact id', () => {
    const ids = ['a/b', 'a b', 'a?b', '../etc', '.', '..', '', ' ', 'Ünïcode id', '<script>', 'Upper', 'con', 'x'.repeat(10_000)];
    const slugs = ids.map(pageSlug);
    for (const slug of slugs) expect(slug).toMatch(SAFE_SEGMENT);
    expect(new Set(slugs).size).toBe(ids.length);
    expect(pageSlug('a/b')).toBe(pageSlug('a/b'));
    expect(pageSlug('x'.repeat(10_000)).length).toBeLessThanOrEqual(65);
  });

  it('gives ids that differ only in case slugs that differ ignoring case', () => {
    const slugs = ['abc', 'ABC', 'Abc', 'aBc'].map((id) => pageSlug(id).toLowerCase());
    expect(new Set(slugs).size).toBe(4);
  });

  it('never gives one id the hashed slug of another', () => {
    const hashed = pageSlug('Upper');
    expect(hashed).toContain('~');
    expect(pageSlug(hashed)).not.toBe(hashed);
    // An id made only of hex digits cannot match a slug without a readable part either.
    const bare = pageSlug('***');
    expect(pageSlug(bare.replace(/^id~/, ''))).not.toBe(bare);
  });

  it('tells apart ids that differ only in a lone surrogate', () => {
    expect(pageSlug('a\uD800')).not.toBe(pageSlug('a\uD801'));
  });
});

describe('teamSlugs', () => {
  it('gives a readable slug where it is free, a hashed one otherwise, the same in every order', () => {
    const teams = ['Mobile apps', 'Web', 'web', '開発', 'con', 'Café Ops', `<script>alert(1)</script>`];
    const slugs = teamSlugs(teams);
    expect(slugs.get('Mobile apps')).toBe('mobile-apps');
    expect(slugs.get('Café Ops')).toBe('cafe-ops');
    // "Web" comes before "web" in code-unit order, so it has the readable slug.
    expect(slugs.get('Web')).toBe('web');
    expect(slugs.get('web')).toMatch(/^web~[0-9a-f]{16}$/);
    expect(slugs.get('開発')).toMatch(/^id~[0-9a-f]{16}$/);
    expect(slugs.get('con')).toMatch(/^con~[0-9a-f]{16}$/);
    expect(slugs.get(`<script>alert(1)</script>`)).toBe('script-alert-1-script');
    expect(new Set(slugs.values()).size).toBe(teams.length);
    expect([...slugs.values()].every((slug) => /^[a-z0-9~-]+$/.test(slug))).toBe(true);
    expect(teamSlugs([...teams].reverse())).toEqual(slugs);
  });
});

describe('team slugs, first come first served', () => {
  it('keeps a team its slug when a team of a similar name appears later: "WEB" never takes "web"\'s URL', () => {
    // "WEB" sorts before "web" in code-unit order; "web" came first.
    const firstSeen = new Map([
      ['web', '2026-01-01T00:00:00.000Z'],
      ['WEB', '2026-03-01T00:00:00.000Z'],
    ]);
    const slugs = teamSlugs(['WEB', 'web'], firstSeen);
    expect(slugs.get('web')).toBe('web');
    expect(slugs.get('WEB')).toMatch(/^web~[0-9a-f]{16}$/);
    // A team the history has not seen yet comes after every team it has.
    expect(teamSlugs(['WEB', 'web'], new Map([['web', '2026-01-01T00:00:00.000Z']])).get('web')).toBe('web');
    // Listed in code-unit order all the same.
    expect([...slugs.keys()]).toEqual(['WEB', 'web']);
  });

  it('follows the history in the roadmap view: the team whose issue it saw first keeps the slug', () => {
    const config = parseRoadmapConfig({});
    const raw = [
      { id: 'old', title: 'Old', status: 'Todo', team: 'web', updatedAt: '2026-01-01T00:00:00Z' },
      { id: 'new', title: 'New', status: 'Todo', team: 'WEB', updatedAt: '2026-01-02T00:00:00Z' },
    ];
    const issues = normaliseIssues(ApiIssueListSchema.parse(raw), new Set());
    const old = issues.find((issue) => issue.id === 'old')!;
    const history = recordRun(recordRun(undefined, shownState([old], [], config.columns), '2026-01-01T00:00:00Z'), shownState(issues, [], config.columns), '2026-01-02T00:00:00Z');
    const view = buildRoadmapView(issues, [], config, EN, history);
    expect(view.teamSlugs.get('web')).toBe('web');
    expect(view.teamSlugs.get('WEB')).toMatch(/^web~/);
  });
});

describe('assertDistinctSlugs', () => {
  it('passes distinct ids, and names both ids of a collision', () => {
    expect(() => assertDistinctSlugs('issue', ['a', 'A', 'b', 'a'])).not.toThrow();
    // A collision needs a 64-bit hash collision; a slug rule that collides shows the check at work.
    const collide = () => assertDistinctSlugs('project', ['First', 'Second'], () => 'same');
    expect(collide).toThrow(SlugCollisionError);
    expect(collide).toThrow('The project ids "First" and "Second" would both have the page same/.');
  });
});

describe('paths', () => {
  it('slugify folds accents and punctuation', () => {
    expect(slugify('  Beta — Testing! ')).toBe('beta-testing');
  });

  it('joins the base path', () => {
    expect(withBase('/', issuePath('x'))).toBe('/issues/x/');
    expect(withBase('/roadmap', issuePath('x'))).toBe('/roadmap/issues/x/');
    expect(withBase('/roadmap/', '/projects/y/')).toBe('/roadmap/projects/y/');
  });
});
