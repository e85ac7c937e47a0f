/**
 * The languages fixture's history: the demo's own (src/data/demo/history.json,
 * timelines since July, upvote trends, a changelog) with a last week added, so
 * that every history page has something to say in every language: one issue
 * of the in-progress column went back to planned and returned (two lines on
 * /changes/, a "started" item in the event feeds), and one issue and one
 * project left the site (a tombstone each, and "1 issue left" on /changes/).
 */
import { DEMO_HISTORY_FILE } from '../../src/config/source.ts';
import { readHistoryFile, writeHistoryFile } from '../../src/history/read.ts';

/** Ids that left the site in the last week: never ids of the demo (which are UUIDs). */
export const LEFT_ISSUE_ID = 'retired-idea';
export const LEFT_PROJECT_ID = 'retired-project';
export const WEEK_DATES = { movedAway: '2026-11-16T09:00:00.000Z', left: '2026-11-17T09:00:00.000Z', movedBack: '2026-11-18T09:00:00.000Z' };

export async function writeLanguagesHistory(file: string): Promise<void> {
  const history = await readHistoryFile(DEMO_HISTORY_FILE);
  // The first issue (by id) whose latest step is in progress; it ends the week where it was, as the demo's snapshot has it.
  const [, record] = [...history.issues].find(([, issue]) => issue.events.at(-1)!.column === 'in-progress')!;
  record.events.push({ at: WEEK_DATES.movedAway, kind: 'moved', column: 'planned' }, { at: WEEK_DATES.movedBack, kind: 'moved', column: 'in-progress' });
  history.left.issues.set(LEFT_ISSUE_ID, WEEK_DATES.left);
  history.left.projects.set(LEFT_PROJECT_ID, WEEK_DATES.left);
  await writeHistoryFile(file, history);
}
