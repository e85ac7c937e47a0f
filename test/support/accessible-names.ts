/**
 * What axe's naming rules check of a page, read from its HTML (site tier, no browser): every link, button,
 * disclosure, form field and image has a name a screen reader can say. Used where the markup is the demo's,
 * which axe audits in Chromium once per page type (test/browser/pages-demo.test.ts), and only the words change:
 * a translation's labels, a hostile workspace's strings.
 */

/**
 * The elements of `document` without an accessible name, each as the start of its markup. A link, button or
 * `<summary>` is named by its text or `aria-label`; a field by its `<label for>` or `aria-label`; an image by its
 * `alt` (empty for decoration), `aria-label` or `aria-labelledby`.
 */
export function unnamedElements(document: Document): string[] {
  const named = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim() !== '';
  const unnamed = [...document.querySelectorAll('a[href], button, summary')].filter((element) => !named(element)).map((element) => element.outerHTML.slice(0, 80));
  for (const field of document.querySelectorAll('select, input:not([type=hidden])')) {
    const label = document.querySelector(`label[for="${field.id}"]`)?.textContent?.trim() ?? field.getAttribute('aria-label') ?? '';
    if (!label) unnamed.push(field.outerHTML.slice(0, 80));
  }
  const labelledBy = (element: Element) => (element.getAttribute('aria-labelledby') ?? '').split(/\s+/).some((id) => id && document.getElementById(id)?.textContent?.trim());
  for (const image of document.querySelectorAll('img, svg[role=img]')) {
    if (!image.hasAttribute('alt') && !image.getAttribute('aria-label')?.trim() && !labelledBy(image)) unnamed.push(image.outerHTML.slice(0, 80));
  }
  return unnamed;
}
