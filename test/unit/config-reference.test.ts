/**
 * docs/reference/config.md is generated from the config schema
 * (scripts/config-reference.ts, `npm run docs:config`): the committed page
 * must be what the schema gives today, and every field must have its JSDoc.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configReference, fieldDocs, REFERENCE_FILE } from '../../scripts/config-reference.ts';

describe('docs/reference/config.md', () => {
  it('is what `npm run docs:config` writes from the schema today', () => {
    // On failure: run `npm run docs:config` and commit docs/reference/config.md with the schema change.
    expect(readFileSync(REFERENCE_FILE, 'utf8')).toBe(configReference());
  });

  it('reads the JSDoc of nested fields, of fields of a schema declared apart, and of no label key', () => {
    const docs = fieldDocs();
    expect(docs.get('theme.accent')).toMatch(/^Accent colour/);
    expect(docs.get('columns.statuses')).toMatch(/^Statuses that land in this column/);
    expect(docs.get('embed.allowedOrigins')).toContain('Origins allowed to frame');
    expect([...docs.keys()].filter((key) => key.startsWith('labels.'))).toEqual([]);
  });

  it('fails when a field has no JSDoc', () => {
    const source = readFileSync(new URL('../../src/config/roadmap-config.ts', import.meta.url), 'utf8');
    const stripped = source.replace('/** Let search engines index the site (robots.txt and a robots meta tag). */', '');
    expect(stripped).not.toBe(source);
    expect(fieldDocs(stripped).get('seo.index')).toBe('');
  });
});
