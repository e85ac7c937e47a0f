import { describe, expect, it } from 'vitest';
import { columnNeighbours, issueShareDescription, upvoteCount } from '../../src/site/issue-page.ts';
import { DE, EN } from '../../src/site/labels.ts';

const column = [{ id: 'a', title: 'First' }, { id: 'b', title: 'Second' }, { id: 'c', title: 'Third' }];

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
});

describe('the link-preview description of an issue', () => {
  it('leads with the status and upvotes, then the summary', () => {
    expect(issueShareDescription({ status: 'Planned', upvotes: 49, summary: 'Works without a connection' }, EN, 'en')).toBe(
      'Planned · 49 upvotes · Works without a connection',
    );
  });

  it('says 1 upvote, groups thousands, and speaks the locale', () => {
    expect(upvoteCount(1, EN, 'en')).toBe('1 upvote');
    expect(upvoteCount(0, EN, 'en')).toBe('0 upvotes');
    expect(upvoteCount(12500, EN, 'en')).toBe('12,500 upvotes');
    expect(issueShareDescription({ status: 'Geplant', upvotes: 1200, summary: undefined }, DE, 'de-DE')).toBe('Geplant · 1.200 Stimmen');
    expect(upvoteCount(1, DE, 'de')).toBe('1 Stimme');
  });

  it('leaves out an empty summary', () => {
    expect(issueShareDescription({ status: 'Shipped', upvotes: 3, summary: '  ' }, EN, 'en')).toBe('Shipped · 3 upvotes');
  });

  it('shortens a long summary at a word, within 200 characters, with an ellipsis', () => {
    const summary = `${'word '.repeat(60)}end`;
    const text = issueShareDescription({ status: 'In progress', upvotes: 7, summary }, EN, 'en');
    expect(text.startsWith('In progress · 7 upvotes · word word')).toBe(true);
    expect(text.endsWith('word…')).toBe(true);
    expect(Array.from(text).length).toBeLessThanOrEqual(200);
    expect(Array.from(text).length).toBeGreaterThan(190);
  });

  it('never splits an emoji', () => {
    const text = issueShareDescription({ status: 'Planned', upvotes: 2, summary: '🚀'.repeat(300) }, EN, 'en');
    expect(text).toBe(`Planned · 2 upvotes · ${'🚀'.repeat(200 - 'Planned · 2 upvotes · '.length - 1)}…`);
  });
});
