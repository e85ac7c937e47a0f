/** What a build reads its data from: a snapshot file, the live portal, or the bundled demo (src/config/source.ts decides which). */

/** Settings of the portal client that come from the environment. */
export interface PortalSettings {
  /** Root of the v1 API, `{base_url_v1}` (docs/portal-api.md, Versioning §1). */
  apiUrl: string;
  workspaceId: string;
  timeoutMs?: number;
  maxResponseBytes?: number;
  maxFetchBytes?: number;
  concurrency?: number;
  retry?: { deadlineMs: number };
}

export type DataSource = { kind: 'snapshot'; file: string } | { kind: 'api'; portal: PortalSettings; extraProjectIds: string[] } | { kind: 'demo'; file: string };

/** How logs name a source. */
export function describeSource(source: DataSource): string {
  switch (source.kind) {
    case 'snapshot':
      return `snapshot ${source.file}`;
    case 'api':
      return `portal ${source.portal.apiUrl} (workspace ${source.portal.workspaceId})`;
    case 'demo':
      return 'the bundled demo workspace';
  }
}
