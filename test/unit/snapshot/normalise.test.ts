import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSnapshot, readSnapshotFile, writeSnapshotFile } from '../../../src/snapshot/snapshot-file.ts';
import { ApiIssueListSchema, ApiProjectSchema, type ApiProjectInput } from '../../../src/portal/api-schemas.ts';
import { normaliseIssues, normaliseProjects, progressScale, scaleProgress } from '../../../src/snapshot/normalise.ts';
import { hexColour, httpUrl } from '../../../src/shared/values.ts';

const issues = ApiIssueListSchema.parse(JSON.parse(readFileSync(new URL('../../fixtures/issues-response.json', import.meta.url), 'utf8')));
const projects = (...inputs: ApiProjectInput[]) => normaliseProjects(inputs.map((p) => ApiProjectSchema.parse(p)));

describe('normaliseIssues', () => {
  const result = normaliseIssues(issues, new Set(['prj-1']));

  it('drops hidden and deleted issues', () => {
    expect(result.map((i) => i.id)).toEqual(['iss-1', 'iss-2']);
    expect(JSON.stringify(result)).not.toMatch(/HIDDEN-MARKER|DELETED-MARKER/);
  });

  it('keeps only the allow-listed fields, tracker ones under `tracker` for the privacy gate', () => {
    expect(Object.keys(result[0]!).sort()).toEqual(
      [
        'createdAt',
        'description',
        'id',
        'identifier',
        'importanceScore',
        'priority',
        'projectId',
        'sortOrder',
        'status',
        'summary',
        'team',
        'title',
        'tracker',
        'updatedAt',
        'upvotes',
        'url',
      ].sort(),
    );
    expect(Object.keys(result[0]!.tracker!).sort()).toEqual(['ticketId', 'version', 'workspaceId']);
  });

  it('fills sensible values for nulls', () => {
    expect(result[1]).toMatchObject({ title: '2', identifier: '2', team: 'Mobile', upvotes: 0, summary: [], updatedAt: null, url: null, description: null });
  });

  it('removes blank summary lines and keeps markdown as written', () => {
    expect(result[0]?.summary).toEqual(['Exports to CSV', 'Runs nightly']);
    expect(result[0]?.description).toBe('## Why\n\nExport **everything**.');
  });

  it('clears a project id that no published project has', () => {
    expect(normaliseIssues(issues, new Set())[0]?.projectId).toBeNull();
  });

  it('sorts by id, so the same data always normalises the same', () => {
    expect(normaliseIssues([...issues].reverse(), new Set(['prj-1']))).toEqual(result);
  });
});

describe('progress scale', () => {
  it('reads a workspace whose values all lie in 0–1 as fractions', () => {
    expect(projects({ id: 'a', progress: 0.25 }, { id: 'b', progress: 1 }).map((p) => p.progress)).toEqual([25, 100]);
  });

  it('reads a workspace with any value above 1 as percentages', () => {
    expect(projects({ id: 'a', progress: 1 }, { id: 'b', progress: 60 }).map((p) => p.progress)).toEqual([1, 60]);
  });

  it('clamps to 0–100 and treats missing or non-finite values as 0', () => {
    expect(scaleProgress(140, 'percent')).toBe(100);
    expect(scaleProgress(-5, 'percent')).toBe(0);
    expect(scaleProgress(null, 'fraction')).toBe(0);
    expect(scaleProgress(Number.NaN, 'percent')).toBe(0);
    expect(scaleProgress(0.3333, 'fraction')).toBe(33.3);
  });

  it('ignores missing values when deciding the scale', () => {
    expect(progressScale([null, 0.5, undefined])).toBe('fraction');
    expect(progressScale([null, 50])).toBe('percent');
  });
});

