/**
 * The roadmap's head elements (what src/components/Head.astro renders) as Starlight's head entries
 * (`{ tag, attrs, content }`, the `head` of a page's frontmatter), for pages in Starlight's frame: Starlight
 * renders the one `<head>` and merges these into its own, a `<title>` or a `<meta>` of the same `name` or
 * `property` replacing Starlight's. Left out are the elements whose choice is the frame's: the character set
 * (Starlight's is not replaced by name, so it would be doubled), the colour scheme (Starlight's theme select
 * sets it) and the favicon (the site's).
 */
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';

export interface HeadEntry {
  tag: string;
  attrs: Record<string, string | boolean>;
  content?: string;
}

const FRAMES_OWN = (entry: HeadEntry) =>
  'charset' in entry.attrs || entry.attrs.name === 'color-scheme' || (entry.tag === 'link' && entry.attrs.rel === 'icon') || entry.tag === 'base';

/** An HTML attribute's name from hast's property name (`httpEquiv` → `http-equiv`, `hrefLang` → `hreflang`, `dataX` → `data-x`). */
function attributeName(property: string): string {
  if (property === 'className') return 'class';
  if (property === 'httpEquiv' || property === 'acceptCharset' || /^data[A-Z]/.test(property)) return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return property.toLowerCase();
}

export function headEntries(html: string): HeadEntry[] {
  const tree = fromHtml(html, { fragment: true });
  return tree.children
    .filter((node): node is Element => node.type === 'element')
    .map((element) => {
      const attrs = Object.fromEntries(
        Object.entries(element.properties).flatMap(([name, value]) =>
          value === undefined || value === null || value === false
            ? []
            : [[attributeName(name), Array.isArray(value) ? value.join(' ') : typeof value === 'boolean' ? value : String(value)]],
        ),
      );
      const text = element.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
      return { tag: element.tagName, attrs, ...(text ? { content: text } : {}) };
    })
    .filter((entry) => !FRAMES_OWN(entry));
}
