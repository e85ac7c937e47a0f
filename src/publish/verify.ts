/** Checks a freshly built site before it may replace the live one. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ColumnConfig } from '../config/roadmap-config.ts';
import { RoadmapError } from '../shared/errors.ts';
import { shownColumns } from '../shown/columns.ts';
import { issuePath, ISSUES_DIR, pageSlug, projectPath } from '../view/paths.ts';
import { quotedList } from '../shared/text.ts';
import type { Snapshot } from '../snapshot/snapshot-file.ts';
import type { History } from '../history/schema.ts';

export class VerifyError extends RoadmapError {
  override name = 'VerifyError';
}

/** The pages a build must have made: by id, the issues shown and those the history says left (a tombstone each), and the projects. */
export interface ExpectedPages {
  issues: string[];
  leftIssues: string[];
  projects: string[];
  leftProjects: string[];
}

/**
 * The pages a build of `snapshot` must make. Issues of hidden columns have no page; what the history says left the
 * site has a tombstone at its URL.
 */
export function expectedPages(snapshot: Snapshot, columns: readonly ColumnConfig[], history?: History): ExpectedPages {
  return {
    issues: shownColumns(snapshot.issues, columns).flatMap((column) => column.issues.map((issue) => issue.id)),
    leftIssues: [...(history?.left.issues.keys() ?? [])],
    projects: snapshot.projects.map((project) => project.id),
    leftProjects: [...(history?.left.projects.keys() ?? [])],
  };
}

/**
 * Throws a `VerifyError` naming the first thing missing from `outDir`. A roadmap mounted in a site of its own has its
 * pages in the `prefix` folder, and the 404 page is that site's.
 */
export function verifyPages(siteDir: string, expected: ExpectedPages, prefix?: string): void {
  const { issues, leftIssues: tombstones } = expected;
  const outDir = join(siteDir, prefix ?? '');
  const need = (path: string, dir = outDir) => {
    const file = join(dir, path);
    if (!existsSync(file) || statSync(file).size === 0) throw new VerifyError(`The build is incomplete: ${join(prefix ?? '', path)} is missing or empty.`);
  };
  need('index.html');
  if (!prefix) need('404.html');
  need('_headers', siteDir);
  for (const id of issues) need(`${issuePath(id)}index.html`);
  for (const id of expected.projects) need(`${projectPath(id)}index.html`);
  for (const id of tombstones) need(`${issuePath(id)}index.html`);
  for (const id of expected.leftProjects) need(`${projectPath(id)}index.html`);
  const folders = existsSync(join(outDir, ISSUES_DIR)) ? readdirSync(join(outDir, ISSUES_DIR)) : [];
  if (folders.length !== issues.length + tombstones.length) {
    const expectedFolders = new Set([...issues, ...tombstones].map(pageSlug));
    const extra = folders.filter((folder) => !expectedFolders.has(folder));
    throw new VerifyError(
      `The build has ${folders.length} issue pages but the snapshot has ${issues.length} shown issues and the history ${tombstones.length} that left` +
        (extra.length ? `; pages of no such issue: ${quotedList(extra)}.` : '; two issues share a page.'),
    );
  }
}
