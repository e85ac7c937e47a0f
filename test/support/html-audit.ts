/**
 * Walks every output of a build and lists what could run script or restyle a
 * page: every HTML file with a real HTML parser (jsdom, on parse5); the feed
 * and the sitemap with a strict XML parser, reading each feed description as
 * HTML the way a feed reader does; the JSON export, its description HTML as
 * the pages'; and the `_headers` file, line by line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { listFiles, readPage } from './build-site.ts';
import { EMBED_THEME_PATH } from '../../src/theme/embed-theme.ts';
import { SITE_THEME_PATH } from '../../src/theme/site-theme.ts';

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'srcset', 'ping'];
const FORBIDDEN_TAGS = [
  'style',
  'iframe',
  'form',
  'object',
  'embed',
  'frame',
  'frameset',
  'input',
  'button',
  'base',
  'svg',
  'math',
  'xmp',
  'noscript',
  'video',
  'audio',
  'source',
  'track',
];

export interface Finding {
  file: string;
  problem: string;
}

/** `site-owned` decides which <script> and <link> elements are the site's own. */
export function auditHtml(outDir: string, base = '/'): Finding[] {
  const findings: Finding[] = [];
  for (const file of listFiles(outDir).filter((f) => f.endsWith('.html'))) {
    const document = readPage(outDir, file);
    findings.push(...auditElements(document.querySelectorAll('*'), file, base));
    if (document.querySelectorAll('h1').length !== 1) findings.push({ file, problem: `${document.querySelectorAll('h1').length} h1 elements` });
  }
  return findings;
}

/** What could run script or restyle a page among `elements`. */
function auditElements(elements: Iterable<Element>, file: string, base: string): Finding[] {
  const findings: Finding[] = [];
  for (const element of elements) {
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
    const ownSearch = element.closest('search[data-search]') !== null && ['input', 'button', 'label', 'svg'].includes(tag);
    // The header's colour scheme switch (src/components/ThemeSwitch.astro): a button with its three icons.
    const ownSwitch = element.closest('button[data-theme-switch]') !== null && ['button', 'svg'].includes(tag);
    // The embed layout's own <base target> has no href, so it cannot move where URLs point.
    const ownBase = tag === 'base' && !element.hasAttribute('href') && element.parentElement?.tagName === 'HEAD';
    // A project icon (src/components/ProjectIcon.astro): paths from the fixed table in src/view/icons.ts, nothing else.
    const ownIcon =
      tag === 'svg' &&
      element.classList.contains('project-icon') &&
      [...element.querySelectorAll('*')].every((child) => child.tagName === 'path' && child.getAttributeNames().join() === 'd');
    if (FORBIDDEN_TAGS.includes(tag) && !ownForm && !ownSearch && !ownSwitch && !ownBase && !ownIcon) findings.push({ file, problem: `<${tag}> element` });
    if (tag === 'script') {
      const src = element.getAttribute('src');
      // The theme scripts of the embeds (src/theme/embed-theme.ts) and of the site's pages (src/theme/site-theme.ts) are
      // the site's only classic scripts outside _astro/.
      const ownScript =
        src?.startsWith(`${base}_astro/`) || src === `${base}${EMBED_THEME_PATH}` || src === `${base}${SITE_THEME_PATH}` || element.getAttribute('type') === 'application/ld+json';
      if (!ownScript) findings.push({ file, problem: `<script> not from the site: ${element.outerHTML.slice(0, 80)}` });
    }
    if (tag === 'link' && element.getAttribute('rel') === 'stylesheet' && !element.getAttribute('href')?.startsWith(base)) {
      findings.push({ file, problem: `foreign stylesheet ${element.getAttribute('href')}` });
    }
    if (tag === 'meta' && element.getAttribute('http-equiv')?.toLowerCase() === 'refresh') findings.push({ file, problem: 'meta refresh' });
  }
  return findings;
}

/** A document read by a strict XML parser, or the finding that it is not XML (readers drop such a feed whole). */
function readXml(outDir: string, file: string, findings: Finding[]): Document | undefined {
  try {
    return new JSDOM(readFileSync(join(outDir, file), 'utf8'), { contentType: 'application/xml' }).window.document;
  } catch (error) {
    findings.push({ file, problem: `not well-formed XML: ${(error as Error).message.slice(0, 100)}` });
    return undefined;
  }
}

/** One window for every fragment: making a JSDOM costs more than parsing a description. */
let fragmentWindow: JSDOM['window'] | undefined;

/** The markup of an HTML fragment as a browser (or feed reader) would build it, as innerHTML does. */
function fragmentElements(html: string): Element[] {
  fragmentWindow ??= new JSDOM('').window;
  const container = fragmentWindow.document.createElement('div');
  container.innerHTML = html;
  return [...container.querySelectorAll('*')];
}

/**
 * The feed, the JSON export, the sitemap and `_headers`, held to the pages'
 * standard. Feed descriptions hold escaped text only, so any element in one,
 * once a reader undoes the XML escaping and reads it as HTML, came from data.
 * `site` is the absolute URL every link must stay under.
 */
