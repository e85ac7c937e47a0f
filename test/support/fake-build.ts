/** Stands in for `astro build` in rebuild tests that call `rebuild` itself: writes what ./fake-site.ts says. */
import { vi } from 'vitest';
import type { ColumnConfig } from '../../src/config/roadmap-config.ts';
import type { PageReuse } from '../../src/publish/rebuild.ts';
import { writeFakeSite } from './fake-site.ts';

export function fakeBuild(columns: readonly ColumnConfig[], options: { skipIssue?: boolean } = {}) {
  return vi.fn(async (snapshotFile: string, outDir: string, historyFile: string, _descriptionCacheFile?: string, pages?: PageReuse) =>
    writeFakeSite({ snapshotFile, outDir, historyFile, pages }, columns, options),
  );
}
