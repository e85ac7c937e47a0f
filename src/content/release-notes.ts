/**
 * The `releases` collection: the team's release notes, Markdown files in the
 * project (`releaseNotes.folder`; the demo's own for the demo, `settings.releaseNotesDir`),
 * read by Astro's `glob()` loader. Each file's
 * frontmatter is checked first (src/release-notes/frontmatter.ts), so a wrong value
 * is one line naming the file and the key; then Astro's schema makes its image
 * an optimised asset. The body is kept as written: the route data renders it
 * through the descriptions' sanitiser (src/route-data/release-notes.ts), never
 * through Astro's own Markdown pipeline, whose HTML is not sanitised.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Loader } from 'astro/loaders';
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro/content/config';
import { ConfigError } from '../shared/errors.ts';
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
          checkNoteImage(file, path, props.data);
          return context.parseData(props);
        },
      });
    },
  };
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

/**
 * A note's `image` must be a file beside it. Said while the content is read, before the build starts: Astro's own
 * error names none of the note's file, and comes after `astro build` emptied the output folder.
 * `file`: the note as messages name it; `path`: the note's file on disk.
 */
export function checkNoteImage(file: string, path: string, data: unknown): void {
  const image = (data as { image?: unknown } | undefined)?.image;
  if (typeof image !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(image) || existsSync(resolve(dirname(path), image))) return;
  throw new ConfigError(`Release note ${file}: image: there is no file "${image}" beside the note; give the path of an image file, relative to the note, e.g. "./search.png".`);
}

/** Whether the folder holds a note at any depth (an example or a draft, named `_…`, is none). */
export function hasNotes(dir: string, mdx = false): boolean {
  return existsSync(dir) && readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((name) => isNoteFile(name, mdx));
}

/** The collection's schema: the checked fields, and the image as Astro's optimised asset. */
export function releaseNoteSchema(rules: ReleaseNoteRules) {
  return ({ image }: SchemaContext) => z.strictObject({ ...releaseNoteFields(rules), image: image().optional() });
}
