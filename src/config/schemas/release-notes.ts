/** Release notes the team writes in its repository (docs/release-notes.md). */
import { z } from 'zod';
import { localText, type LocalText } from './local-text.ts';
import { outputText } from './text.ts';
import { DEFAULT_RELEASE_NOTES_FOLDER, DEFAULT_RELEASE_TAGS } from './release-note-defaults.ts';

export { DEFAULT_RELEASE_NOTES_FOLDER, DEFAULT_RELEASE_TAGS };

const TAG = /^[a-z0-9][a-z0-9-]{0,29}$/;
const TAG_ERROR = 'must be lower-case letters, digits and hyphens (at most 30), e.g. "security"';
const tagName = z.string().regex(TAG, { error: TAG_ERROR });
/** A tag's label: a text, or one per language (`{"en": "Security", "de": "Sicherheit"}`). */
const tagLabel = localText(outputText().pipe(z.string().trim().min(1, 'give the tag a label').max(40, 'use at most 40 characters: a tag is a short label')));

export const releaseNoteOptions = {
  /** Release notes: Markdown files in the project, joined to the changelog (docs/release-notes.md). */
  releaseNotes: z
    .strictObject({
      /**
       * The folder of the notes, relative to the project root: one `.md` file a note (or `.mdx`, where the site
       * has MDX), its file name the note's
       * address (`/releases/{name}/`). A project without this folder builds as it would without notes.
       */
      folder: z
        .string()
        .min(1)
        .refine((path) => !path.startsWith('/') && !/^[a-zA-Z]:/.test(path) && !path.split(/[\\/]/).includes('..'), {
          error: 'must be a folder inside the project, relative to its root, e.g. "src/content/releases"',
        })
        .default(DEFAULT_RELEASE_NOTES_FOLDER),
      /**
       * The tags a note's `tags` may list: a list (`["new", "improved", "fixed", "security"]`), or each tag with its
       * label, one text or one per language (`{"new": {}, "security": {"en": "Security", "de": "Sicherheit"}}`).
       * `new`, `improved` and `fixed` are said in the site's language unless labelled; any other tag without a
       * label is shown capitalised as written ("Security"). Lower-case letters, digits and hyphens, at most 30.
       */
      tags: z
        .union([
          z.array(tagName).min(1, { error: 'list at least one tag, e.g. ["new", "improved", "fixed"]' }),
          z
            .record(tagName, z.union([tagLabel, z.strictObject({})]))
            .refine((tags) => Object.keys(tags).length > 0, { error: 'give at least one tag, e.g. {"security": {"en": "Security"}}' }),
        ])
        .default([...DEFAULT_RELEASE_TAGS]),
    })
    // The tags as a list, and the labels given apart: every reader of the config takes `tags` as a list.
    .transform(({ folder, tags }) => ({
      folder,
      tags: Array.isArray(tags) ? tags : Object.keys(tags),
      tagLabels: Array.isArray(tags)
        ? {}
        : (Object.fromEntries(Object.entries(tags).filter(([, label]) => typeof label === 'string' || Object.keys(label).length > 0)) as Record<string, LocalText<string>>),
    }))
    .default({ folder: DEFAULT_RELEASE_NOTES_FOLDER, tags: [...DEFAULT_RELEASE_TAGS], tagLabels: {} }),
};
