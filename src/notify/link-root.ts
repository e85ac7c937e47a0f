/**
 * Where `portal-roadmap notify` links its news: the address the state's last publish was made for, which the
 * rebuild records beside its fingerprint (src/fingerprint/fingerprint.ts `siteRoot`). The news is that publish's, so
 * its links lead there whatever notify's own variables say: its step needs the webhook variables only, and one
 * without the portal variables (which resolve to the bundled demo and its placeholder address) still links to the
 * team's site.
 *
 * A state written by an older version records no address: the settings' address is taken, but only when the
 * settings name the workspace whose history the state holds, the check a rebuild makes before it continues a
 * history (src/history/workspace.ts `historyOwner`). The demo's address for a real workspace's news, or a real
 * address for the demo's made-up news, is refused, naming the variables to set.
 */
import { join } from 'node:path';
import type { Settings } from '../config/settings.ts';
import { DEMO_DATA_FILE } from '../config/source.ts';
import { FINGERPRINT_FILE, readFingerprint } from '../fingerprint/fingerprint.ts';
import { HISTORY_FILE, readHistoryFile } from '../history/read.ts';
import { DEMO_WORKSPACE, historyOwner, workspaceOf } from '../history/workspace.ts';
import { ConfigError } from '../shared/errors.ts';
import { demoIds } from '../snapshot/load.ts';
import { readSnapshotFile } from '../snapshot/snapshot-file.ts';
import type { DataSource } from '../snapshot/source.ts';

export async function linkRoot(stateDir: string, settings: Pick<Settings, 'source' | 'siteRoot' | 'env' | 'ownSite'>, warn: (line: string) => void): Promise<string> {
  const recorded = await readFingerprint(join(stateDir, FINGERPRINT_FILE));
  if (recorded.kind === 'found' && recorded.siteRoot) {
    const given = settings.env.ROADMAP_SITE ? 'ROADMAP_SITE' : settings.ownSite !== undefined ? '"site"' : undefined;
    if (given && settings.siteRoot !== recorded.siteRoot) {
      warn(`warning: links lead to ${recorded.siteRoot}, where ${stateDir} was last published; ${given} gives ${settings.siteRoot}, which the next rebuild publishes at`);
    }
    return recorded.siteRoot;
  }
  const history = await readHistoryFile(join(stateDir, HISTORY_FILE), 'Run `portal-roadmap rebuild` first, with the same --state.');
  const owner = historyOwner(history, await workspaceOfSource(settings.source), await demoIds(DEMO_DATA_FILE));
  if (owner === 'this') return settings.siteRoot;
  const whose = owner === 'demo' ? "the bundled demo's made-up" : "another workspace's";
  const settingsSay = settings.source.kind === 'demo' ? 'name no portal (PORTAL_API_URL and PORTAL_WORKSPACE_ID are not set: the bundled demo)' : 'name another workspace';
  throw new ConfigError(
    `${stateDir} holds ${whose} news and records no address to link it to (a rebuild of an older version wrote it); the settings ${settingsSay}, ` +
      `so its links would lead to ${settings.siteRoot}. Nothing was posted. Set PORTAL_API_URL, PORTAL_WORKSPACE_ID and ROADMAP_SITE as the rebuild has them, ` +
      'or run `portal-roadmap rebuild` with this version once: it records the address.',
  );
}

/** The identity of the workspace the settings read (`workspaceOf`): a snapshot file's is the one it was read from. */
async function workspaceOfSource(source: DataSource): Promise<string> {
  if (source.kind === 'demo') return DEMO_WORKSPACE;
  if (source.kind === 'api') return workspaceOf({ kind: 'api', apiUrl: source.portal.apiUrl, workspaceId: source.portal.workspaceId });
  return workspaceOf((await readSnapshotFile(source.file)).origin);
}
