import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiIssueListSchema, ApiProjectSchema } from '../../../src/portal/api-schemas.ts';
import { jsonPath } from '../../../src/shared/friendly-errors.ts';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8'));

describe('v1 issue schema', () => {
  it('accepts a full issue list response, strips fields the spec does not list', () => {
    const issues = ApiIssueListSchema.parse(fixture('issues-response.json'));
    expect(issues).toHaveLength(4);
    expect(issues[0]).toMatchObject({ id: 'iss-1', status: 'In Progress', upvotes: 12, summary: ['Exports to CSV', '  ', 'Runs nightly'] });
    expect(issues[0]).not.toHaveProperty('someFutureField');
  });

  it('accepts nulls and absent fields, numeric identifiers and a team object', () => {
    const [, second, hidden] = ApiIssueListSchema.parse(fixture('issues-response.json'));
    expect(second).toMatchObject({ id: 'iss-2', identifier: 2, title: null, team: { name: 'Mobile' }, upvotes: null });
    expect(hidden).toMatchObject({ id: 'iss-hidden', isVisible: false });
  });

  it('keeps unknown status and priority strings as they are', () => {
    const [issue] = ApiIssueListSchema.parse([{ id: 'a', status: 'Waiting for Godot', priority: 'P∞' }]);
    expect(issue).toMatchObject({ status: 'Waiting for Godot', priority: 'P∞' });
  });

  it('reads a numeric id as text', () => {
    expect(ApiIssueListSchema.parse([{ id: 42 }])[0]?.id).toBe('42');
  });

  it('fails with the JSON path when a number field holds text', () => {
    const result = ApiIssueListSchema.safeParse([{ id: 'a' }, { id: 'b', upvotes: '12' }]);
    expect(result.success).toBe(false);
    expect(jsonPath(result.error!.issues[0]!.path)).toBe('[1].upvotes');
  });

  it('fails when the list is an object rather than an array', () => {
    expect(ApiIssueListSchema.safeParse({ issues: [] }).success).toBe(false);
  });

  it('fails on an issue without an id', () => {
    const result = ApiIssueListSchema.safeParse([{ title: 'no id' }]);
    expect(jsonPath(result.error!.issues[0]!.path)).toBe('[0].id');
  });
});

describe('v1 project schema', () => {
  it('accepts a project response and strips unknown fields', () => {
    const project = ApiProjectSchema.parse(fixture('project-response.json'));
    expect(project).toMatchObject({ id: 'prj-1', name: 'Exports', progress: 0.4, state: 'started' });
    expect(project).not.toHaveProperty('extra');
  });

  it('rejects a progress that is not a number, naming the field', () => {
    const result = ApiProjectSchema.safeParse({ id: 'p', progress: '40%' });
    expect(jsonPath(result.error!.issues[0]!.path)).toBe('.progress');
  });
});
