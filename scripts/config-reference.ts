/**
 * `npm run docs:config`: writes docs/reference/config.md from the config
 * schema itself. What each option means is the JSDoc above it in the file of
 * its group under src/config/schemas/ (put together in
 * src/config/roadmap-config.ts), read with the TypeScript compiler API; its
 * type, default and allowed values come from the zod schema, through
 * `z.toJSONSchema` (the input side: what a team writes). The label keys and
 * their English texts come from the schema and the English translation.
 * test/unit/config-reference.test.ts fails when the committed page and this
 * output disagree, so a change to the schema comes with its page.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { z } from 'zod';
import { RENAMED_KEYS } from '../src/config/renamed-keys.ts';
import { RoadmapConfigSchema } from '../src/config/roadmap-config.ts';
import { EN } from '../src/i18n/labels.ts';

export const SCHEMA_FILE = fileURLToPath(new URL('../src/config/roadmap-config.ts', import.meta.url));
export const REFERENCE_FILE = fileURLToPath(new URL('../docs/reference/config.md', import.meta.url));

/** A JSON Schema node, as `z.toJSONSchema` writes it (only the keywords read here). */
interface Json {
  type?: string;
  anyOf?: Json[];
  enum?: unknown[];
  properties?: Record<string, Json>;
  required?: string[];
  additionalProperties?: Json | boolean;
  propertyNames?: Json;
  items?: Json;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
}

/** A module of the schema, as read for its JSDoc: its top-level constants and the names it imports from files of ours. */
interface SchemaModule {
  constants: Map<string, ts.Expression>;
  imports: Map<string, { file: string; name: string }>;
}

/** Where an identifier of a module is declared: its initializer, and the module that declares it. */
interface Declared {
  expression: ts.Expression;
  module: SchemaModule;
}

/**
 * The JSDoc of every field of `RoadmapConfigSchema`, by dotted path (`theme.accent`): each
 * property of the schema's object literals (a list's items under the list's name: `columns.id`), following a field
 * into the object schema it is made of (a nested `z.strictObject({...})`, or a schema such as `ColumnSchema`
 * declared apart) and a spread group of options (`...themeOptions`) into the file under src/config/schemas/ that
 * declares it. `read` gives a file's source (a test passes one with a doc taken out).
 */
export function fieldDocs(read: (file: string) => string = (file) => readFileSync(file, 'utf8')): Map<string, string> {
  const modules = new Map<string, SchemaModule>();
  const load = (path: string): SchemaModule => {
    const known = modules.get(path);
    if (known) return known;
    const file = ts.createSourceFile(path, read(path), ts.ScriptTarget.Latest, true);
    const module: SchemaModule = { constants: new Map(), imports: new Map() };
    modules.set(path, module);
    for (const statement of file.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.initializer) module.constants.set(declaration.name.text, declaration.initializer);
        }
      } else if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text.startsWith('.')) {
        const bindings = statement.importClause?.namedBindings;
        if (!bindings || !ts.isNamedImports(bindings)) continue;
        const from = resolve(dirname(path), statement.moduleSpecifier.text);
        for (const element of bindings.elements) module.imports.set(element.name.text, { file: from, name: (element.propertyName ?? element.name).text });
      }
    }
    return module;
  };
  /** The declaration an identifier of `module` names, in that module or in the one it is imported from. */
  const lookUp = (module: SchemaModule, name: string, seen = new Set<string>()): Declared | undefined => {
    const expression = module.constants.get(name);
    if (expression) return { expression, module };
    const imported = module.imports.get(name);
    if (!imported || seen.has(`${imported.file}#${imported.name}`)) return undefined;
    seen.add(`${imported.file}#${imported.name}`);
    return lookUp(load(imported.file), imported.name, seen);
  };

  /** The object literal of the first `z.strictObject(…)`/`z.object(…)` an expression is built on; none when that call has no literal. */
  const objectOf = (expression: ts.Node, module: SchemaModule, seen = new Set<ts.Node>()): { shape: ts.ObjectLiteralExpression; module: SchemaModule } | null | undefined => {
    if (ts.isCallExpression(expression) && ts.isPropertyAccessExpression(expression.expression) && ['strictObject', 'object'].includes(expression.expression.name.text)) {
      const [shape] = expression.arguments;
      // Built by a call of the callee chain first (`z.strictObject` itself), so only this call's own argument counts.
      return shape && ts.isObjectLiteralExpression(shape) ? { shape, module } : null;
    }
    if (ts.isIdentifier(expression)) {
      const declared = lookUp(module, expression.text);
      if (declared && !seen.has(declared.expression)) {
        seen.add(declared.expression);
        return objectOf(declared.expression, declared.module, seen);
      }
    }
    let found: { shape: ts.ObjectLiteralExpression; module: SchemaModule } | null | undefined;
    ts.forEachChild(expression, (child) => {
      if (found === undefined) found = objectOf(child, module, seen);
      return found !== undefined;
    });
    return found;
  };

  /** The object literal a spread group of options names (`...themeOptions`: `export const themeOptions = {...}`). */
  const spreadOf = (expression: ts.Expression, module: SchemaModule): { shape: ts.ObjectLiteralExpression; module: SchemaModule } | undefined => {
    if (ts.isObjectLiteralExpression(expression)) return { shape: expression, module };
    if (ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression) || ts.isParenthesizedExpression(expression)) return spreadOf(expression.expression, module);
    if (!ts.isIdentifier(expression)) return undefined;
    const declared = lookUp(module, expression.text);
    return declared ? spreadOf(declared.expression, declared.module) : undefined;
  };

  const docs = new Map<string, string>();
  const visit = (shape: ts.ObjectLiteralExpression, module: SchemaModule, prefix: string) => {
    for (const property of shape.properties) {
      if (ts.isSpreadAssignment(property)) {
        const group = spreadOf(property.expression, module);
        if (!group) throw new Error(`${SCHEMA_FILE}: "...${property.expression.getText()}" is not an object of options declared in a file of ours`);
        visit(group.shape, group.module, prefix);
        continue;
      }
      if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) continue;
      const name = property.name.text;
      const doc = ts
        .getJSDocCommentsAndTags(property)
        .filter(ts.isJSDoc)
        .map((jsdoc) => ts.getTextOfJSDocComment(jsdoc.comment) ?? '')
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      docs.set(`${prefix}${name}`, doc);
      const inner = objectOf(property.initializer, module);
      if (inner) visit(inner.shape, inner.module, `${prefix}${name}.`);
    }
  };
  const top = load(SCHEMA_FILE);
  const root = lookUp(top, 'RoadmapConfigSchema');
  const schema = root && objectOf(root.expression, root.module);
  if (!schema) throw new Error(`${SCHEMA_FILE}: RoadmapConfigSchema is not built on z.strictObject({...})`);
  visit(schema.shape, schema.module, '');
  return docs;
}

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
const isObject = (node: Json | undefined): node is Json & { properties: Record<string, Json> } => node?.type === 'object' && node.properties !== undefined;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `[x, {[language]: x}]`: a text given once or per language (src/config/schemas/local-text.ts). */
function perLanguage(node: Json): Json | undefined {
  const [one, byLanguage] = node.anyOf ?? [];
  if (node.anyOf?.length !== 2 || byLanguage?.type !== 'object' || !byLanguage.propertyNames) return undefined;
  return same(one, byLanguage.additionalProperties) ? one : undefined;
}

