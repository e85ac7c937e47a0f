/** Bumped whenever rendering or sanitising (src/descriptions/: markdown.ts and the files it uses) changes, so HTML cached in the content store is rebuilt. */
export const RENDER_VERSION = 7;
