/**
 * A feed's plain-text fields (item titles and categories) reach a reader with no markup around them to isolate them,
 * as `<bdi>` does on a page: a bidirectional control in an issue's title would reorder the rest of the reader's line,
 * or make a title read as another. They are removed, as in chat posts (src/shared/text.ts, `withoutBidiControls`).
 * The HTML content keeps them: a reader lays it out as a document.
 */
import { withoutBidiControls } from '../shared/text.ts';

/** RSS items with their title and categories as plain text. */
export function plainTextItems<T extends { title?: string | undefined; categories?: string[] | undefined }>(items: readonly T[]): T[] {
  return items.map((item) => ({
    ...item,
    ...(item.title !== undefined ? { title: withoutBidiControls(item.title) } : {}),
    ...(item.categories ? { categories: item.categories.map(withoutBidiControls) } : {}),
  }));
}
