/**
 * The "what's new" script (`/whats-new.js`) run in a DOM of jsdom against a `latest.json` of the test's, for what the
 * unit tier can see of the panel without a browser: the links it makes, what it remembers, how its button is named.
 * The browser tier (test/browser/whats-new-panel.test.ts) runs the script as served, in Chromium.
 */
import { JSDOM } from 'jsdom';
import { classicScript } from '../../src/integration/classic-scripts.ts';

/** The script as the roadmap serves it: bundled from src/client-scripts/whats-new.ts. */
export const { code: WHATS_NEW_SCRIPT } = await classicScript('client-scripts/whats-new.ts');

/** Where the script is served from in these runs. */
export const PANEL_ROOT = 'https://roadmap.example/';
export const SEEN_KEY = `portal-roadmap:seen:${PANEL_ROOT}`;

export interface PanelRun {
  window: JSDOM['window'];
  /** The marked button of the host page. */
  button: HTMLButtonElement;
  /** The panel's shadow root, once built. */
  shadow: () => ShadowRoot;
  /** What the script keeps in `localStorage`. */
  seen: () => string | null;
  /** Clicks the button and lets the panel fill. */
  open: () => void;
}

/** Runs the script on a page with one panel button, `seen` already remembered (or none: a first visit). */
export async function runPanel(latest: unknown, seen?: string): Promise<PanelRun> {
  const dom = new JSDOM('<!doctype html><button data-roadmap-whats-new="panel" id="news">News</button>', { url: 'https://app.example/', runScripts: 'outside-only' });
  const { window } = dom;
  if (seen !== undefined) window.localStorage.setItem(SEEN_KEY, seen);
  Object.defineProperty(window.document, 'currentScript', { value: { src: `${PANEL_ROOT}whats-new.js`, getAttribute: () => null } });
  // Parsed in the page's realm, as a fetched body is: the script's `instanceof Array` is the page's Array.
  const body = window.JSON.parse(JSON.stringify(latest)) as unknown;
  Object.assign(window, { fetch: () => Promise.resolve({ ok: true, json: () => Promise.resolve(body) }) });
  // jsdom has no modal dialogs: open is all the script asks of one.
  window.HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  window.HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
  };
  window.eval(WHATS_NEW_SCRIPT);
  // The script's fetch and its `then`s settle within one turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  const button = window.document.querySelector('button')!;
  return {
    window,
    button,
    shadow: () => window.document.querySelector('portal-roadmap-whats-new')!.shadowRoot!,
    seen: () => window.localStorage.getItem(SEEN_KEY),
    open: () => button.click(),
  };
}