describe('projects', () => {
  it('keeps a valid hex colour and drops anything else', () => {
    expect(hexColour('#0E7490')).toBe('#0e7490');
    expect(hexColour('#abc')).toBe('#abc');
    expect(hexColour('red')).toBeNull();
    expect(hexColour('#abc;background:url(x)')).toBeNull();
  });

  it('names an unnamed project and strips tracker fields', () => {
    const [project] = projects({ id: 'p', trackerProjectId: 'T', trackerTeamIds: ['x'] });
    expect(project).toMatchObject({ name: 'Untitled project', progress: 0, color: null });
    expect(project).not.toHaveProperty('trackerProjectId');
  });
});

describe('httpUrl', () => {
  it('keeps http(s) and refuses every other scheme', () => {
    expect(httpUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(httpUrl('javascript:alert(1)')).toBeNull();
    expect(httpUrl(' JAVASCRIPT:alert(1)')).toBeNull();
    expect(httpUrl('data:text/html,x')).toBeNull();
    expect(httpUrl('/relative')).toBeNull();
  });
});

describe('hostile text', () => {
  const bad = 'A\u0000B\u0001\u0008C\uFFFE\uFFFF\uD800D';
  const [issue] = normaliseIssues(
    ApiIssueListSchema.parse([
      {
        id: 'x',
        title: bad,
        description: `${bad}\n\n  indented`,
        summary: [bad, '\u0001'],
        status: bad,
        priority: bad,
        identifier: bad,
        team: { name: bad },
        workspaceId: bad,
        trackerTicketId: bad,
      },
    ]),
    new Set(),
  );

  it('strips the characters XML forbids from every text field on the way in', () => {
    expect(issue).toMatchObject({ title: 'ABCD', summary: ['ABCD'], status: 'ABCD', priority: 'ABCD', identifier: 'ABCD', team: 'ABCD', description: 'ABCD\n\n  indented' });
    expect(issue!.tracker).toMatchObject({ workspaceId: 'ABCD', ticketId: 'ABCD' });
    const [project] = projects({ id: 'p', name: bad, description: bad, state: bad, icon: bad });
    expect(project).toMatchObject({ name: 'ABCD', description: 'ABCD', state: 'ABCD', icon: 'ABCD' });
  });

  it('strips them from ids too: ids that then agree are one id, with a warning naming both as sent', () => {
    const warnings: string[] = [];
    const issues = normaliseIssues(
      ApiIssueListSchema.parse([{ id: 'a\u0001b', projectId: 'p\uD800' }, { id: 'lone\uD800', title: 'first' }, { id: 'lone\uD801', title: 'second' }, { id: '\u0001' }]),
      new Set(['p']),
      (m) => warnings.push(m),
    );
    expect(issues.map((i) => [i.id, i.title, i.projectId])).toEqual([
      ['ab', 'Untitled', 'p'],
      ['lone', 'first', null],
    ]);
    expect(warnings).toEqual([
      '1 issue id(s) came more than once; the first of each is kept: "lone\\ud800" and "lone\\ud801" (both "lone")',
      '1 issue(s) have an id made only of characters XML forbids and are left out: "\\u0001"',
    ]);
  });
});

describe('dates', () => {
  const date = (value: string) => normaliseIssues(ApiIssueListSchema.parse([{ id: 'x', createdAt: value }]), new Set())[0]!.createdAt;

  it('reads ISO 8601 date-times, with a zone, an offset, or none (UTC), and bare dates', () => {
    expect(date('2026-03-12T09:30:00Z')).toBe('2026-03-12T09:30:00.000Z');
    expect(date('2026-03-12T09:30:00.123456+02:00')).toBe('2026-03-12T07:30:00.123Z');
    expect(date('2026-03-12T09:30')).toBe('2026-03-12T09:30:00.000Z');
    expect(date('2026-03-12')).toBe('2026-03-12T00:00:00.000Z');
  });

  it('leaves out what is not one, instead of guessing: "1" is not 2001', () => {
    for (const value of ['1', '2026', 'March 12, 2026', '12/03/2026', '2026-02-30', '2026-03-12T25:00Z', '2026-03-12T09:30:00+25:00', 'now']) {
      expect(date(value), value).toBeNull();
    }
  });

  it('leaves out dates past year 9999, also once the offset is applied', () => {
    expect(date('+010000-01-01T00:00:00Z')).toBeNull();
    expect(date('9999-12-31T23:59:59-14:00')).toBeNull();
    expect(date('9999-12-31T23:59:59Z')).toBe('9999-12-31T23:59:59.000Z');
  });

  it('names the entries whose dates were left out', () => {
    const warnings: string[] = [];
    normaliseIssues(ApiIssueListSchema.parse([{ id: 'x', createdAt: '1', updatedAt: '2026-01-01T00:00:00Z' }]), new Set(), (m) => warnings.push(m));
    normaliseProjects([ApiProjectSchema.parse({ id: 'p', createdAt: '+010000-01-01T00:00:00Z' })], (m) => warnings.push(m));
    expect(warnings).toEqual([
      '1 date(s) are not ISO 8601 date-times within years 0000–9999 and are left out: issue "x" createdAt "1"',
      '1 date(s) are not ISO 8601 date-times within years 0000–9999 and are left out: project "p" createdAt "+010000-01-01T00:00:00Z"',
    ]);
  });
});

describe('repeated ids', () => {
  it('keeps the first issue and the first project of an id, naming the id', () => {
    const warnings: string[] = [];
    const issues = normaliseIssues(
      ApiIssueListSchema.parse([
        { id: 'a', title: 'first' },
        { id: 'a', title: 'second' },
      ]),
      new Set(),
      (m) => warnings.push(m),
    );
    const projectList = normaliseProjects([ApiProjectSchema.parse({ id: 'p', name: 'first' }), ApiProjectSchema.parse({ id: 'p', name: 'second' })], (m) => warnings.push(m));
    expect(issues.map((i) => i.title)).toEqual(['first']);
    expect(projectList.map((p) => p.name)).toEqual(['first']);
    expect(warnings).toEqual(['1 issue id(s) came more than once; the first of each is kept: "a"', '1 project id(s) came more than once; the first of each is kept: "p"']);
  });

  it('publishes no copy of an id that any copy hides', () => {
    const issues = normaliseIssues(
      ApiIssueListSchema.parse([
        { id: 'a', title: 'shown' },
        { id: 'a', title: 'hidden', isVisible: false },
      ]),
      new Set(),
    );
    expect(issues).toEqual([]);
  });
});

describe('a snapshot from hostile data', () => {
  it('is always one the snapshot reader accepts: fetch and build agree', async () => {
    const raw = ApiIssueListSchema.parse([
      { id: 'a', createdAt: '+010000-01-01T00:00:00Z', updatedAt: '1', title: 'x\u0000', upvotes: 1e308, sortOrder: -1e308, url: 'https://x.example/\u0001' },
    ]);
    const snapshot = createSnapshot(
      { issues: raw, projects: [ApiProjectSchema.parse({ id: 'p', createdAt: '9999-12-31T23:59:59-14:00', progress: 1e308 })], missingProjectIds: [] },
      { kind: 'demo' },
      new Date('2026-01-01T00:00:00Z'),
    );
    const file = join(mkdtempSync(join(tmpdir(), 'snapshot-')), 'snapshot.json');
    await writeSnapshotFile(file, snapshot);
    expect(await readSnapshotFile(file)).toEqual(snapshot);
  });

  it('is refused before it is written when it would not be readable', async () => {
    const snapshot = createSnapshot({ issues: [], projects: [], missingProjectIds: [] }, { kind: 'demo' }, new Date('2026-01-01T00:00:00Z'));
    const file = join(mkdtempSync(join(tmpdir(), 'snapshot-')), 'snapshot.json');
    const broken = { ...snapshot, fetchedAt: '+010000-01-01T00:00:00.000Z' };
    await expect(writeSnapshotFile(file, broken)).rejects.toThrow(/would not be readable, so it was not written:\n.*fetchedAt/);
    expect(existsSync(file)).toBe(false);
  });
});

describe('upvote counts', () => {
  it('are whole numbers from 0 to a billion, each one changed named in a warning', () => {
    const base = issues[0]!;
    const warnings: string[] = [];
    const odd = [0.5, 2 ** 60, -3, Number.NaN].map((upvotes, index) => ({ ...base, id: `odd-${index}`, upvotes }));
    const normalised = normaliseIssues([...odd, { ...base, id: 'fine', upvotes: 12 }], new Set(), (message) => warnings.push(message));
    expect(normalised.map((issue) => [issue.id, issue.upvotes])).toEqual([
      ['fine', 12],
      ['odd-0', 1],
      ['odd-1', 1_000_000_000],
      ['odd-2', 0],
      ['odd-3', 0],
    ]);
    expect(warnings).toEqual([
      `upvote count(s) that are not whole numbers from 0 to 1000000000 are shown rounded into that range: issue "odd-0" 0.5 → 1; issue "odd-1" ${2 ** 60} → 1000000000; issue "odd-2" -3 → 0; issue "odd-3" NaN → 0`,
    ]);
  });
});

describe('combining marks in a row', () => {
  const issue = (fields: Record<string, unknown>) => ApiIssueListSchema.parse([{ id: 'zalgo', title: 'x', status: 'Todo', isVisible: true, isDeleted: false, ...fields }])[0]!;
  const normalise = (fields: Record<string, unknown>) => {
    const warnings: string[] = [];
    return { issue: normaliseIssues([issue(fields)], new Set(), (warning) => warnings.push(warning))[0]!, warnings };
  };
  // Written out as code points, so what is tested does not hang on an editor's normalisation.
  const samples = {
    vietnamese: 'Ti\u00EA\u0301ng Vi\u00EA\u0323t', // two marks on a letter, decomposed: ế, ệ
    thai: '\u0E17\u0E35\u0E48\u0E19\u0E35\u0E49', // ที่นี้: a vowel and a tone mark above each consonant
    hebrew: '\u05D1\u05BC\u05B0\u05E8\u05B5\u05D0\u05E9\u05B4\u05C1\u05BC\u05D9\u05EA\u0591', // pointed, with a cantillation mark
    devanagari: '\u0915\u094D\u0937\u093F\u0924\u093F\u091C\u0902', // क्षितिजं: virama, vowel signs, anusvara
    arabic: '\u0645\u064F\u062D\u064E\u0645\u0651\u064E\u062F', // مُحَمَّد: shadda and fatha on one letter
    tibetan: '\u0F56\u0F66\u0F92\u0FB2\u0F74\u0F56\u0F0B', // a stack of subjoined letters and a vowel
  };

  it('keeps real text of every script whole, with no warning', () => {
    for (const [language, text] of Object.entries(samples)) {
      const { issue: result, warnings } = normalise({ title: text, summary: [text], description: text });
      expect([result.title, result.summary[0], result.description], language).toEqual([text, text, text]);
      expect(warnings, language).toEqual([]);
    }
  });

  it(`cuts a letter's pile of marks to eight, in every text field, and names the issue once`, () => {
    const pile = `Z${'\u0301\u0336'.repeat(2_500)}algo`;
    const { issue: result, warnings } = normalise({ title: pile, summary: [pile], description: pile, team: pile, status: pile });
    const cut = `Z${'\u0301\u0336'.repeat(4)}algo`;
    expect(result.title).toBe(cut);
    expect(result.summary).toEqual([cut]);
    expect(result.description).toBe(cut);
    expect(result.team).toBe(cut);
    expect(result.status).toBe(cut);
    expect(warnings).toEqual(['1 issue(s) have more than 8 combining marks in a row, which no line can break, in their text; each run is cut to 8: "zalgo"']);
  });

  it('cuts a project name the same way', () => {
    const warnings: string[] = [];
    const [project] = normaliseProjects([ApiProjectSchema.parse({ id: 'p', name: `P${'\u0300'.repeat(40)}` })], (warning) => warnings.push(warning));
    expect(project!.name).toBe(`P${'\u0300'.repeat(8)}`);
    expect(warnings).toHaveLength(1);
  });
});
