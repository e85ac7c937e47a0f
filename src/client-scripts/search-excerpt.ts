/**
 * Pagefind's result excerpt is HTML: the page's text with `<mark>` around the
 * words that matched. It comes from our own pages, but the words in it were
 * written by anyone, so it never goes into the page as HTML. It is parsed
 * inert (DOMParser runs no script and loads nothing) and rebuilt as text
 * nodes and fresh `<mark>` elements; anything else becomes plain text.
 */
export function excerptNodes(excerpt: string, doc: Document): Node[] {
  const Parser = doc.defaultView?.DOMParser ?? DOMParser;
  const parsed = new Parser().parseFromString(excerpt, 'text/html');
  return [...parsed.body.childNodes].map((node) => {
    if (node.nodeName !== 'MARK') return doc.createTextNode(node.textContent ?? '');
    const mark = doc.createElement('mark');
    mark.textContent = node.textContent;
    return mark;
  });
}
