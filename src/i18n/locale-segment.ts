/** The URL folder of a language's pages: the tag in lower case (`pt-BR` → `pt-br`). */
export function localeSegment(tag: string): string {
  return tag.toLowerCase();
}
