/**
 * The "what's new" badge for a team's own app: `/latest.json` lists the last
 * shipped items, and `/whats-new.js`, loaded by the app from the roadmap's
 * site, shows on the app's own link how many shipped since the visitor last
 * followed it. Its state is one date in `localStorage`, keyed by the
 * roadmap's address: no cookie, nothing sent anywhere. The badge is a count,
 * never a title, so nothing of the portal's data is ever put into the app's page.
 */
import { changelogPath, issuePath, projectPath, releasePath } from '../view/paths.ts';
import type { ChangelogItem } from '../view/release-notes.ts';

export const LATEST_FILE = 'latest.json';
export const WHATS_NEW_FILE = 'whats-new.js';
export const LATEST_FORMAT = 'portal-roadmap.latest';
export const LATEST_VERSION = 1;
/** Items in `/latest.json`: more than a badge counts ("9+") and than a "what's new" list shows. */
export const LATEST_ITEMS = 20;

interface LatestContext {
  /** Absolute URL of the roadmap's root, ending in a slash. */
  siteRoot: string;
  /** The changelog, newest first, with the team's release notes at their dates (`kind: 'note'`, `id` its address). */
  changelog: readonly ChangelogItem[];
  title: (entry: ChangelogItem) => string | undefined;
}

export function latestDocument({ siteRoot, changelog, title }: LatestContext) {
  const url = (path: string) => new URL(path, siteRoot).toString();
  return {
    format: LATEST_FORMAT,
    version: LATEST_VERSION,
    changelog: url(changelogPath()),
    items: changelog.slice(0, LATEST_ITEMS).map((entry) => ({
      kind: entry.kind,
      id: entry.id,
      title: title(entry) ?? null,
      url: url(entry.kind === 'issue' ? issuePath(entry.id) : entry.kind === 'note' ? releasePath(entry.id) : projectPath(entry.id)),
      shippedAt: entry.at,
      /** The history saw it already shipped: the date is "on or before". */
      approximate: entry.atLeast,
    })),
  };
}

/**
 * The badge script, plain ES5 text served as it is (a classic script: it
 * finds its own address through `document.currentScript`). The app marks the
 * link with `data-roadmap-whats-new`; a link without an href gets the
 * changelog's. The first visit counts nothing and remembers the newest item;
 * following the link remembers it again.
 */
export const WHATS_NEW_SCRIPT = `/* portal-roadmap: what's new (docs/whats-new.md) */
(function () {
  var script = document.currentScript;
  if (!script || !window.fetch || !window.URL) return;
  var root = new URL('.', script.src);
  var key = 'portal-roadmap:seen:' + root.href;
  var links = document.querySelectorAll(script.getAttribute('data-target') || '[data-roadmap-whats-new]');
  if (!links.length) return;
  function remember(value) { try { localStorage.setItem(key, value); } catch (e) {} }
  fetch(new URL('${LATEST_FILE}', root).href, { credentials: 'omit' }).then(function (response) {
    return response.ok ? response.json() : null;
  }).then(function (latest) {
    if (!latest || !latest.items || !latest.items.length) return;
    var newest = String(latest.items[0].shippedAt);
    var seen = null;
    try { seen = localStorage.getItem(key); } catch (e) { return; }
    if (seen === null) remember(newest);
    var count = 0;
    for (var i = 0; i < latest.items.length; i++) if (seen !== null && String(latest.items[i].shippedAt) > seen) count++;
    for (var j = 0; j < links.length; j++) {
      var link = links[j];
      if (link.tagName === 'A' && !link.getAttribute('href')) link.setAttribute('href', String(latest.changelog));
      link.addEventListener('click', function () { remember(newest); });
      if (!count) continue;
      var badge = document.createElement('span');
      badge.className = 'portal-roadmap-badge';
      badge.setAttribute('data-count', String(count));
      badge.textContent = count >= ${LATEST_ITEMS} ? '${LATEST_ITEMS - 1}+' : String(count);
      link.appendChild(badge);
    }
  }).catch(function () {});
})();
`;
