/** The shipDates file: read and checked, and its dates merged into the changelog where the history has none. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { MAX_SHIP_DATES, readShipDates } from '../../../src/config/ship-dates.ts';
import type { ChangelogEntry } from '../../../src/history/timeline.ts';
import { unusedShipDatesWarning, withShipDates } from '../../../src/view/roadmap-view.ts';
import type { Issue } from '../../../src/snapshot/model.ts';
import { configErrorMessage } from '../../support/config-error.ts';

const dir = mkdtempSync(join(tmpdir(), 'ship-dates-'));
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return join(dir, name);
};

describe('readShipDates', () => {
  it('reads days as UTC midnight and date-times as the moment they name', () => {
    const read = readShipDates(file('ok.json', JSON.stringify({ 'FN-12': '2025-03-14', 'iss-7': '2025-03-14T09:30:00+02:00' })), 'roadmap.config.json');
    expect(read).toEqual({ 'FN-12': '2025-03-14T00:00:00.000Z', 'iss-7': '2025-03-14T07:30:00.000Z' });
  });

  it('names the file, the entry and the fix, echoing the value, for a date that does not exist or is not a date', () => {
    for (const value of ['2025-02-30', '14.03.2025', '2025-3-14', 'soon', '2025-03-14T09:30']) {
      const message = configErrorMessage(() => readShipDates(file('bad.json', JSON.stringify({ 'FN-12': value })), 'roadmap.config.json'));
      expect(message, value).toContain(join(dir, 'bad.json'));
      expect(message, value).toContain('FN-12');
      expect(message, value).toContain(JSON.stringify(value));
      expect(message, value).toContain('use a date such as "2025-03-14"');
      expect(message, value).toContain('remove "shipDates" from roadmap.config.json');
    }
  });

  it('refuses what is not an object of dates, bad JSON, too many entries and a file too large', () => {
    expect(configErrorMessage(() => readShipDates(file('list.json', '["2025-03-14"]'), 'c.json'))).toContain('Invalid');
    expect(configErrorMessage(() => readShipDates(file('broken.json', '{"FN-1": '), 'c.json'))).toContain('is not valid JSON');
    const many = Object.fromEntries(Array.from({ length: MAX_SHIP_DATES + 1 }, (_, i) => [`FN-${i}`, '2025-01-01']));
    expect(configErrorMessage(() => readShipDates(file('many.json', JSON.stringify(many)), 'c.json'))).toContain('list at most 10,000 issues');
    expect(configErrorMessage(() => readShipDates(file('huge.json', `{"a": "2025-01-01", "pad": "${'x'.repeat(1024 * 1024)}"}`), 'c.json'))).toContain(
      'more than the 1,048,576 read',
    );
  });

  it('is a file inside the project, as the config says', () => {
    file('roadmap.config.json', JSON.stringify({ shipDates: '../elsewhere.json' }));
    expect(configErrorMessage(() => loadRoadmapConfig(dir))).toMatch(
      /shipDates: .* (does not exist|is outside the project root)\. Give the path of a JSON file inside the project/,
    );
  });
});

describe('withShipDates', () => {
  const issue = (id: string, identifier: string | null): Issue => ({ id, identifier, title: id }) as Issue;
  const issues = [issue('a', 'FN-1'), issue('b', 'FN-2'), issue('c', 'FN-3'), issue('d', null), issue('e', 'FN-5')];
  // What the history knows: c moved to Shipped on 2026-10-02; a, b and d were already shipped when it began on 2026-09-01.
  const START = '2026-09-01T00:00:00.000Z';
  const changelog: ChangelogEntry[] = [
    { kind: 'issue', id: 'c', at: '2026-10-02T08:00:00.000Z', atLeast: false },
    { kind: 'issue', id: 'a', at: START, atLeast: true },
    { kind: 'issue', id: 'b', at: START, atLeast: true },
    { kind: 'issue', id: 'd', at: START, atLeast: true },
  ];

  it('dates what shipped before the history, by identifier or id, among the dated entries newest first; the rest stays "before"', () => {
    const { entries, unused } = withShipDates(changelog, issues, { 'FN-1': '2025-03-14T00:00:00.000Z', d: '2026-05-01T00:00:00.000Z' });
    expect(entries.map((entry) => [entry.id, entry.at.slice(0, 10), entry.atLeast])).toEqual([
      ['c', '2026-10-02', false],
      ['d', '2026-05-01', false],
      ['a', '2025-03-14', false],
      ['b', '2026-09-01', true],
    ]);
    expect(unused).toEqual([]);
  });

  it("keeps the history's dates, and names what it could not use and why, once", () => {
    const { entries, unused } = withShipDates(changelog, issues, {
      'FN-3': '2025-01-01T00:00:00.000Z',
      'FN-5': '2025-01-01T00:00:00.000Z',
      'FN-9': '2025-01-01T00:00:00.000Z',
      'FN-2': '2026-09-15T00:00:00.000Z',
    });
    expect(entries).toEqual(changelog);
    expect(unused).toEqual([
      { key: 'FN-3', why: 'dated by the history' },
      { key: 'FN-5', why: 'not shipped' },
      { key: 'FN-9', why: 'no such issue' },
      { key: 'FN-2', why: 'after the history saw it shipped' },
    ]);
    expect(unusedShipDatesWarning(unused)).toBe(
      '4 entries of shipDates left unused: "FN-3" (dated by the history), "FN-5" (not shipped), "FN-9" (no such issue), "FN-2" (after the history saw it shipped). A date is used for a shipped issue on the site whose date the history does not know, and no later than the history\'s.',
    );
  });
});
