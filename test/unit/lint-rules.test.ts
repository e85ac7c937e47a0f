/**
 * `npm run lint` runs oxlint on the .ts and .js files and ESLint on the .astro files, so the rules are written
 * twice: eslint.config.js (typescript-eslint and eslint-plugin-astro, also what an editor's ESLint applies) and
 * .oxlintrc.json. For a file of each kind, oxlint's config turns on exactly the rules ESLint applies to it, with the
 * same options: a rule changed in one file only fails here.
 */
import { readFileSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/build-site.ts';

type RuleEntry = Linter.RuleEntry;
interface OxlintConfig {
  rules: Record<string, RuleEntry>;
  overrides: { files: string[]; rules?: Record<string, RuleEntry> }[];
}

const oxlint = JSON.parse(readFileSync(join(PROJECT_ROOT, '.oxlintrc.json'), 'utf8')) as OxlintConfig;
const eslint = new ESLint({ cwd: PROJECT_ROOT });

const isOn = (entry: RuleEntry) => ![0, 'off'].includes(Array.isArray(entry) ? entry[0] : entry);
const optionsOf = (entry: RuleEntry) => (Array.isArray(entry) ? entry.slice(1) : []);

/** The rules oxlint applies to `file`: the config's, then each override whose globs match, in order. */
function oxlintRules(file: string): Map<string, RuleEntry> {
  const rules = new Map(Object.entries(oxlint.rules));
  for (const override of oxlint.overrides) {
    if (override.files.some((glob) => matchesGlob(file, glob))) for (const [name, entry] of Object.entries(override.rules ?? {})) rules.set(name, entry);
  }
  return new Map([...rules].filter(([, entry]) => isOn(entry)));
}

/** typescript-eslint's rules are `typescript/…` in oxlint, but those that extend an ESLint rule keep its name. */
const oxlintName = (name: string) => {
  const rule = name.replace(/^@typescript-eslint\//, '');
  return rule === name || !(`typescript/${rule}` in oxlint.rules) ? rule : `typescript/${rule}`;
};

/**
 * ESLint's rules that oxlint does not have, and why nothing is lost: in an ES module (every .ts and .mjs file here)
 * a duplicate parameter name or a legacy octal literal is a syntax error, which the parser reports.
 */
const STRICT_MODE_ONLY = ['no-dupe-args', 'no-octal'];

describe('the lint rules of oxlint and ESLint', () => {
  it.each(['src/shared/errors.ts', 'test/unit/config/roadmap-config.test.ts', 'scripts/bench.ts', 'astro.config.mjs'])('are the same for %s', async (file) => {
    const config = (await eslint.calculateConfigForFile(file)) as Linter.Config;
    const applied = Object.entries(config.rules ?? {}).filter(([name, entry]) => isOn(entry!) && !name.startsWith('astro/') && !STRICT_MODE_ONLY.includes(name));
    const ours = oxlintRules(file);
    expect([...ours.keys()].sort()).toEqual(applied.map(([name]) => oxlintName(name)).sort());
    for (const [name, entry] of applied) {
      const options = optionsOf(ours.get(oxlintName(name))!);
      // ESLint fills in defaults: what oxlint's config sets must be what ESLint's sets.
      if (options.length > 0) expect(optionsOf(entry!), name).toMatchObject(options);
    }
  });
});
