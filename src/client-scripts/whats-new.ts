/**
 * `/whats-new.js`, the "what's new" script a team's app loads from the roadmap's site (docs/whats-new.md): a classic
 * script that finds its own address through `document.currentScript` and reads `/latest.json` beside it
 * (src/exports/whats-new.ts). Bundled as one IIFE at build (src/integration/classic-scripts.ts), its stylesheet
 * (./whats-new.css) minified into it, and served as src/routes/whats-new.js.ts.
 *
 * - On each element the app marks with `data-roadmap-whats-new` (or `data-target`'s selector) it puts a count of
 *   what shipped since the visitor last looked; a link without an href gets the changelog's.
 * - A `<button data-roadmap-whats-new="panel">` opens the latest entries in a modal `<dialog>`: the top layer
 *   escapes the host's stacking contexts and `overflow`, and the browser moves focus in, closes it on Escape and
 *   keeps the page behind inert. The dialog is in a shadow root, so neither page's CSS reaches the other; its
 *   styles are a constructed stylesheet (`adoptedStyleSheets`), which the host's CSP `style-src` does not govern,
 *   where a `<style>` element would need `'unsafe-inline'` there. Every text is set as text (`textContent`), every
 *   address is checked to be http(s): the data is the portal's and the team's, never trusted as markup.
 *
 * Its state is one date in `localStorage`, keyed by the roadmap's address: no cookie, nothing sent anywhere.
 */
import { LATEST_ITEMS } from '../exports/latest-items.ts';
import { writeLongDate } from '../i18n/long-date.ts';
import PANEL_CSS from './whats-new.css?inline';

/** An item of `latest.json` as the script reads it: every field may be missing or of another type. */
interface LatestItem {
  title?: unknown;
  url?: unknown;
  shippedAt?: unknown;
  tags?: unknown;
  summary?: unknown;
  /** A note's image: a small copy (`LatestImage` of src/exports/whats-new.ts). */
  image?: { url?: unknown; alt?: unknown; width?: unknown; height?: unknown } | null;
  dateLabel?: unknown;
}

/** `latest.json`'s words for the panel (src/exports/whats-new.ts), possibly missing. */
interface LatestLabels {
  heading?: unknown;
  close?: unknown;
  unread?: unknown;
  changelog?: unknown;
  empty?: unknown;
  tags?: Record<string, unknown>;
  unreadCounts?: unknown[];
}

interface Latest {
  items?: unknown;
  labels?: LatestLabels;
  changelog?: unknown;
  lang?: unknown;
  dir?: unknown;
}

/** `value` as text: none for null or undefined. */
const text = (value: unknown): string | null => (value == null ? null : String(value));

/** Appends a `tag` element to `parent` with `content` as its text (never as HTML) and `name` as its class. */
function make<K extends keyof HTMLElementTagNameMap>(parent: Node, tag: K, content?: unknown, name?: string): HTMLElementTagNameMap[K] {
  const node = parent.appendChild(document.createElement(tag));
  if (content != null) node.textContent = String(content);
  if (name) node.className = name;
  return node;
}

