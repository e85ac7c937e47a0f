/** Release notes the team writes in its repository (docs/release-notes.md). */
import { z } from 'zod';

/** The tags a note may carry unless `releaseNotes.tags` says otherwise; each has a translated label. */
export const DEFAULT_RELEASE_TAGS = ['new', 'improved', 'fixed'] as const;

const TAG = /^[a-z0-9][a-z0-9-]{0,29}$/;

/** Where notes are read from unless `releaseNotes.folder` says otherwise: the folder the starter has. */
export const DEFAULT_RELEASE_NOTES_FOLDER = 'src/content/releases';

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
       * The tags a note's `tags` may list. `new`, `improved` and `fixed` are said in the site's language; any
       * other tag is shown as it is written. Lower-case letters, digits and hyphens, at most 30 characters.
       */
      tags: z
        .array(z.string().regex(TAG, { error: 'must be lower-case letters, digits and hyphens (at most 30), e.g. "security"' }))
        .min(1, { error: 'list at least one tag, e.g. ["new", "improved", "fixed"]' })
        .default([...DEFAULT_RELEASE_TAGS]),
    })
    .default({ folder: DEFAULT_RELEASE_NOTES_FOLDER, tags: [...DEFAULT_RELEASE_TAGS] }),
};
