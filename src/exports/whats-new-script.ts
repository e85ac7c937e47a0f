/**
 * `/whats-new.js`, the "what's new" script a team's app loads from the roadmap's site (docs/whats-new.md): plain
 * ES5 text served as it is, a classic script that finds its own address through `document.currentScript` and
 * reads `/latest.json` beside it (src/exports/whats-new.ts).
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
import { LATEST_ITEMS } from './whats-new.ts';

/**
 * The panel's styles. `:host { all: initial !important }` stops what the host's CSS would pass down by inheritance
 * (fonts, colours, letter spacing); custom properties still pass, and they are the theme: `--portal-roadmap-*`.
 */
const PANEL_CSS = `:host{all:initial!important}
dialog{--a:var(--portal-roadmap-accent,#0969da);--bg:var(--portal-roadmap-background,#fff);--fg:var(--portal-roadmap-text,#1f2328);--m:var(--portal-roadmap-muted,#59636e);--b:var(--portal-roadmap-border,#d1d9e0);--n:var(--portal-roadmap-tag-new,#1a7f37);--i:var(--portal-roadmap-tag-improved,#0969da);--f:var(--portal-roadmap-tag-fixed,#8250df);box-sizing:border-box;position:fixed;inset-block:0;inset-inline:auto 0;margin:0;padding:0;border:0;border-inline-start:1px solid var(--b);width:min(var(--portal-roadmap-panel-width,26rem),100%);max-width:100%;height:100%;max-height:100%;background:var(--bg);color:var(--fg);font:400 16px/1.5 var(--portal-roadmap-font,system-ui,sans-serif);text-align:start;box-shadow:0 0 32px rgb(0 0 0/.25)}
@media(prefers-color-scheme:dark){dialog{--a:var(--portal-roadmap-accent,#4493f8);--bg:var(--portal-roadmap-background,#151b23);--fg:var(--portal-roadmap-text,#f0f6fc);--m:var(--portal-roadmap-muted,#9198a1);--b:var(--portal-roadmap-border,#3d444d);--n:var(--portal-roadmap-tag-new,#3fb950);--i:var(--portal-roadmap-tag-improved,#4493f8);--f:var(--portal-roadmap-tag-fixed,#ab7df8)}}
dialog::backdrop{background:rgb(0 0 0/.4)}
.p{display:flex;flex-direction:column;height:100%}
.h{display:flex;align-items:center;gap:8px;padding:12px;padding-inline-start:20px;border-bottom:1px solid var(--b)}
h2{flex:1;margin:0;font-size:18px;font-weight:650;line-height:1.3}
button{display:grid;place-items:center;width:40px;height:40px;padding:0;border:0;border-radius:8px;background:none;color:inherit;font:inherit;font-size:26px;line-height:1;cursor:pointer}
button:hover{background:rgb(128 128 128/.18)}
ul{flex:1;overflow-y:auto;overscroll-behavior:contain;margin:0;padding:0;list-style:none}
li{padding:14px 20px;padding-inline-start:17px;border-bottom:1px solid var(--b);border-inline-start:3px solid transparent}
li.u{border-inline-start-color:var(--a)}
.m{display:flex;flex-wrap:wrap;align-items:center;gap:4px 8px;margin:0 0 2px;color:var(--m);font-size:13px}
.u .m b{color:var(--a);font-weight:650}
.u .m b::before{content:"";display:inline-block;width:8px;height:8px;margin-inline-end:6px;border-radius:50%;background:currentColor}
.t{padding:0 8px;border:1px solid;border-radius:999px;font-size:12px;font-weight:600;line-height:18px}
[data-tag=new]{color:var(--n)}[data-tag=improved]{color:var(--i)}[data-tag=fixed]{color:var(--f)}
a{color:inherit;font-weight:600;text-decoration:none;overflow-wrap:anywhere}
.s{margin:4px 0 0;color:var(--m);font-size:14px;overflow-wrap:anywhere}
a:hover{color:var(--a);text-decoration:underline}
.all{display:block;padding:14px 20px;border-top:1px solid var(--b);color:var(--a)}
:focus-visible{outline:2px solid var(--a);outline-offset:2px}`;

/** The script as served: without its source's indentation and line comments, which only people reading this file need. */
const served = (source: string) => source.replace(/^ +/gm, '').replace(/^\/\/.*\n/gm, '');

