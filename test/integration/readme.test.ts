/**
 * The commands and config examples of the README and of every page under
 * docs/ work as a user pastes them. Each ```sh and ```json block of README.md
 * and docs/**\/*.md (indented ones too, inside a list) has a marker on the
 * line before it:
 *   <!-- readme-test: run -->        its lines run with bash, in order, in a copy of the project;
 *   <!-- readme-test: config -->     it is a roadmap.config.json, and loads as it is from the project root;
 *   <!-- readme-test: skip: why -->  not run, for the reason given.
 * A block without a marker fails, so no new command or example goes untested unnoticed.
 * Cost: the run blocks make two builds of the demo (a snapshot build and a rebuild), sharing one content cache.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROADMAP_ENV_NAMES } from '../../src/config/env.ts';
import { resolveSettings } from '../../src/config/settings.ts';
import { PROJECT_ROOT } from '../support/build-site.ts';

interface Block {
  /** The Markdown file, relative to the project root. */
  file: string;
  marker: 'run' | 'config' | 'skip' | null;
  language: string;
  code: string;
  line: number;
}

/** README.md, then every Markdown file under docs/, in order. */
const DOC_FILES = [
  'README.md',
  ...(readdirSync(join(PROJECT_ROOT, 'docs'), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((path) => path.endsWith('.md'))
    .map((path) => join('docs', path).split(sep).join('/'))
    .sort(),
];
const texts = new Map(DOC_FILES.map((file) => [file, readFileSync(join(PROJECT_ROOT, file), 'utf8')]));

/** Every ```sh and ```json block of a file (at any indent, which is taken off its lines) with the marker on the line before it, if any. */
function docBlocks(file: string, text: string): Block[] {
  const blocks: Block[] = [];
  for (const match of text.matchAll(/^( *)```(sh|json)\n([\s\S]*?)^\1```$/gm)) {
    const indent = match[1]!;
    const before = text.slice(0, match.index).trimEnd().split('\n').at(-1)?.trim() ?? '';
    const marker = /^<!-- readme-test: (run|config|skip: .+) -->$/.exec(before)?.[1];
    blocks.push({
      file,
      marker: marker ? (marker.startsWith('skip') ? 'skip' : (marker as 'run' | 'config')) : null,
      language: match[2]!,
      code: match[3]!
        .split('\n')
        .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
        .join('\n'),
      line: text.slice(0, match.index).split('\n').length + 1,
    });
  }
  return blocks;
}

const blocks = DOC_FILES.flatMap((file) => docBlocks(file, texts.get(file)!));
const where = (block: Block) => `${block.file}:${block.line}`;
/** Top-level entries not copied: installed, built or kept state, and what the commands need none of. */
const NOT_COPIED = new Set(['node_modules', 'dist', '.git', '.astro', '.roadmap', 'test-results', 'test', '.github']);

describe('README.md and docs/', () => {
  it('reads the README and the guides', () => {
    expect(DOC_FILES).toEqual(expect.arrayContaining(['README.md', 'docs/scheduled-rebuilds.md', 'docs/languages.md']));
  });

  it('marks every shell and JSON block as run, config or skipped with a reason', () => {
    const unmarked = blocks.filter((block) => block.marker === null).map((block) => `${where(block)} (${block.language})`);
    expect(unmarked).toEqual([]);
    expect(blocks.filter((block) => block.marker === 'run').length).toBeGreaterThanOrEqual(2);
    expect(blocks.filter((block) => block.marker === 'config').length).toBeGreaterThanOrEqual(2);
  });

  describe('as pasted into a copy of the project, with no variables set', () => {
    const dir = mkdtempSync(join(tmpdir(), 'readme-'));
    const runs: { block: Block; code: number | null; output: string }[] = [];

    beforeAll(() => {
      cpSync(PROJECT_ROOT, dir, { recursive: true, filter: (source) => !NOT_COPIED.has(relative(PROJECT_ROOT, source).split(sep)[0]!) });
      symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
      // No variable of the caller's decides anything; the content cache is kept apart from every other build.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([key]) => !(ROADMAP_ENV_NAMES as string[]).includes(key) && !key.startsWith('GITHUB_') && !key.startsWith('npm_')),
      );
      Object.assign(env, {
        ROADMAP_CACHE_DIR: join(dir, '.cache'),
        ASTRO_TELEMETRY_DISABLED: '1',
        NO_COLOR: '1',
        PATH: `${join(PROJECT_ROOT, 'node_modules/.bin')}:${process.env.PATH}`,
      });
      for (const block of blocks.filter((b) => b.marker === 'run')) {
        const result = spawnSync('bash', ['-euo', 'pipefail', '-c', block.code], { cwd: dir, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
        runs.push({ block, code: result.status, output: `${result.stdout}\n${result.stderr}` });
        if (result.status !== 0) break;
      }
    }, 600_000);

    it('runs every command block to exit 0', () => {
      for (const run of runs) expect(run.code, `${where(run.block)}\n${run.block.code}\n${run.output.slice(-3000)}`).toBe(0);
      expect(runs).toHaveLength(blocks.filter((b) => b.marker === 'run').length);
    });

    it('builds the site from a snapshot of the demo, with no site set', () => {
      const run = runs.find((r) => r.block.code.includes('ROADMAP_SNAPSHOT=roadmap.snapshot.json npm run build'))!;
      expect(run.output).not.toContain('site is not set');
      expect(existsSync(join(dir, 'dist/index.html'))).toBe(true);
      expect(run.output).toMatch(/Wrote roadmap\.snapshot\.json: 40 issues shown, 2 in hidden columns, 6 projects, sha256:/);
      // What the page with the command says it prints.
      expect(texts.get(run.block.file)!.replace(/\s+/g, ' ')).toContain('`Wrote roadmap.snapshot.json: 40 issues shown, 2 in hidden columns, 6 projects, sha256:…`');
    });

    it('rebuilds the demo, then finds no changes and says so in the report', () => {
      const run = runs.find((r) => r.block.code.includes('npm run rebuild'))!;
      expect(run.output).toMatch(/^Published to .*dist \(changed: first run\)$/m);
      expect(run.output).toMatch(/^no changes: /m);
      const report = JSON.parse(readFileSync(join(dir, '.roadmap/report.json'), 'utf8'));
      expect(report).toMatchObject({ status: 'no-changes', changed: false, issues: { after: 40, hiddenAfter: 2 } });
    });

    it('loads every config example as it is, from the project root', () => {
      const configs = blocks.filter((block) => block.marker === 'config');
      for (const block of configs) {
        writeFileSync(join(dir, 'roadmap.config.json'), block.code);
        let config: ReturnType<typeof resolveSettings>['config'];
        try {
          ({ config } = resolveSettings(dir, {}));
        } catch (error) {
          throw new Error(`${where(block)}: ${(error as Error).message}`, { cause: error });
        }
        // A logo under public/ that is not there would be a broken image on every page.
        if (config.theme.logo?.startsWith('/')) expect(existsSync(join(dir, 'public', config.theme.logo)), `${where(block)}: ${config.theme.logo}`).toBe(true);
      }
      rmSync(join(dir, 'roadmap.config.json'));
    });
  });
});
