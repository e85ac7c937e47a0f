/**
 * The search records made from the data (src/search/search-records.ts): hostile text goes in as text, in the elements
 * and attributes Pagefind reads (the title as the `<h1>`, the status and team as filters, the upvotes as meta), and
 * the digest tells whether anything Pagefind would index changed. That the records make the very index the pages
 * made is checked on built fixtures (test/integration/search-records.test.ts).
 */
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { uiFor } from '../../../src/i18n/labels.ts';
import type { Issue, Project } from '../../../src/snapshot/model.ts';
import { inPathOrder, searchRecords, searchRecordsDigest, type SearchData } from '../../../src/search/search-records.ts';
import { PAYLOADS } from '../../support/hostile.ts';

const attack = PAYLOADS.join(' ');
const project: Project = {
  id: 'p1',
  name: `Project ${attack}`,
  description: null,
  icon: null,
  state: 'started',
  progress: 0.5,
  upvotes: 3,
  tracker: null,
} as unknown as Project;
const issue = (id: string, title: string, upvotes = 7): Issue =>
  ({
    id,
    identifier: null,
    title,
    description: null,
    summary: [`Summary ${attack}`],
    status: 'In Review',
    priority: null,
    team: `Team "${attack}`,
    projectId: 'p1',
    sortOrder: 0,
    upvotes,
    importanceScore: 0,
    createdAt: null,
    updatedAt: null,
    url: null,
    tracker: null,
  }) as unknown as Issue;

function data(issues: Issue[], { showUpvotes = true } = {}): SearchData {
  const ui = uiFor('en-US');
  return {
    issues,
    projects: [project],
    projectById: new Map([[project.id, project]]),
    columnByIssue: new Map(issues.map((one) => [one.id, { label: 'In progress' }])),
    descriptionHtml: (collection, id) => (collection === 'issues' && id === 'i1' ? '<p>Sanitised <strong>text</strong></p>' : ''),
    releaseNotes: [],
    labels: ui.labels,
    ui: { ...ui, showUpvotes },
    config: { locales: ['en-US'] },
  };
}

const article = (content: string) => parseHTML(content).document.querySelector('article')!;

describe('search records', () => {
  it('carry hostile text as text: the title in the h1, the team and status as filters, nothing that runs', () => {
    const [first, , projectRecord] = searchRecords(data([issue('i1', `Title ${attack}`), issue('i2', 'Second')]), undefined);
    expect(first!.sourcePath).toBe('issues/i1/index.html');
    const page = article(first!.content);
    expect(page.querySelector('h1')!.textContent).toBe(`Title ${attack}`);
    expect(page.getAttribute('data-team')).toBe(`Team "${attack}`);
    expect(page.getAttribute('data-status')).toBe('In progress');
    expect(page.getAttribute('data-pagefind-filter')).toBe('status[data-status], team[data-team]');
    expect(page.getAttribute('data-upvotes')).toBe('7');
    expect(page.textContent).toContain(`Summary ${attack}`);
    expect(page.textContent).toContain(`Project: Project ${attack}`);
    // The only elements are the record's own and the sanitised description's.
    expect(new Set([...page.querySelectorAll('*')].map((element) => element.tagName.toLowerCase()))).toEqual(new Set(['h1', 'bdi', 'p', 'span', 'ul', 'li', 'div', 'strong']));
    expect(projectRecord!.sourcePath).toBe('projects/p1/index.html');
    expect(article(projectRecord!.content).querySelector('h1')!.textContent).toBe(`Project ${attack}`);
  });

  it('leave upvotes out where the pages hide them, and put a language’s records in its folder', () => {
    const [record] = searchRecords(data([issue('i1', 'One')], { showUpvotes: false }), 'de');
    expect(record!.sourcePath).toBe('de/issues/i1/index.html');
    expect(article(record!.content).hasAttribute('data-upvotes')).toBe(false);
    expect(article(record!.content).getAttribute('data-pagefind-meta')).toBe('status[data-status]');
  });

  it('have one digest for the same records in any order, another when a title changes', () => {
    const records = searchRecords(data([issue('i1', 'One'), issue('i2', 'Two'), issue('i3', 'Three')]), undefined);
    const digest = searchRecordsDigest(inPathOrder(records), { maxFragments: 1000 });
    expect(searchRecordsDigest(inPathOrder([...records].reverse()), { maxFragments: 1000 })).toBe(digest);
    expect(searchRecordsDigest(inPathOrder(searchRecords(data([issue('i1', 'One'), issue('i2', 'Two!'), issue('i3', 'Three')]), undefined)), { maxFragments: 1000 })).not.toBe(
      digest,
    );
    expect(searchRecordsDigest(inPathOrder(records), { maxFragments: 500 })).not.toBe(digest);
  });
});
