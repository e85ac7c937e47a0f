/**
 * What a stand-in for `astro build` writes in rebuild tests (./fake-build.ts in the test's process,
 * ./stand-in-astro.ts as a process of its own): the pages verifyBuild looks for, from the snapshot file it is given,
 * a tombstone page for each issue and project the history file says left the site, and the history itself as
 * `/history.json`, as the real site publishes it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ColumnConfig } from '../../src/config/roadmap-config.ts';
import { shownColumns } from '../../src/shown/columns.ts';
import { issuePath, projectPath } from '../../src/view/paths.ts';
import type { Snapshot } from '../../src/snapshot/snapshot-file.ts';
import type { PageReuse } from '../../src/publish/rebuild.ts';

export function writeFakeSite(
  input: { snapshotFile: string; outDir: string; historyFile: string; pages?: PageReuse | undefined },
  columns: readonly ColumnConfig[],
  options: { skipIssue?: boolean } = {},
): void {
  const { snapshotFile, outDir, historyFile, pages } = input;
  const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as Snapshot;
  const history = JSON.parse(readFileSync(historyFile, 'utf8')) as { left: { issues: Record<string, string>; projects: Record<string, string> } };
  const write = (path: string, text = 'page') => {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), text);
  };
  const issues = shownColumns(snapshot.issues, columns).flatMap((c) => c.issues);
  write('index.html', `board of ${issues.length}`);
  write('404.html');
  write('_headers', 'headers');
  issues.slice(options.skipIssue ? 1 : 0).forEach((i) => write(`${issuePath(i.id)}index.html`));
  snapshot.projects.forEach((p) => write(`${projectPath(p.id)}index.html`));
  Object.keys(history.left.issues).forEach((id) => write(`${issuePath(id)}index.html`, 'tombstone'));
  Object.keys(history.left.projects).forEach((id) => write(`${projectPath(id)}index.html`, 'tombstone'));
  write('history.json', readFileSync(historyFile, 'utf8'));
  // As the real build writes its page digests: here, what it built them from and whether it was handed the live site.
  if (pages) writeFileSync(pages.digestsFile, JSON.stringify({ digest: snapshot.digest, previousOutput: pages.previousOutput ?? null }));
}
