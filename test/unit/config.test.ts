import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRoadmapConfig, parseRoadmapConfig } from '../../src/config/roadmap-config.ts';
import { ConfigError } from '../../src/shared/errors.ts';
import { parseEnv } from '../../src/config/env.ts';

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('roadmap config', () => {
  it('has working defaults', () => {
    const config = parseRoadmapConfig({});
    expect(config).toMatchObject({ base: '/', locale: 'en' });
    // Unset, so each language's site gets the title of its translation (src/site/i18n/*.json siteTitle).
    expect(config.title).toBeUndefined();
    expect(config.columns.map((c) => c.id)).toContain('in-progress');
  });

  it('rejects an unknown key, naming it', () => {
    expect(message(() => parseRoadmapConfig({ titel: 'x' }))).toMatch(/unknown key "titel"\. Remove it or fix the spelling/);
  });

  it('names the path of a bad nested value and the fix', () => {
    const text = message(() => parseRoadmapConfig({ columns: [{ id: 'In Progress', label: 'x', statuses: ['a'] }] }));
    expect(text).toContain('columns[0].id');
    expect(text).toContain('use lowercase letters, digits and single dashes');
  });

  it('refuses a status listed in two columns', () => {
    const text = message(() =>
      parseRoadmapConfig({ columns: [{ id: 'a', label: 'A', statuses: ['Done'] }, { id: 'b', label: 'B', statuses: ['done'] }] }),
    );
    expect(text).toMatch(/columns\[1\]\.statuses\[0\]: status "done" is already in column "a"/);
  });

  it('refuses a site that is not an absolute http(s) URL', () => {
    expect(message(() => parseRoadmapConfig({ site: 'roadmap.example.com' }))).toContain('site: use an absolute http(s) URL');
  });

  it('refuses an unknown label key and a bad locale', () => {
    expect(message(() => parseRoadmapConfig({ labels: { boardd: 'x' } }))).toContain('labels: unknown key "boardd"');
    expect(message(() => parseRoadmapConfig({ locale: 'not a locale' }))).toContain('locale: "not a locale" is not a BCP 47 language tag');
  });

  it('reads the file ROADMAP_CONFIG names, and reports bad JSON with the file name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'roadmap-config-'));
    writeFileSync(join(dir, 'ok.json'), JSON.stringify({ title: 'Acme roadmap' }));
    writeFileSync(join(dir, 'bad.json'), '{ "title": ');
    expect(loadRoadmapConfig(dir, 'ok.json').title).toBe('Acme roadmap');
    expect(message(() => loadRoadmapConfig(dir, 'bad.json'))).toContain('bad.json is not valid JSON');
    expect(message(() => loadRoadmapConfig(dir, 'missing.json'))).toContain('does not exist');
    expect(loadRoadmapConfig(dir).title).toBeUndefined();
  });
});

describe('environment', () => {
  it('treats empty variables as unset', () => {
    expect(parseEnv({ PORTAL_API_URL: '', PORTAL_WORKSPACE_ID: ' ' })).toEqual({});
  });

  it('needs both API variables, naming the missing one', () => {
    expect(message(() => parseEnv({ PORTAL_API_URL: 'https://api.example.com/v1' }))).toContain('PORTAL_WORKSPACE_ID: is not set, but PORTAL_API_URL is');
    expect(message(() => parseEnv({ PORTAL_WORKSPACE_ID: 'ws' }))).toContain('PORTAL_API_URL: is not set');
  });

  it('refuses a non-http API URL', () => {
    expect(message(() => parseEnv({ PORTAL_API_URL: 'ftp://x', PORTAL_WORKSPACE_ID: 'ws' }))).toContain('PORTAL_API_URL: must be the http(s) root');
  });

  it('splits and de-duplicates PORTAL_PROJECT_IDS', () => {
    expect(parseEnv({ PORTAL_PROJECT_IDS: ' a, b,,a ' }).PORTAL_PROJECT_IDS).toEqual(['a', 'b']);
  });

  it('bounds the timeout', () => {
    expect(parseEnv({ PORTAL_TIMEOUT_MS: '2500' }).PORTAL_TIMEOUT_MS).toBe(2500);
    expect(message(() => parseEnv({ PORTAL_TIMEOUT_MS: '5' }))).toContain('PORTAL_TIMEOUT_MS: must be at least 100');
  });
});

describe('privacy and embed config', () => {
  it('publishes nothing extra and allows no framing by default', () => {
    const config = parseRoadmapConfig({});
    expect(config.privacy).toEqual({ publishTrackerFields: false, publishIssueUrl: false });
    expect(config.embed.allowedOrigins).toEqual([]);
  });

  it('accepts origins only, naming a bad one', () => {
    expect(parseRoadmapConfig({ embed: { allowedOrigins: ['https://docs.example.com'] } }).embed.allowedOrigins).toEqual(['https://docs.example.com']);
    expect(message(() => parseRoadmapConfig({ embed: { allowedOrigins: ['https://docs.example.com/'] } }))).toContain('embed.allowedOrigins[0]: use an origin');
    expect(message(() => parseRoadmapConfig({ embed: { allowedOrigins: ['*'] } }))).toContain('embed.allowedOrigins[0]');
  });
});