/** Plural forms of a counted message: `{"one": …, "other": …}`. */
function isPluralForms(node: Json): boolean {
  return isObject(node) && 'other' in node.properties && (node.required ?? []).includes('other');
}

/** The type of a node in words, with its limits. */
function describe(node: Json): string {
  const text = perLanguage(node);
  if (text) return `${describe(text)}, or one per language: an object keyed by language tag (\`{"en": …, "de": …}\`)`;
  if (node.anyOf) {
    return node.anyOf
      .map((option) =>
        isPluralForms(option)
          ? `plural forms (${Object.keys(option.properties!)
              .map((form) => `\`${form}\``)
              .join(', ')}; \`other\` required)`
          : describe(option),
      )
      .join(', or ');
  }
  if (node.enum) return `one of ${node.enum.map(code).join(', ')}`;
  switch (node.type) {
    case 'string': {
      const limits = [
        node.format === 'uri' ? 'an absolute URL' : undefined,
        node.pattern ? `matching ${code(node.pattern)}` : undefined,
        node.minLength !== undefined && node.minLength > 0 ? `at least ${node.minLength} character${node.minLength === 1 ? '' : 's'}` : undefined,
        node.maxLength !== undefined ? `at most ${node.maxLength} characters` : undefined,
      ].filter(Boolean);
      return limits.length > 0 ? `text: ${limits.join(', ')}` : 'text';
    }
    case 'integer':
    case 'number': {
      const kind = node.type === 'integer' ? 'whole number' : 'number';
      if (node.minimum !== undefined && node.maximum !== undefined) return `${kind} from ${node.minimum} to ${node.maximum}`;
      if (node.minimum !== undefined) return `${kind}, at least ${node.minimum}`;
      if (node.maximum !== undefined) return `${kind}, at most ${node.maximum}`;
      return kind;
    }
    case 'boolean':
      return '`true` or `false`';
    case 'array': {
      const items = node.items ? (isObject(node.items) ? 'an object (below)' : describe(node.items)) : 'values';
      return `a list${node.minItems ? ` of at least ${node.minItems}` : ''}, each ${items}`;
    }
    case 'object':
      return 'an object';
    default:
      return 'any value';
  }
}

/** A cell of a Markdown table: one line, with its pipes escaped. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');

/** The default columns as a table: they are too long for one line. */
function columnsTable(columns: unknown): string[] {
  if (!Array.isArray(columns)) return [`- Default: ${code(columns)}`];
  return [
    '- Default:',
    '',
    '  | `id` | `statuses` | `hidden` |',
    '  | --- | --- | --- |',
    ...columns.map(
      (column: { id: string; statuses: string[]; hidden?: boolean }) => `  | ${code(column.id)} | ${cell(column.statuses.join(', '))} | ${column.hidden ? '`true`' : ''} |`,
    ),
  ];
}

