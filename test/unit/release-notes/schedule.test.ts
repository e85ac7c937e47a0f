/** Notes on a schedule: what a build on a given day publishes, what its log says, and the day the rebuild sees arrive. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../src/config/env.ts';
import { resolveSettings } from '../../../src/config/settings.ts';
import { siteFingerprint } from '../../../src/fingerprint/fingerprint.ts';
import { buildDay } from '../../../src/config/build-day.ts';
import { scheduledLine, scheduleNotes, writtenNoteDate } from '../../../src/release-notes/schedule.ts';

const notes = [
  { slug: 'faster-sync', date: '2026-12-01' },
  { slug: 'offline', date: '2026-11-30' },
  { slug: 'faster-sync', date: '2026-12-01', lang: 'de' },
  { slug: 'dark-mode', date: '2026-12-05' },
];

describe('a note on a schedule', () => {
  it('is published by a build on its day or later, and by none before', () => {
    expect(scheduleNotes(notes, '2026-11-30').published.map((note) => note.slug)).toEqual(['offline']);
    expect(scheduleNotes(notes, '2026-12-01').published.map((note) => note.slug)).toEqual(['faster-sync', 'offline', 'faster-sync']);
    expect(scheduleNotes(notes, '2026-12-05').scheduled).toEqual([]);
  });

  it('is named in one line of the build log, once whatever its translations, soonest first', () => {
    expect(scheduledLine(scheduleNotes(notes, '2026-11-30').scheduled)).toBe('Scheduled: 2 release notes (faster-sync, 2026-12-01; dark-mode, 2026-12-05)');
    expect(scheduledLine(scheduleNotes(notes, '2026-12-01').scheduled)).toBe('Scheduled: 1 release note (dark-mode, 2026-12-05)');
    expect(scheduledLine([])).toBeUndefined();
  });

  it('waits by the build clock: ROADMAP_BUILD_DATE when set (checked), else today in UTC', () => {
    expect(buildDay(parseEnv({ ROADMAP_BUILD_DATE: '2026-12-01' }))).toBe('2026-12-01');
    expect(buildDay(parseEnv({}), new Date('2026-11-30T23:59:59Z'))).toBe('2026-11-30');
    expect(() => parseEnv({ ROADMAP_BUILD_DATE: 'tomorrow' })).toThrow(/ROADMAP_BUILD_DATE.*2026-12-01/);
    expect(() => parseEnv({ ROADMAP_BUILD_DATE: '2026-02-30' })).toThrow(/ROADMAP_BUILD_DATE/);
  });

  it('has its date read from its file as written, quoted or not', () => {
    expect(writtenNoteDate('---\ntitle: A\ndate: 2026-12-01\n---\nBody')).toBe('2026-12-01');
    expect(writtenNoteDate("---\ndate: '2026-12-01'\n---\n")).toBe('2026-12-01');
    expect(writtenNoteDate('No frontmatter\ndate: 2026-12-01')).toBeUndefined();
  });
});

describe("the rebuild's fingerprint of a scheduled note", () => {
  const project = () => {
    const root = mkdtempSync(join(tmpdir(), 'schedule-'));
    writeFileSync(join(root, 'roadmap.config.json'), JSON.stringify({ title: 'Acme', releaseNotes: { folder: 'notes' } }));
    mkdirSync(join(root, 'notes'));
    writeFileSync(join(root, 'notes/offline.md'), '---\ntitle: Offline\ndate: 2026-11-01\n---\nBody');
    return root;
  };
  const api = { PORTAL_API_URL: 'https://api.example.com/v1', PORTAL_WORKSPACE_ID: 'ws', ROADMAP_SITE: 'https://roadmap.example.com' };
  const fingerprintOn = (root: string, day: string) => siteFingerprint(resolveSettings(root, { ...api, ROADMAP_BUILD_DATE: day }), '1.0.0').siteSource;

  it("changes on the note's day, with no edit to any file, and not on the days before or after", () => {
    const root = project();
    writeFileSync(join(root, 'notes/faster-sync.md'), '---\ntitle: Faster sync\ndate: 2026-12-01\n---\nBody');
    expect(fingerprintOn(root, '2026-11-29')).toBe(fingerprintOn(root, '2026-11-30'));
    expect(fingerprintOn(root, '2026-12-01')).not.toBe(fingerprintOn(root, '2026-11-30'));
    expect(fingerprintOn(root, '2026-12-02')).toBe(fingerprintOn(root, '2026-12-01'));
  });

  it('is the same on every day for a site whose notes all have come', () => {
    const root = project();
    expect(fingerprintOn(root, '2026-12-01')).toBe(fingerprintOn(root, '2027-06-01'));
  });
});
