import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiIssueListSchema, ApiProjectSchema, type ApiProjectInput } from '../../src/portal/api-schemas.ts';
import { normaliseIssues, normaliseProjects, progressScale, scaleProgress } from '../../src/snapshot/normalise.ts';
import { hexColour, httpUrl } from '../../src/shared/values.ts';

const issues = ApiIssueListSchema.parse(JSON.parse(readFileSync(new URL('../fixtures/issues-response.json', import.meta.url), 'utf8')));
const projects = (...inputs: ApiProjectInput[]) => normaliseProjects(inputs.map((p) => ApiProjectSchema.parse(p)));

describe('normaliseIssues', () => {
  const result = normaliseIssues(issues, new Set(['prj-1']));

  it('drops hidden and deleted issues', () => {
    expect(result.map((i) => i.id)).toEqual(['iss-1', 'iss-2']);
    expect(JSON.stringify(result)).not.toMatch(/HIDDEN-MARKER|DELETED-MARKER/);
  });

  it('keeps only the allow-listed fields, tracker ones under `tracker` for the privacy gate', () => {
    expect(Object.keys(result[0]!).sort()).toEqual(
      ['createdAt', 'description', 'id', 'identifier', 'importanceScore', 'priority', 'projectId', 'sortOrder', 'status', 'summary', 'team', 'title', 'tracker', 'updatedAt', 'upvotes', 'url'].sort(),
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
