import { describe, expect, it } from 'vitest';
import { ApiIssueSchema, ApiProjectSchema } from '../../../src/portal/api-schemas.ts';
import { normaliseIssue, normaliseProject } from '../../../src/snapshot/normalise.ts';
import { publicIssue, publicProject } from '../../../src/shown/privacy.ts';

const rawIssue = ApiIssueSchema.parse({ id: 'i', title: 't', url: 'https://tracker.example.com/T-1', trackerTicketId: 'T-1', workspaceId: 'ws', version: 3 });
const rawProject = ApiProjectSchema.parse({ id: 'p', trackerProjectId: 77, trackerTeamIds: ['a', 5] });
const closed = { publishTrackerFields: false, publishIssueUrl: false, hideFields: [] };
const open = { publishTrackerFields: true, publishIssueUrl: true, hideFields: [] };

describe('tracker fields', () => {
  it('are normalised as text into the snapshot, whatever the privacy config', () => {
    expect(normaliseIssue(rawIssue, new Set()).tracker).toEqual({ ticketId: 'T-1', workspaceId: 'ws', version: 3 });
    expect(normaliseProject(rawProject, 'percent').tracker).toEqual({ projectId: '77', teamIds: ['a', '5'] });
  });
});

describe('publicIssue / publicProject', () => {
  const issue = normaliseIssue(rawIssue, new Set());
  const project = normaliseProject(rawProject, 'percent');

  it('strip tracker fields and the issue url by default, whatever the snapshot holds', () => {
    expect(publicIssue(issue, closed)).not.toHaveProperty('tracker');
    expect(publicIssue(issue, closed).url).toBeNull();
    expect(publicProject(project, closed)).not.toHaveProperty('tracker');
  });

  it('keep them when the config opts in', () => {
    expect(publicIssue(issue, open)).toMatchObject({ url: 'https://tracker.example.com/T-1', tracker: { ticketId: 'T-1' } });
    expect(publicProject(project, open).tracker?.projectId).toBe('77');
  });
});

describe('privacy.hideFields', () => {
  const issue = { ...normaliseIssue(rawIssue, new Set()), priority: 'Urgent', team: 'Mobile', createdAt: '2026-01-02T00:00:00.000Z', updatedAt: '2026-02-03T00:00:00.000Z' };

  it('empties each hidden field, as when the portal sends none, and keeps the others', () => {
    const shown = publicIssue(issue, { ...closed, hideFields: ['priority', 'updatedAt'] });
    expect(shown).toMatchObject({ priority: null, updatedAt: null, team: 'Mobile', createdAt: '2026-01-02T00:00:00.000Z', title: 't' });
    expect(publicIssue(issue, { ...closed, hideFields: ['team', 'createdAt'] })).toMatchObject({ team: null, createdAt: null, priority: 'Urgent' });
  });
});