export const WHATS_NEW_SCRIPT = served(`/* portal-roadmap: what's new (docs/whats-new.md) */
(function () {
  var script = document.currentScript;
  if (!script || !window.fetch || !window.URL) return;
  var root = new URL('.', script.src);
  var key = 'portal-roadmap:seen:' + root.href;
  var marked = document.querySelectorAll(script.getAttribute('data-target') || '[data-roadmap-whats-new]');
  if (!marked.length) return;
  // Never a date after now: a note dated 2099 would otherwise leave every later item read.
  function clamp(value) { var now = new Date().toISOString(); return value && value > now ? now : value; }
  function remember(value) { try { localStorage.setItem(key, clamp(value)); } catch (e) {} }
  function seen() { try { return clamp(localStorage.getItem(key)); } catch (e) { return false; } }
  function address(value) {
    if (value == null || value === '') return '';
    try { var url = new URL(String(value), root); return /^https?:$/.test(url.protocol) ? url.href : ''; } catch (e) { return ''; }
  }
  function make(parent, tag, text, name) {
    var node = parent.appendChild(document.createElement(tag));
    if (text != null) node.textContent = String(text);
    if (name) node.className = name;
    return node;
  }
  fetch(new URL('latest.json', root).href, { credentials: 'omit' }).then(function (response) {
    return response.ok ? response.json() : null;
  }).then(function (latest) {
    if (!latest || !(latest.items instanceof Array)) return;
    var items = latest.items.slice(0, ${LATEST_ITEMS}), labels = latest.labels || {}, tagLabels = labels.tags || {}, newest = '', last = seen();
    for (var i = 0; i < items.length; i++) if (String(items[i].shippedAt) > newest) newest = String(items[i].shippedAt);
    // A first visit counts nothing: it remembers the newest.
    if (last === null && newest) remember(newest);
    function unread(item, since) { return typeof since === 'string' && String(item.shippedAt) > since; }
    var count = 0, badges = [], named = [], changelog = address(latest.changelog), host, dialog, list, opener;
    for (i = 0; i < items.length; i++) if (unread(items[i], last)) count++;
    function when(item) {
      var date = new Date(String(item.shippedAt)), text;
      if (isNaN(date)) return '';
      try { text = date.toLocaleDateString(latest.lang || undefined, { dateStyle: 'long', timeZone: 'UTC' }); } catch (e) { text = date.toISOString().slice(0, 10); }
      return String(item.dateLabel || '{date}').split('{date}').join(text);
    }
    function build() {
      host = document.createElement('portal-roadmap-whats-new');
      host.id = 'portal-roadmap-whats-new';
      var shadow = host.attachShadow({ mode: 'open' });
      try { var sheet = new CSSStyleSheet(); sheet.replaceSync(${JSON.stringify(PANEL_CSS)}); shadow.adoptedStyleSheets = [sheet]; } catch (e) {}
      dialog = make(shadow, 'dialog');
      dialog.setAttribute('aria-labelledby', 'h');
      if (latest.lang) dialog.lang = String(latest.lang);
      dialog.dir = latest.dir === 'rtl' ? 'rtl' : 'ltr';
      var panel = make(dialog, 'div', null, 'p'), head = make(panel, 'div', null, 'h');
      make(head, 'h2', labels.heading).id = 'h';
      var close = make(head, 'button', '\\u00d7');
      close.type = 'button';
      close.setAttribute('aria-label', String(labels.close));
      close.addEventListener('click', function () { dialog.close(); });
      list = make(panel, 'ul');
      if (changelog) make(panel, 'a', labels.changelog, 'all').href = changelog;
      dialog.addEventListener('close', function () {
        opener.setAttribute('aria-expanded', 'false');
        opener.focus();
      });
      // A click on the backdrop: the panel fills the dialog, so only there is the dialog itself the target.
      dialog.addEventListener('click', function (event) { if (event.target === dialog) dialog.close(); });
      document.body.appendChild(host);
    }
    function open() {
      opener = this;
      var since = seen();
      list.textContent = '';
      if (!items.length) make(list, 'li', labels.empty, 'm');
      for (var i = 0; i < items.length; i++) {
        var item = items[i], fresh = unread(item, since), entry = make(list, 'li', null, fresh ? 'u' : ''), meta = make(entry, 'p', null, 'm');
        if (fresh) make(meta, 'b', labels.unread);
        var time = make(meta, 'time', when(item));
        time.dateTime = String(item.shippedAt);
        var tags = item.tags instanceof Array ? item.tags : [];
        for (var j = 0; j < tags.length; j++) {
          var tag = String(tags[j]);
          make(meta, 'span', {}.hasOwnProperty.call(tagLabels, tag) ? tagLabels[tag] : tag, 't').setAttribute('data-tag', tag);
        }
        // A title whose address is no http(s) one is shown without a link; its direction is its own.
        var url = address(item.url), link = make(entry, url ? 'a' : 'span', item.title == null ? '' : item.title);
        link.dir = 'auto';
        if (url) link.href = url;
        if (item.summary) make(entry, 'p', item.summary, 's').dir = 'auto';
      }
      if (newest) remember(newest);
      while (badges.length) badges.pop().remove();
      // Read: each element the count named is named by its content again.
      while (named.length) named.pop().removeAttribute('aria-label');
      opener.setAttribute('aria-expanded', 'true');
      dialog.showModal();
    }
    for (var k = 0; k < marked.length; k++) {
      var element = marked[k];
      if (element.tagName === 'BUTTON' && element.getAttribute('data-roadmap-whats-new') === 'panel') {
        if (!host) build();
        element.setAttribute('aria-haspopup', 'dialog');
        element.setAttribute('aria-expanded', 'false');
        element.setAttribute('aria-controls', host.id);
        element.addEventListener('click', open);
      } else {
        if (element.tagName === 'A' && !element.getAttribute('href') && changelog) element.setAttribute('href', changelog);
        element.addEventListener('click', function () { if (newest) remember(newest); });
      }
      if (!count) continue;
      var badge = make(element, 'span', count >= ${LATEST_ITEMS} ? '${LATEST_ITEMS - 1}+' : count, 'portal-roadmap-badge');
      badge.setAttribute('data-count', String(count));
      badges.push(badge);
      // Named with the count in words ("What's new, 5 unread", latest.json says each count), unless the app named it.
      var name = (labels.unreadCounts || [])[Math.min(count, ${LATEST_ITEMS}) - 1];
      if (name && !element.hasAttribute('aria-label')) {
        named.push(element);
        element.setAttribute('aria-label', String(name));
      }
    }
  }).catch(function () {});
})();
`);
