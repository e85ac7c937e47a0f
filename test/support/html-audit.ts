/**
 * Walks every HTML file of a build with a real HTML parser (jsdom, on parse5)
 * and lists what could run script or restyle the page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { listFiles } from './build-site.ts';

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'srcset', 'ping'];
const FORBIDDEN_TAGS = ['style', 'iframe', 'form', 'object', 'embed', 'frame', 'frameset', 'input', 'button', 'base', 'svg', 'math', 'xmp', 'noscript'];

export interface Finding {
  file: string;
  problem: string;
}

/** `site-owned` decides which <script> and <link> elements are the site's own. */
export function auditHtml(outDir: string, base = '/'): Finding[] {
  const findings: Finding[] = [];
  for (const file of listFiles(outDir).filter((f) => f.endsWith('.html'))) {
    const document = new JSDOM(readFileSync(join(outDir, file), 'utf8')).window.document;
    for (const element of document.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      for (const attribute of element.getAttributeNames()) {
        const value = element.getAttribute(attribute) ?? '';
        if (/^on/i.test(attribute)) findings.push({ file, problem: `event handler ${attribute} on <${tag}>` });
        if (attribute === 'style') findings.push({ file, problem: `style attribute on <${tag}>` });
        const compact = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        // A URL attribute runs script only through its scheme; text such as a meta description may mention one harmlessly.
        if (URL_ATTRIBUTES.includes(attribute) && /^(?:javascript|vbscript|data):/.test(compact)) {
          findings.push({ file, problem: `script URL in ${attribute} of <${tag}>: ${value.slice(0, 60)}` });
        }
      }
      // The site's own filter form (src/components/Filters.astro) is the one form allowed.
      const ownForm = element.closest('form[data-filters]') !== null && ['form', 'button', 'select', 'option', 'label'].includes(tag);
      // The site's own search field (src/components/SiteSearch.astro), in every page's header.
      const ownSearch = element.closest('search[data-search]') !== null && ['input', 'button', 'label'].includes(tag);
      // The embed layout's own <base target> has no href, so it cannot move where URLs point.
      const ownBase = tag === 'base' && !element.hasAttribute('href') && element.parentElement?.tagName === 'HEAD';
      if (FORBIDDEN_TAGS.includes(tag) && !ownForm && !ownSearch && !ownBase) findings.push({ file, problem: `<${tag}> element` });
      if (tag === 'script') {
        const src = element.getAttribute('src');
        const ownScript = src?.startsWith(`${base}_astro/`) || element.getAttribute('type') === 'application/ld+json';
        if (!ownScript) findings.push({ file, problem: `<script> not from the site: ${element.outerHTML.slice(0, 80)}` });
      }
      if (tag === 'link' && element.getAttribute('rel') === 'stylesheet' && !element.getAttribute('href')?.startsWith(base)) {
        findings.push({ file, problem: `foreign stylesheet ${element.getAttribute('href')}` });
      }
      if (tag === 'meta' && element.getAttribute('http-equiv')?.toLowerCase() === 'refresh') findings.push({ file, problem: 'meta refresh' });
    }
    if (document.querySelectorAll('h1').length !== 1) findings.push({ file, problem: `${document.querySelectorAll('h1').length} h1 elements` });
  }
  return findings;
}