function start(script: HTMLScriptElement): void {
  const root = new URL('.', script.src);
  const key = `portal-roadmap:seen:${root.href}`;
  const marked = document.querySelectorAll<HTMLElement>(script.getAttribute('data-target') || '[data-roadmap-whats-new]');
  if (!marked.length) return;
  // Never a date after now: a note dated 2099 would otherwise leave every later item read.
  const clamp = (value: string | null): string | null => {
    const now = new Date().toISOString();
    return value && value > now ? now : value;
  };
  const remember = (value: string): void => {
    try {
      localStorage.setItem(key, clamp(value)!);
    } catch {
      // Storage refused: nothing is remembered, and nothing counts as unread.
    }
  };
  /** The date last seen; null on a first visit, false where storage is refused. */
  const seen = (): string | null | false => {
    try {
      return clamp(localStorage.getItem(key));
    } catch {
      return false;
    }
  };
  /** `value` as an absolute http(s) address (relative ones resolve under the roadmap), else ''. */
  const address = (value: unknown): string => {
    if (value == null || value === '') return '';
    try {
      const url = new URL(String(value), root);
      return /^https?:$/.test(url.protocol) ? url.href : '';
    } catch {
      return '';
    }
  };

  fetch(new URL('latest.json', root).href, { credentials: 'omit' })
    .then((response) => (response.ok ? (response.json() as Promise<Latest | null>) : null))
    .then((latest) => {
      if (!latest || !(latest.items instanceof Array)) return;
      const items = (latest.items as LatestItem[]).slice(0, LATEST_ITEMS);
      const labels = latest.labels || {};
      const tagLabels = labels.tags || {};
      const last = seen();
      let newest = '';
      for (const item of items) if (String(item.shippedAt) > newest) newest = String(item.shippedAt);
      // A first visit counts nothing: it remembers the newest.
      if (last === null && newest) remember(newest);
      const unread = (item: LatestItem, since: string | null | false) => typeof since === 'string' && String(item.shippedAt) > since;
      const count = items.filter((item) => unread(item, last)).length;
      const badges: HTMLElement[] = [];
      const named: HTMLElement[] = [];
      const changelog = address(latest.changelog);
      let host: HTMLElement | undefined;
      let dialog: HTMLDialogElement;
      let list: HTMLUListElement;
      let opener: HTMLElement;

      const when = (item: LatestItem): string => {
        const date = new Date(String(item.shippedAt));
        if (isNaN(date.getTime())) return '';
        let written: string;
        try {
          // As the site writes it (src/i18n/long-date.ts): German keeps "23.\u00a0November" on one line.
          written = writeLongDate(date, String(latest.lang || navigator.language));
        } catch {
          written = date.toISOString().slice(0, 10);
        }
        return String(item.dateLabel || '{date}')
          .split('{date}')
          .join(written);
      };

      const build = (): HTMLElement => {
        const element = document.createElement('portal-roadmap-whats-new');
        element.id = 'portal-roadmap-whats-new';
        const shadow = element.attachShadow({ mode: 'open' });
        try {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(PANEL_CSS);
          shadow.adoptedStyleSheets = [sheet];
        } catch {
          // No constructed stylesheets (Safari before 16.4): the panel works unstyled.
        }
        dialog = make(shadow, 'dialog');
        dialog.setAttribute('aria-labelledby', 'h');
        if (latest.lang) dialog.lang = String(latest.lang);
        dialog.dir = latest.dir === 'rtl' ? 'rtl' : 'ltr';
        const panel = make(dialog, 'div', null, 'p');
        const head = make(panel, 'div', null, 'h');
        make(head, 'h2', labels.heading).id = 'h';
        const close = make(head, 'button', '\u00d7');
        close.type = 'button';
        close.setAttribute('aria-label', String(labels.close));
        close.addEventListener('click', () => dialog.close());
        list = make(panel, 'ul');
        if (changelog) make(panel, 'a', labels.changelog, 'all').href = changelog;
        dialog.addEventListener('close', () => {
          opener.setAttribute('aria-expanded', 'false');
          opener.focus();
        });
        // A click on the backdrop: the panel fills the dialog, so only there is the dialog itself the target.
        dialog.addEventListener('click', (event) => {
          if (event.target === dialog) dialog.close();
        });
        document.body.appendChild(element);
        return element;
      };

      const open = (event: Event): void => {
        opener = event.currentTarget as HTMLElement;
        const since = seen();
        list.textContent = '';
        if (!items.length) make(list, 'li', labels.empty, 'm');
        for (const item of items) {
          const fresh = unread(item, since);
          const entry = make(list, 'li', null, fresh ? 'u' : '');
          const meta = make(entry, 'p', null, 'm');
          if (fresh) make(meta, 'b', labels.unread);
          make(meta, 'time', when(item)).dateTime = String(item.shippedAt);
          for (const tag of item.tags instanceof Array ? (item.tags as unknown[]).map(String) : []) {
            make(meta, 'span', Object.prototype.hasOwnProperty.call(tagLabels, tag) ? tagLabels[tag] : tag, 't').setAttribute('data-tag', tag);
          }
          // A title whose address is no http(s) one is shown without a link; its direction is its own.
          const url = address(item.url);
          const link = make(entry, url ? 'a' : 'span', text(item.title) ?? '');
          link.dir = 'auto';
          if (url) (link as HTMLAnchorElement).href = url;
          // A note's image, from the roadmap's origin (the host's CSP `img-src` allows it: docs/whats-new.md), sized before it loads.
          const image = item.image && address(item.image.url);
          if (image) {
            const picture = make(entry, 'img');
            picture.alt = text(item.image!.alt) ?? '';
            picture.width = Number(item.image!.width) || 0;
            picture.height = Number(item.image!.height) || 0;
            picture.loading = 'lazy';
            picture.src = image;
          }
          if (item.summary) make(entry, 'p', item.summary, 's').dir = 'auto';
        }
        if (newest) remember(newest);
        while (badges.length) badges.pop()!.remove();
        // Read: each element the count named is named by its content again.
        while (named.length) named.pop()!.removeAttribute('aria-label');
        opener.setAttribute('aria-expanded', 'true');
        dialog.showModal();
      };

      for (const element of marked) {
        if (element.tagName === 'BUTTON' && element.getAttribute('data-roadmap-whats-new') === 'panel') {
          host ??= build();
          element.setAttribute('aria-haspopup', 'dialog');
          element.setAttribute('aria-expanded', 'false');
          element.setAttribute('aria-controls', host.id);
          element.addEventListener('click', open);
        } else {
          if (element.tagName === 'A' && !element.getAttribute('href') && changelog) element.setAttribute('href', changelog);
          element.addEventListener('click', () => {
            if (newest) remember(newest);
          });
        }
        if (!count) continue;
        const badge = make(element, 'span', count >= LATEST_ITEMS ? `${LATEST_ITEMS - 1}+` : count, 'portal-roadmap-badge');
        badge.setAttribute('data-count', String(count));
        badges.push(badge);
        // Named with the count in words ("What's new, 5 unread", latest.json says each count), unless the app named it.
        const name = (labels.unreadCounts || [])[Math.min(count, LATEST_ITEMS) - 1];
        if (name && !element.hasAttribute('aria-label')) {
          named.push(element);
          element.setAttribute('aria-label', String(name));
        }
      }
    })
    .catch(() => {});
}

const script = document.currentScript as HTMLScriptElement | null;
if (script && 'fetch' in window && 'URL' in window) start(script);
