import { describe, expect, it } from 'vitest';
import { createDescriptionRenderer } from '../../src/content/render-budget.ts';

/**
 * A description the depth bound cannot see through: each `</p>` leaves its
 * `<b>` open for the parser to re-open in every later paragraph, so the DOM
 * grows with the square of the count (2,000 of them took 222 s unbounded).
 */
const reopenedFormatting = Array.from({ length: 2000 }, (_, i) => `<p><b a=${i}></p>`).join('');

describe('createDescriptionRenderer', () => {
  it('renders descriptions in a worker, and shows one that runs past its budget as plain text, then goes on', async () => {
    const renderer = createDescriptionRenderer({ budgetMs: 500 });
    try {
      expect(await renderer.render('**bold**')).toEqual({ html: '<p><strong>bold</strong></p>\n', limits: [] });
      const slow = await renderer.render(reopenedFormatting);
      expect(slow.fallback).toBe('rendering used more than 500 ms of CPU time');
      expect(slow.html.startsWith('<p>&lt;p&gt;&lt;b a=0&gt;&lt;/p&gt;')).toBe(true);
      // The stopped worker is replaced for the next description.
      expect(await renderer.render('*after*')).toEqual({ html: '<p><em>after</em></p>\n', limits: [] });
    } finally {
      await renderer.close();
    }
  }, 60_000);

  it('names the limits a description ran into, and renders blank input as nothing', async () => {
    const renderer = createDescriptionRenderer({ truncatedNote: 'Cut.' });
    try {
      const long = await renderer.render(`${'word '.repeat(25_000)}`);
      expect(long.limits).toEqual(['length']);
      expect(long.html.endsWith('<p><em>Cut.</em></p>\n')).toBe(true);
      expect(await renderer.render('  ')).toEqual({ html: '', limits: [] });
    } finally {
      await renderer.close();
    }
  }, 60_000);
});
