/** Whose published history `portal-roadmap rebuild` continues: the live site's, which the demo has none of. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveSite } from '../../../src/cli/rebuild-action.ts';
import { resolveSettings } from '../../../src/config/settings.ts';

const API = { PORTAL_API_URL: 'https://api.example.com/v1', PORTAL_WORKSPACE_ID: 'ws' };

function project(config?: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'rebuild-action-'));
  if (config) writeFileSync(join(dir, 'roadmap.config.json'), JSON.stringify(config));
  return dir;
}

describe('the live site a rebuild reads its history from', () => {
  it("is a workspace's site, from ROADMAP_SITE or the config, with its base path", () => {
    expect(liveSite(resolveSettings(project(), { ...API, ROADMAP_SITE: 'https://acme.github.io/roadmap' }))).toBe('https://acme.github.io/roadmap/');
    expect(liveSite(resolveSettings(project({ site: 'https://roadmap.acme.dev' }), API))).toBe('https://roadmap.acme.dev/');
  });

  it('is none for the demo, even at an example address that no DNS answers for: its rebuild starts a new history', () => {
    expect(liveSite(resolveSettings(project(), { ROADMAP_SITE: 'https://roadmap.example.com' }))).toBeUndefined();
    expect(liveSite(resolveSettings(project(), {}))).toBeUndefined();
  });
});
