/**
 * The embed's theme script, run as the browser runs it (a classic script in
 * the <head>): the host's ?theme= sets data-theme and the color-scheme meta,
 * and anything but light, dark or auto changes nothing.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { classicScript } from '../../../src/integration/classic-scripts.ts';

const { code: EMBED_THEME_SCRIPT } = await classicScript('client-scripts/embed-theme.ts');

function embedAt(search: string, configured?: 'light' | 'dark') {
  const dom = new JSDOM(
    `<!doctype html><html${configured ? ` data-theme="${configured}"` : ''}><head><meta name="color-scheme" content="${configured ?? 'light dark'}"></head><body></body></html>`,
    { url: `https://you.github.io/repo/embed/${search}`, runScripts: 'outside-only' },
  );
  dom.window.eval(EMBED_THEME_SCRIPT);
  const root = dom.window.document.documentElement;
  return { theme: root.getAttribute('data-theme'), meta: dom.window.document.querySelector('meta[name="color-scheme"]')!.getAttribute('content') };
}

describe('the embed theme script', () => {
  it('applies the theme the host asks for', () => {
    expect(embedAt('?theme=light')).toEqual({ theme: 'light', meta: 'light' });
    expect(embedAt('?theme=dark')).toEqual({ theme: 'dark', meta: 'dark' });
  });

  it('auto follows the visitor even where the config forces a scheme', () => {
    expect(embedAt('?theme=auto', 'dark')).toEqual({ theme: null, meta: 'light dark' });
  });

  it('leaves the configured theme alone without a valid theme', () => {
    expect(embedAt('', 'dark')).toEqual({ theme: 'dark', meta: 'dark' });
    expect(embedAt('?theme=%22%3E%3Cscript%3E', 'dark')).toEqual({ theme: 'dark', meta: 'dark' });
    expect(embedAt('?theme=Light')).toEqual({ theme: null, meta: 'light dark' });
  });
});
