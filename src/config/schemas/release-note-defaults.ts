/**
 * What `releaseNotes` is unless the config says otherwise. Apart from the schema (./release-notes.ts), which brings the
 * per-language texts' module: the content loaders read these alone (test/unit/layers.test.ts).
 */

/** The tags a note may carry unless `releaseNotes.tags` says otherwise; each has a translated label. */
export const DEFAULT_RELEASE_TAGS = ['new', 'improved', 'fixed'] as const;

/** Where notes are read from unless `releaseNotes.folder` says otherwise: the folder the starter has. */
export const DEFAULT_RELEASE_NOTES_FOLDER = 'src/content/releases';
