import { describe, expect, it } from 'vitest';
import { columnNeighbours, issueShareDescription } from '../../../src/view/issue-page.ts';
import { uiFor } from '../../../src/i18n/labels.ts';

const EN = uiFor('en');
const DE = uiFor('de-DE');
const AR = uiFor('ar');

const column = [
  { id: 'a', title: 'First' },
  { id: 'b', title: 'Second' },
  { id: 'c', title: 'Third' },
];

describe('previous and next in the column', () => {
  it('gives the issues either side, in the column order', () => {
    expect(columnNeighbours(column, 'b')).toEqual({ previous: { id: 'a', title: 'First' }, next: { id: 'c', title: 'Third' } });
  });

  it('has no previous for the first issue and no next for the last', () => {
    expect(columnNeighbours(column, 'a')).toEqual({ previous: undefined, next: { id: 'b', title: 'Second' } });
    expect(columnNeighbours(column, 'c')).toEqual({ previous: { id: 'b', title: 'Second' }, next: undefined });
  });

  it('has neither for the only issue, or one not in the column', () => {
    expect(columnNeighbours([{ id: 'a' }], 'a')).toEqual({ previous: undefined, next: undefined });
    expect(columnNeighbours(column, 'zz')).toEqual({ previous: undefined, next: undefined });
  });

  it("answers from each column's own order, and for an id listed twice from its first place", () => {
    // Positions are kept per column list: a second list with the same ids in another order answers for itself.
    const reversed = [...column].reverse();
    expect(columnNeighbours(column, 'a').next?.id).toBe('b');
    expect(columnNeighbours(reversed, 'a')).toEqual({ previous: { id: 'b', title: 'Second' }, next: undefined });
    const twice = [{ id: 'a' }, { id: 'b' }, { id: 'a' }, { id: 'c' }];
    expect(columnNeighbours(twice, 'a')).toEqual({ previous: undefined, next: { id: 'b' } });
  });
});

describe('the link-preview description of an issue', () => {
  it('leads with the status and upvotes, then the summary', () => {
    expect(issueShareDescription({ status: 'Planned', upvotes: 49, summary: 'Works without a connection' }, EN)).toBe('Planned · 49 upvotes · Works without a connection');
  });

  it('says 1 upvote, groups thousands, and speaks the locale', () => {
    expect(issueShareDescription({ status: 'Planned', upvotes: 1, summary: undefined }, EN)).toBe('Planned · 1 upvote');
    expect(issueShareDescription({ status: 'Planned', upvotes: 0, summary: undefined }, EN)).toBe('Planned · 0 upvotes');
    expect(issueShareDescription({ status: 'Planned', upvotes: 12500, summary: undefined }, EN)).toBe('Planned · 12,500 upvotes');
    expect(issueShareDescription({ status: 'Geplant', upvotes: 1200, summary: undefined }, DE)).toBe('Geplant · 1.200 Stimmen');
    expect(issueShareDescription({ status: 'Geplant', upvotes: 1, summary: undefined }, DE)).toBe('Geplant · 1 Stimme');
    // Arabic has six plural forms; two upvotes is a word of its own.
    expect(issueShareDescription({ status: 'مخطَّط له', upvotes: 2, summary: undefined }, AR)).toBe('مخطَّط له · صوتان');
  });

  it('tells no count on a site that hides upvote counts', () => {
    expect(issueShareDescription({ status: 'Planned', upvotes: null, summary: 'Works without a connection' }, EN)).toBe('Planned · Works without a connection');
    expect(issueShareDescription({ status: 'Planned', upvotes: null, summary: undefined }, EN)).toBe('Planned');
  });

  it('leaves out an empty summary', () => {
    expect(issueShareDescription({ status: 'Shipped', upvotes: 3, summary: '  ' }, EN)).toBe('Shipped · 3 upvotes');
  });

  it('shortens a long summary at a word, within 200 characters, with an ellipsis', () => {
    const summary = `${'word '.repeat(60)}end`;
    const text = issueShareDescription({ status: 'In progress', upvotes: 7, summary }, EN);
    expect(text.startsWith('In progress · 7 upvotes · word word')).toBe(true);
    expect(text.endsWith('word…')).toBe(true);
    expect(Array.from(text).length).toBeLessThanOrEqual(200);
    expect(Array.from(text).length).toBeGreaterThan(190);
  });

  it('never splits an emoji', () => {
    const text = issueShareDescription({ status: 'Planned', upvotes: 2, summary: '🚀'.repeat(300) }, EN);
    expect(text).toBe(`Planned · 2 upvotes · ${'🚀'.repeat(200 - 'Planned · 2 upvotes · '.length - 1)}…`);
  });
});
