/**
 * The reference pages agree with the code:
 * - docs/reference/config.md is generated from the config schema
 *   (scripts/config-reference.ts, `npm run docs:config`): the committed page
 *   must be what the schema gives today, and every field must have its JSDoc;
 * - docs/reference/environment.md lists every variable of `EnvSchema`;
 * - docs/reference/cli.md lists every option of each command's spec in
 *   src/cli/*.ts, in that command's section.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { configReference, fieldDocs, REFERENCE_FILE } from '../../scripts/config-reference.ts';
import { EnvSchema } from '../../src/config/env.ts';

const doc = (name: string) => readFileSync(new URL(`../../docs/reference/${name}`, import.meta.url), 'utf8');

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
    const seo = fileURLToPath(new URL('../../src/config/schemas/seo.ts', import.meta.url));
    const source = readFileSync(seo, 'utf8');
    const stripped = source.replace('/** Let search engines index the site (robots.txt and a robots meta tag). */', '');
    expect(stripped).not.toBe(source);
    expect(fieldDocs((file) => (file === seo ? stripped : readFileSync(file, 'utf8'))).get('seo.index')).toBe('');
  });
});

describe('docs/reference/environment.md', () => {
  it('lists every variable of EnvSchema, as a row of its tables', () => {
    const rows = new Set([...doc('environment.md').matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]));
    const variables = Object.keys(EnvSchema.shape);
    expect(variables.length).toBeGreaterThan(10);
    expect(variables.filter((name) => !rows.has(name))).toEqual([]);
    // And no variable the schema does not read.
    expect([...rows].filter((name) => !variables.includes(name!))).toEqual([]);
  });
});

/** The options of the `spec` of each file in src/cli/, read from the source: `{ fetch: ['out'], … }`. */
function commandOptions(): Record<string, string[]> {
  const dir = new URL('../../src/cli/', import.meta.url);
  const found: Record<string, string[]> = {};
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.ts'))) {
    const file = ts.createSourceFile(name, readFileSync(new URL(name, dir), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'spec' && node.initializer) {
        const literal = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
        if (!ts.isObjectLiteralExpression(literal)) return;
        const property = (object: ts.ObjectLiteralExpression, key: string) =>
          object.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText().replace(/['"]/g, '') === key)?.initializer;
        const command = property(literal, 'command');
        const options = property(literal, 'options');
        if (!command || !ts.isStringLiteral(command) || !options || !ts.isObjectLiteralExpression(options)) return;
        found[command.text.replace(/^portal-roadmap /, '')] = options.properties.map((p) => p.name!.getText().replace(/['"]/g, ''));
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

describe('docs/reference/cli.md', () => {
  const page = doc('cli.md');
  const section = (command: string) => page.split(/^## /m).find((part) => part.startsWith(`${command}\n`)) ?? '';

  it('has a section for each command, listing each of its options', () => {
    const commands = commandOptions();
    expect(Object.keys(commands).sort()).toEqual(['fetch', 'notify', 'rebuild']);
    expect(commands.rebuild).toContain('fresh-history');
    const missing = Object.entries(commands).flatMap(([command, options]) =>
      options.filter((option) => !new RegExp(`^\\| \`--${option}( [A-Z]+)?\` \\|`, 'm').test(section(command))).map((option) => `${command} --${option}`),
    );
    expect(missing).toEqual([]);
  });

  it('lists the exit codes of src/cli/args.ts', async () => {
    const { EXIT } = await import('../../src/cli/args.ts');
    for (const code of Object.values(EXIT)) expect(page).toMatch(new RegExp(`^\\| \`${code}\` \\|`, 'm'));
  });
});
