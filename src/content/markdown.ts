/**
 * Markdown from the portal (written by teammates, or by customers whose words
 * reached an issue) to HTML that is safe to publish and to embed: marked
 * renders it, then DOMPurify, on one jsdom window reused across documents,
 * removes everything outside a small HTML allow-list.
 */
import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';
import { Marked } from 'marked';

/**
 * Only http, https and mailto URLs, plus relative ones (no scheme before the
 * first `/`, `?` or `#`). `data:` is refused too, even for images: a data image
 * needs `img-src data:` in the CSP and can carry megabytes into a page.
 */
const ALLOWED_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const SANITIZE_CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed', 'frame', 'frameset', 'link', 'meta', 'base', 'svg', 'math'],
  FORBID_ATTR: ['style', 'class', 'id', 'name', 'srcset', 'target', 'formaction'],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: ALLOWED_URI,
};

/** Description headings start at h3: the page's own h1 and h2 come first. */
const HEADING_OFFSET = 2;

let purifier: ReturnType<typeof createDOMPurify> | undefined;

function getPurifier(): ReturnType<typeof createDOMPurify> {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  const instance = createDOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    // DOMPurify lets `data:` through on img/audio/video src whatever ALLOWED_URI_REGEXP says; refuse it.
    if (/^\s*data:/i.test(data.attrValue.replace(/[\u0000-\u0020]/g, ''))) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('rel', 'nofollow noopener noreferrer');
    }
    if (node.tagName === 'IMG') {
      // Only https images: the CSP allows `img-src 'self' https:`, and a relative path would point into this site, not the tracker.
      if (!/^https:\/\//i.test(node.getAttribute('src') ?? '')) {
        node.remove();
        return;
      }
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  });
  purifier = instance;
  return instance;
}

const marked = new Marked({
  gfm: true,
  async: false,
  walkTokens(token) {
    if (token.type === 'heading') token.depth = Math.min(6, token.depth + HEADING_OFFSET);
  },
});

/** Sanitises an HTML fragment with the allow-list above. */
export function sanitizeHtml(html: string): string {
  const fragment = getPurifier().sanitize(html, { ...SANITIZE_CONFIG, RETURN_DOM_FRAGMENT: true });
  removeEmptyHeadings(fragment);
  const container = fragment.ownerDocument.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

/**
 * A heading whose content was all markup is empty after sanitising, and an
 * empty heading misleads screen readers. A plain walk of the elements: jsdom's
 * selector engine (querySelectorAll) costs more than the sanitising itself.
 */
function removeEmptyHeadings(parent: ParentNode): void {
  for (const element of [...parent.children]) {
    if (/^H[1-6]$/.test(element.tagName)) {
      if (!element.textContent?.trim() && element.getElementsByTagName('img').length === 0) element.remove();
    } else if (element.children.length) {
      removeEmptyHeadings(element);
    }
  }
}

/** Markdown to sanitised HTML; empty for null or blank input. */
export function renderMarkdown(markdown: string | null): string {
  if (!markdown?.trim()) return '';
  return sanitizeHtml(marked.parse(markdown, { async: false }));
}
