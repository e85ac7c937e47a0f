import { describe, expect, it } from 'vitest';
import { issuesInHiddenColumns } from '../../../src/shown/status-columns.ts';

describe('issuesInHiddenColumns', () => {
  const columns = [
    { id: 'planned', statuses: ['Planned'], hidden: false },
    { id: 'declined', statuses: ['Canceled', 'Duplicate'], hidden: true },
    { id: 'parked', statuses: ['Parked'], hidden: true },
  ];

  it('counts the issues of each hidden column that holds any, whatever the case or spacing of their status', () => {
    const issues = [{ status: 'Planned' }, { status: 'canceled' }, { status: ' Duplicate ' }, { status: 'Unlisted' }];
    expect(issuesInHiddenColumns(issues, columns)).toEqual([['declined', 2]]);
  });

  it('gives a status two columns list to the later one, as the board does', () => {
    const shownAgain = [...columns, { id: 'shown', statuses: ['Parked'], hidden: false }];
    expect(issuesInHiddenColumns([{ status: 'Parked' }], columns)).toEqual([['parked', 1]]);
    expect(issuesInHiddenColumns([{ status: 'Parked' }], shownAgain)).toEqual([]);
  });
});
