/** "In_Progress", "in-progress" and " in progress " all match: lower case, runs of space, dash and underscore folded to one space. */
export function statusKey(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}