export function auditOutputs(outDir: string, site: string, base = '/'): Finding[] {
  const findings: Finding[] = [];
  const root = new URL(base, site).toString();

  // The event feed and the shipped feed. The shipped feed's content:encoded is an issue's sanitised description:
  // held to the pages' standard, as roadmap.json's descriptionHtml is. Every other description is escaped text only.
  for (const file of ['rss.xml', 'shipped/rss.xml']) {
    // The audit's own tests hand it a made-up folder with an event feed only.
    if (file !== 'rss.xml' && !existsSync(join(outDir, file))) continue;
    const feed = readXml(outDir, file, findings);
    for (const [index, item] of [...(feed?.querySelectorAll('item') ?? [])].entries()) {
      for (const field of item.children) {
        const name = field.tagName;
        const text = field.textContent ?? '';
        if (name === 'content:encoded' && file === 'shipped/rss.xml') findings.push(...auditElements(fragmentElements(text), `${file}: item ${index} ${name}`, base));
        else if (name === 'description' || name === 'content:encoded') {
          for (const element of fragmentElements(text)) findings.push({ file, problem: `item ${index} ${name}: <${element.tagName.toLowerCase()}> element from data` });
        }
        if ((name === 'link' || name === 'guid') && !text.startsWith(root)) findings.push({ file, problem: `item ${index} ${name} outside the site: ${text.slice(0, 60)}` });
      }
    }
  }

  // Each issue's Atom feed and the shipped feed's: well-formed, about the site only, each entry with an id of its own;
  // an issue's has at least one entry (a first shipped feed may have none).
  for (const file of listFiles(outDir).filter((f) => /^issues\/[^/]+\/feed\.xml$|^shipped\/atom\.xml$/.test(f))) {
    const atom = readXml(outDir, file, findings);
    if (!atom) continue;
    const ids = [...atom.querySelectorAll('entry > id')].map((id) => id.textContent ?? '');
    if (ids.length === 0 && file.startsWith('issues/')) findings.push({ file, problem: 'no entry' });
    if (new Set(ids).size !== ids.length) findings.push({ file, problem: 'two entries share an id' });
    for (const [index, content] of [...atom.querySelectorAll('entry > content')].entries()) {
      if (content.getAttribute('type') !== 'html') findings.push({ file, problem: `entry ${index} content of type ${content.getAttribute('type')}` });
      findings.push(...auditElements(fragmentElements(content.textContent ?? ''), `${file}: entry ${index} content`, base));
    }
    const urls = [atom.querySelector('feed > id')?.textContent ?? '', ...ids, ...[...atom.querySelectorAll('link')].map((link) => link.getAttribute('href') ?? '')];
    for (const url of urls) if (!url.startsWith(root)) findings.push({ file, problem: `link or id outside the site: ${url.slice(0, 60)}` });
  }

  let exported: { issues?: { url: string; descriptionHtml: string }[]; projects?: { url: string; descriptionHtml: string }[] } = {};
  try {
    exported = JSON.parse(readFileSync(join(outDir, 'roadmap.json'), 'utf8'));
  } catch (error) {
    findings.push({ file: 'roadmap.json', problem: `not JSON: ${(error as Error).message.slice(0, 100)}` });
  }
  for (const entry of [...(exported.issues ?? []), ...(exported.projects ?? [])]) {
    if (!entry.url.startsWith(root)) findings.push({ file: 'roadmap.json', problem: `url outside the site: ${entry.url.slice(0, 60)}` });
    findings.push(...auditElements(fragmentElements(entry.descriptionHtml), 'roadmap.json', base));
  }

  for (const file of listFiles(outDir).filter((f) => /^sitemap.*\.xml$/.test(f))) {
    for (const loc of readXml(outDir, file, findings)?.querySelectorAll('loc') ?? []) {
      const url = loc.textContent ?? '';
      if (!url.startsWith(root) || /[\s<>"']/.test(url)) findings.push({ file, problem: `location outside the site or not a clean URL: ${url.slice(0, 60)}` });
    }
  }

  findings.push(...auditHeaders(outDir));
  return findings;
}

const HEADER_NAMES = new Set(['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'X-Frame-Options', 'Access-Control-Allow-Origin']);
const CSP_DIRECTIVE_NAMES = new Set([
  'default-src',
  'img-src',
  'font-src',
  'connect-src',
  'manifest-src',
  'base-uri',
  'form-action',
  'object-src',
  'script-src',
  'style-src',
  'frame-ancestors',
]);

/** Every `_headers` line a path or a known header, every CSP directive a known one with plain source values. */
function auditHeaders(outDir: string): Finding[] {
  const file = '_headers';
  if (!existsSync(join(outDir, file))) return [{ file, problem: 'missing' }];
  const findings: Finding[] = [];
  let path = '';
  for (const line of readFileSync(join(outDir, file), 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      if (!/^\/[A-Za-z0-9._~/*-]*$/.test(line)) findings.push({ file, problem: `path rule that is not a plain path: ${line.slice(0, 60)}` });
      path = line;
      continue;
    }
    const match = /^ {2}([A-Za-z-]+): (.*)$/.exec(line);
    if (!match || !HEADER_NAMES.has(match[1]!)) {
      findings.push({ file, problem: `unknown header line: ${line.slice(0, 60)}` });
      continue;
    }
    // Other origins may read the "what's new" list, and nothing else.
    if (match[1] === 'Access-Control-Allow-Origin' && (match[2] !== '*' || !path.endsWith('/latest.json')))
      findings.push({ file, problem: `cross-origin reading of ${path}: ${line.trim()}` });
    if (match[1] !== 'Content-Security-Policy') continue;
    for (const directive of match[2]!.split(';').map((d) => d.trim())) {
      const [name, ...values] = directive.split(/\s+/);
      if (!CSP_DIRECTIVE_NAMES.has(name!)) findings.push({ file, problem: `unknown CSP directive: ${directive.slice(0, 60)}` });
      for (const value of values) {
        // The search worker compiles Pagefind's WebAssembly (src/hosting/headers.ts): the one keyword allowed, and only for scripts.
        if (name === 'script-src' && value === "'wasm-unsafe-eval'") continue;
        if (!/^(?:'(?:self|none)'|https:|https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d+)?)$/.test(value))
          findings.push({ file, problem: `CSP source that is not a plain origin: ${value.slice(0, 60)}` });
      }
    }
  }
  return findings;
}
