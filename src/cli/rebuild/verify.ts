/** Checks a freshly built site before it may replace the live one. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ColumnConfig } from '../../config/roadmap-config.ts';
import { RoadmapError } from '../../shared/errors.ts';
import { shownColumns } from '../../site/columns.ts';
import { issuePath, ISSUES_DIR, pageSlug, projectPath } from '../../site/paths.ts';
import { quotedList } from '../../shared/text.ts';
import type { Snapshot } from '../../snapshot/snapshot-file.ts';

export class VerifyError extends RoadmapError {
  override name = 'VerifyError';
}

/** Throws a `VerifyError` naming the first thing missing from `outDir`. Issues of hidden columns have no page. */
export function verifyBuild(outDir: string, snapshot: Snapshot, columns: readonly ColumnConfig[]): void {
  const issues = shownColumns(snapshot.issues, columns).flatMap((column) => column.issues);
  const need = (path: string) => {
    const file = join(outDir, path);
    if (!existsSync(file) || statSync(file).size === 0) throw new VerifyError(`The build is incomplete: ${path} is missing or empty.`);
  };
  need('index.html');
  need('404.html');
  need('_headers');
  for (const issue of issues) need(`${issuePath(issue.id)}index.html`);
  for (const project of snapshot.projects) need(`${projectPath(project.id)}index.html`);
  const folders = existsSync(join(outDir, ISSUES_DIR)) ? readdirSync(join(outDir, ISSUES_DIR)) : [];
  if (folders.length !== issues.length) {
    const expected = new Set(issues.map((issue) => pageSlug(issue.id)));
    const extra = folders.filter((folder) => !expected.has(folder));
    throw new VerifyError(
      `The build has ${folders.length} issue pages but the snapshot has ${issues.length} shown issues` +
        (extra.length ? `; pages of no shown issue: ${quotedList(extra)}.` : '; two issues share a page.'),
    );
  }
}
