/**
 * The `releases` collection: the team's release notes, Markdown files in the
 * project (`releaseNotes.folder`; the demo's own for the demo, `settings.releaseNotesDir`),
 * read by Astro's `glob()` loader. Each file's
 * frontmatter is checked first (src/release-notes/frontmatter.ts), so a wrong value
 * is one line naming the file and the key; then Astro's schema makes its image
 * an optimised asset. The body is kept as written: the route data renders it
 * through the descriptions' sanitiser (src/route-data/release-notes.ts), never
 * through Astro's own Markdown pipeline, whose HTML is not sanitised. Astro still
 * renders a `.md` body as it reads it, and publishes the images it shows: every
 * image a note uses, its `image` and those, is checked once the notes are read
 * (`checkNoteImage`).
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro/content/config';
import { ConfigError } from '../shared/errors.ts';
import { asAstroError } from './user-error.ts';
import { SVG_FIX, svgProblem } from '../team-svg/check.ts';
import { checkReleaseNote, isNoteFile, releaseNoteFields, type ReleaseNoteRules } from '../release-notes/frontmatter.ts';

export interface ReleaseNotesOptions extends ReleaseNoteRules {
  /** The project root (`settings.projectRoot`): files are named relative to it. */
  projectRoot: string;
  /** The notes' folder, absolute (`settings.releaseNotesDir`). */
  dir: string;
  /** `releaseNotes.folder` when the config names one other than the default: a folder that must be there. */
  configuredFolder?: string | undefined;
  /** Whether `.mdx` notes are read too (`settings.releaseNotesMdx`: the site has MDX). */
  mdx?: boolean | undefined;
}

export function releaseNotesLoader({ projectRoot, dir, configuredFolder, mdx = false, ...rules }: ReleaseNotesOptions): Loader {
  // A file whose name starts with `_` is no note (the starter's example, a draft): `isNoteFile` says the same.
  const pattern = ['**/*.md', ...(mdx ? ['**/*.mdx'] : []), '!**/_*'];
  return {
    name: 'portal-roadmap-release-notes',
    async load(context) {
      try {
        await loadNotes(context);
      } catch (error) {
        // A mistake in a note is one line of ours, naming the note, and a hint.
        throw asAstroError(error);
      }
    },
  };

  async function loadNotes(context: LoaderContext): Promise<void> {
    for (const warning of notesFolderWarnings(dir, projectRoot, configuredFolder, mdx)) context.logger.warn(warning);
    // No folder (or an empty one, as the starter's), no notes: most sites have none.
    if (!hasNotes(dir, mdx)) {
      context.store.clear();
      return;
    }
    // Loaded only for a folder with notes: Astro's loaders module brings its image and file helpers, which the content
    // sync of a site without notes (most sites) would otherwise transform for nothing.
    const { glob } = await import('astro/loaders');
    await glob({ pattern, base: pathToFileURL(`${dir}/`).href }).load({
      ...context,
      parseData: (props) => {
        const path = resolve(projectRoot, props.filePath ?? props.id);
        const text = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
        const file = relative(projectRoot, path).split('\\').join('/');
        checkReleaseNote(file, props.data, rules, text);
        return context.parseData(props);
      },
    });
    // Every build, notes Astro's content cache kept unread included: an image may have changed while its note did not.
    const roots = [projectRoot, dir].filter((root) => existsSync(root)).map((root) => realpathSync(root));
    for (const [, entry] of context.store.entries()) {
      const path = resolve(projectRoot, entry.filePath ?? entry.id);
      const note = { file: relative(projectRoot, path).split('\\').join('/'), path };
      checkNoteImage(note, storedImage(entry.data['image']), roots);
      for (const image of entry.assetImports ?? []) checkNoteImage(note, image, roots, 'text');
    }
  }
}

/**
 * What the build says of the notes' folder: a folder the config names that is not there (a typo more often than
 * not), and files that look like notes but are not read (`.mdx`, `.markdown`, `.MD`), each of which would otherwise leave a
 * note unpublished without a word. None for a missing default folder: most sites have no notes.
 */
