/**
 * The Markdown the tarball ships (README.md, CHANGELOG.md, docs/) is read
 * where the package lands: on npm's page and in node_modules/portal-roadmap.
 * Its images and links must point at files the tarball ships, or at absolute
 * URLs: a link to examples/ or CONTRIBUTING.md, which stay in the repository,
 * is a dead link there. The file list is npm's own (`npm pack --dry-run`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { marked, type Token } from 'marked';
import { describe, expect, it } from 'vitest';

const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const [packed] = JSON.parse(output.slice(output.indexOf('['))) as { files: { path: string }[] }[];
const files = new Set(packed!.files.map((file) => file.path));
const markdown = [...files].filter((path) => path.endsWith('.md'));

/** Every link and image target of a Markdown text, raw HTML `href`/`src` included. */
function targets(text: string): string[] {
  const found: string[] = [];
  marked.walkTokens(marked.lexer(text), (token: Token) => {
    if (token.type === 'link' || token.type === 'image') found.push(token.href);
    if (token.type === 'html') for (const match of token.raw.matchAll(/\s(?:href|src)="([^"]+)"/g)) found.push(match[1]!);
  });
  return found;
}

/** A relative target that names no file of the tarball (a folder counts when the tarball has a file inside it). */
function unshipped(from: string, target: string): boolean {
  if (/^([a-z][a-z+.-]*:|#)/i.test(target)) return false;
  const path = posix.normalize(posix.join(posix.dirname(from), decodeURI(target.replace(/[?#].*$/, '')))).replace(/\/$/, '');
  return !files.has(path) && ![...files].some((file) => file.startsWith(`${path}/`));
}

describe('the Markdown in the tarball', () => {
  it('is there: the README, the changelog and the guides', () => {
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'docs/scheduled-rebuilds.md']));
    expect(files).toContain('LICENSE');
  });

  it('links and shows only files the tarball ships, or absolute URLs', () => {
    const broken = markdown.flatMap((file) =>
      targets(readFileSync(file, 'utf8'))
        .filter((target) => unshipped(file, target))
        .map((target) => `${file}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('finds a link that leaves the tarball, an image included', () => {
    const found = targets('[starter](examples/starter/) ![board](.github/assets/nope.png) [guide](docs/site.md#pages) <img src="../x.png"> [web](https://astro.build)');
    expect(found.filter((target) => unshipped('README.md', target))).toEqual(['examples/starter/', '.github/assets/nope.png', '../x.png']);
  });
});