function fieldSection(path: string, node: Json, docs: Map<string, string>, required: boolean): string[] {
  const docPath = path.replace(/\[\]/g, '');
  const doc = docs.get(docPath);
  if (doc === undefined) throw new Error(`${SCHEMA_FILE}: no field "${docPath}" found for the schema's "${path}"`);
  if (doc === '') throw new Error(`${SCHEMA_FILE}: "${docPath}" has no JSDoc: every field of the config says what it is for`);
  const lines = [`### \`${path}\``, '', doc, ''];
  lines.push(`- Type: ${describe(node)}`);
  if (required) lines.push('- Required');
  if (node.default !== undefined && !isObject(node)) {
    lines.push(...(path === 'columns' ? columnsTable(node.default) : [`- Default: ${code(node.default)}`]));
  } else if (!required && !isObject(node)) {
    lines.push('- Default: unset');
  }
  lines.push('');
  return lines;
}

function labelRows(labels: Json & { properties: Record<string, Json> }): string[] {
  return [
    '| key | English text | takes |',
    '| --- | --- | --- |',
    ...Object.entries(labels.properties).map(([key, node]) => {
      const english = (EN as Record<string, unknown>)[key];
      const shown =
        typeof english === 'string'
          ? code(english)
          : Object.entries(english as Record<string, string>)
              .map(([form, text]) => `${form}: ${code(text)}`)
              .join('; ');
      const counted = (perLanguage(node)?.anyOf ?? []).some(isPluralForms);
      return `| \`${key}\` | ${cell(shown)} | ${counted ? 'text, or plural forms' : 'text'} |`;
    }),
  ];
}

/** The reference page, as Markdown. */
export function configReference(): string {
  const schema = z.toJSONSchema(RoadmapConfigSchema, { io: 'input', unrepresentable: 'any' }) as Json;
  const docs = fieldDocs();
  const out: string[] = [
    '# Configuration reference',
    '',
    '<!-- Generated by `npm run docs:config` (scripts/config-reference.ts) from src/config/roadmap-config.ts. Do not edit: change the schema and its JSDoc, then run it. -->',
    '',
    'The options of `roadmap.config.json` in the project root (or of the file `ROADMAP_CONFIG` names). The',
    'same object may be passed to `portalRoadmap()` in `astro.config.mjs` instead, and then the file is not read.',
    'Every option is optional. Unknown keys are errors, so a misspelt option never passes silently; an error names',
    'the path of the bad value, the fix and the value it got.',
    '',
    "Every text a team writes (`title`, `description`, a column's `label` and each of `labels`) takes one text for",
    'every language or an object keyed by language; a language the site builds but the object lacks shows the main',
    "language's text, and the build warns ([Languages](../languages.md)).",
    '',
  ];
  const groups: string[] = [];
  const options: string[] = [];
  for (const [name, node] of Object.entries(schema.properties ?? {})) {
    if (name === 'labels') continue;
    if (isObject(node)) {
      groups.push(`## \`${name}\``, '', docs.get(name) ?? '', '');
      for (const [child, childNode] of Object.entries(node.properties)) groups.push(...fieldSection(`${name}.${child}`, childNode, docs, false));
    } else if (node.type === 'array' && isObject(node.items)) {
      options.push(...fieldSection(name, node, docs, false));
      options.push(`Each ${name === 'columns' ? 'column' : 'item'}:`, '');
      for (const [child, childNode] of Object.entries(node.items.properties)) {
        options.push(...fieldSection(`${name}[].${child}`, childNode, docs, (node.items.required ?? []).includes(child)).map((line) => line.replace(/^### /, '#### ')));
      }
    } else {
      options.push(...fieldSection(name, node, docs, false));
    }
  }
  out.push('## Options', '', ...options, ...groups);

  const labels = schema.properties?.labels;
  if (!isObject(labels)) throw new Error('the config schema has no labels object');
  out.push('## `labels`', '', docs.get('labels') ?? '', '');
  out.push(
    'Each key takes a text, or one per language. A counted key takes a text used for every count (`"{count} requests"`),',
    'or plural forms (`{"one": "{count} request", "other": "{count} requests"}`): a form the language needs but the',
    'override lacks falls back to `other`, with a warning. Keep the `{placeholders}`.',
    '',
    ...labelRows(labels),
    '',
  );

  out.push('## Renamed keys', '', 'A renamed key keeps working for one minor version: the build warns, naming the new key.', '');
  out.push('| old key | new key | read until |', '| --- | --- | --- |');
  for (const { from, to, removedIn } of RENAMED_KEYS) out.push(`| \`${from}\` | \`${to}\` | ${removedIn} (an unknown key from then on) |`);
  out.push('');
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(REFERENCE_FILE, configReference());
  console.log(`Wrote ${REFERENCE_FILE}`);
}