export function notesFolderWarnings(dir: string, projectRoot: string, configuredFolder: string | undefined, mdx = false): string[] {
  if (!existsSync(dir)) {
    return configuredFolder === undefined
      ? []
      : [`releaseNotes.folder "${configuredFolder}" is no folder of the project: no release notes are published. Check the path (relative to the project's root).`];
  }
  const all = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  const skipped = all.filter((name) => (mdx ? /\.markdown$/i : /\.(?:mdx|markdown)$/i).test(name) && !/(?:^|[\\/])_/.test(name));
  const named = (names: readonly string[]) => names.map((name) => relative(projectRoot, resolve(dir, name)).split('\\').join('/')).sort();
  const warnings: string[] = [];
  if (skipped.length) {
    const files = named(skipped);
    const fix = mdx ? 'Rename to .md or .mdx.' : 'Rename to .md, or add @astrojs/mdx to the integrations in astro.config.mjs to write notes in MDX.';
    warnings.push(`Release notes are read from ${mdx ? '.md and .mdx' : '.md'} files only: ${files.join(', ')} ${files.length === 1 ? 'is' : 'are'} not published. ${fix}`);
  }
  // `shout.MD`: Astro's loader reads an extension in lower case only (`isNoteFile`).
  const upperCase = all.filter((name) => (mdx ? /\.mdx?$/i : /\.md$/i).test(name) && !isNoteFile(name, mdx) && !/(?:^|[\\/])_/.test(name));
  if (upperCase.length) {
    const files = named(upperCase);
    warnings.push(
      `Release notes are read from files whose extension is in lower case: ${files.join(', ')} ${files.length === 1 ? 'is' : 'are'} not published. Rename to .md${mdx ? ' or .mdx' : ''}.`,
    );
  }
  return warnings;
}

/** The image as the store keeps it: Astro's `image()` prefixes the path as written (astro/dist/content/consts.js, `IMAGE_IMPORT_PREFIX`). */
const storedImage = (image: unknown) => (typeof image === 'string' ? image.replace(/^__ASTRO_IMAGE_/, '') : image);

/** A note as messages name it (`file`, relative to the project root) and its file on disk (`path`). */
export interface NoteFile {
  file: string;
  path: string;
}

/**
 * A note's image (its `image`, or an image its Markdown shows, `where: 'text'`) must be a file beside it, inside the
 * project or the notes' folder (`roots`, real paths) once links are followed, and, an SVG, hold only what
 * src/team-svg/ allows: Astro publishes it as it is, in `/_astro/`, where a browser that opens it runs what it holds.
 * Each mistake is one line naming the note, before the build starts: Astro publishes a file outside the project as
 * any other, and its own errors name none of the note's file and come with a stack. A URL is Astro's to fetch, and an image
 * in the text that is no file is Astro's to report.
 */
export function checkNoteImage({ file, path }: NoteFile, image: unknown, roots: readonly string[], where: 'image' | 'text' = 'image'): void {
  if (typeof image !== 'string' || URL.canParse(image)) return;
  const named = where === 'image' ? `Release note ${file}: image:` : `Release note ${file}: the image ${JSON.stringify(image)} in its text:`;
  const fix = 'give the path of an image file, relative to the note, e.g. "./search.png".';
  if (isAbsolute(image)) throw new ConfigError(`${named} ${JSON.stringify(image)} is not relative to the note; ${fix}`);
  const candidate = resolve(dirname(path), image);
  if (!existsSync(candidate) || !statSync(candidate).isFile()) {
    if (where === 'text') return;
    throw new ConfigError(`${named} there is no file ${JSON.stringify(image)} beside the note; ${fix}`);
  }
  const real = realpathSync(candidate);
  if (!roots.some((root) => isInside(root, real)))
    throw new ConfigError(`${named} ${JSON.stringify(image)} is outside the project (${real}); copy the image beside the note and ${fix}`);
  const bytes = readFileSync(real);
  if (extname(real).toLowerCase() !== '.svg' && !looksLikeMarkup(bytes)) return;
  const problem = svgProblem(bytes);
  if (problem) throw new ConfigError(`${named} ${JSON.stringify(image)} holds ${problem}. ${SVG_FIX}`);
}

/** Whether a file is text that begins with markup (`<svg`, `<?xml`), whatever its name: image formats read SVG by its contents. */
const looksLikeMarkup = (bytes: Buffer) => /^(?:\uFEFF)?\s*</.test(bytes.subarray(0, 1024).toString('utf8'));

/** Whether `path` is `root` or below it, by path segments. */
function isInside(root: string, path: string): boolean {
  const inside = relative(root, path);
  return inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
}

/** Whether the folder holds a note at any depth (an example or a draft, named `_…`, is none). */
export function hasNotes(dir: string, mdx = false): boolean {
  return existsSync(dir) && readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((name) => isNoteFile(name, mdx));
}

/** The collection's schema: the checked fields, and the image as Astro's optimised asset. */
export function releaseNoteSchema(rules: ReleaseNoteRules) {
  return ({ image }: SchemaContext) => z.strictObject({ ...releaseNoteFields(rules), image: image().optional() });
}
