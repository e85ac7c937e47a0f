/** What the pages put around the history: step labels, labels split around a <time>, the sparkline, the Atom feed, the tombstone mark. */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { atomFeed } from '../../../src/feeds/atom.ts';
import { aroundDate, sparklinePoints, timelineLabel } from '../../../src/view/history-text.ts';
import { EN } from '../../../src/i18n/labels.ts';

describe('timeline labels', () => {
  it('say "since at least" only for what the history began with, never "moved" for it', () => {
    expect(timelineLabel({ kind: 'seen', atLeast: true })).toBe('timelineSeenAtLeast');
    expect(timelineLabel({ kind: 'seen', atLeast: false })).toBe('timelineSeen');
    expect(timelineLabel({ kind: 'moved', atLeast: false })).toBe('timelineMoved');
    expect(timelineLabel({ kind: 'back', atLeast: false })).toBe('timelineBack');
    expect(EN.timelineSeenAtLeast).toBe('In “{column}” since at least {date}');
  });

  it('split around {date}, the other placeholders filled', () => {
    expect(aroundDate(EN.timelineMoved, { column: 'Shipped' })).toEqual(['Moved to “Shipped” on ', '']);
    expect(aroundDate('Added to the roadmap on {date}: {column}', { column: 'Planned' })).toEqual(['Added to the roadmap on ', ': Planned']);
    expect(aroundDate('no date here', {})).toEqual(['no date here', '']);
  });
});

describe('the sparkline', () => {
  it('maps days across and counts up the box, within the padding', () => {
    const points = sparklinePoints(
      {
        days: 90,
        min: 10,
        max: 30,
        points: [
          { day: 0, count: 10 },
          { day: 45, count: 10 },
          { day: 45, count: 30 },
          { day: 90, count: 30 },
        ],
      },
      92,
      24,
      1,
    );
    expect(points).toBe('1,23 46,23 46,1 91,1');
  });

  it('draws a flat trend across the middle', () => {
    expect(
      sparklinePoints(
        {
          days: 90,
          min: 5,
          max: 5,
          points: [
            { day: 30, count: 5 },
            { day: 90, count: 5 },
          ],
        },
        92,
        24,
        1,
      ),
    ).toBe('31,12 91,12');
  });
});

describe('an issue Atom feed', () => {
  const xml = atomFeed({
    url: 'https://r.test/issues/a/feed.xml',
    pageUrl: 'https://r.test/issues/a/',
    title: 'Fix <script> & "quotes": status changes',
    author: 'Roadmap',
    updated: '2026-11-10T09:00:00.000Z',
    entries: [
      {
        id: 'https://r.test/issues/a/#event-moved-x',
        link: 'https://r.test/issues/a/#event-moved-x',
        title: 'Moved to Shipped on November 10, 2026',
        updated: '2026-11-10T09:00:00.000Z',
      },
      {
        id: 'https://r.test/issues/a/#event-seen-y',
        link: 'https://r.test/issues/a/#event-seen-y',
        title: 'Planned since at least November 1, 2026',
        updated: '2026-11-01T09:00:00.000Z',
      },
    ],
  });
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;

  it('parses as Atom with the feed id, self link, author and one entry per step', () => {
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    expect(doc.querySelector('feed > id')?.textContent).toBe('https://r.test/issues/a/feed.xml');
    expect(doc.querySelector('feed > link[rel="self"]')?.getAttribute('href')).toBe('https://r.test/issues/a/feed.xml');
    expect(doc.querySelector('feed > author > name')?.textContent).toBe('Roadmap');
    expect([...doc.querySelectorAll('entry > id')].map((e) => e.textContent)).toEqual(['https://r.test/issues/a/#event-moved-x', 'https://r.test/issues/a/#event-seen-y']);
  });

  it('escapes text from the portal', () => {
    expect(doc.querySelector('feed > title')?.textContent).toBe('Fix <script> & "quotes": status changes');
    expect(xml).not.toContain('<script>');
  });
});
