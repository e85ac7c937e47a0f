/** A renamed config key keeps working for one minor version, with a warning naming the new key. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { moveRenamedKeys } from '../../../src/config/renamed-keys.ts';
import { resolveSettings } from '../../../src/config/settings.ts';

describe('renamed keys', () => {
  it('seo.image is read as theme.socialImage, and the settings warn once, naming the new key and the version that drops the old', () => {
    const root = mkdtempSync(join(tmpdir(), 'renamed-'));
    writeFileSync(join(root, 'roadmap.config.json'), JSON.stringify({ seo: { image: 'https://cdn.example.com/card.png', index: false } }));
    const settings = resolveSettings(root, {});
    expect(settings.config.theme.socialImage).toBe('https://cdn.example.com/card.png');
    expect(settings.config.seo.index).toBe(false);
    expect(settings.brand.socialImage?.url).toBe('https://cdn.example.com/card.png');
    expect(settings.warnings.filter((warning) => warning.includes('renamed'))).toEqual([
      `seo.image is renamed theme.socialImage; the old name works until portal-roadmap 0.3.0. Rename it in ${join(root, 'roadmap.config.json')}.`,
    ]);
  });

  it('the new name alone gives no warning; both names at once is an error', () => {
    expect(parseRoadmapConfig({ theme: { socialImage: '/card.png' } }).renamedKeys).toEqual([]);
    expect(() => parseRoadmapConfig({ theme: { socialImage: '/a.png' }, seo: { image: '/b.png' } })).toThrow(
      'seo.image: renamed theme.socialImage, which is set too. Keep only theme.socialImage.',
    );
  });

  it('leaves the input as it was', () => {
    const input = { seo: { image: '/card.png' } };
    moveRenamedKeys(input, 'roadmap.config.json');
    expect(input).toEqual({ seo: { image: '/card.png' } });
  });
});
