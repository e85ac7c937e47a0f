/**
 * Value rules used by more than one stage (config, normalisation, the view),
 * written once so that they cannot drift apart.
 */

/** `#rgb` or `#rrggbb`, either case. */
export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A `#rgb` or `#rrggbb` colour, lower-cased; anything else is null so it never reaches a style. */
export function hexColour(value: string | null | undefined): string | null {
  const colour = value?.trim().toLowerCase();
  return colour && HEX_COLOUR.test(colour) ? colour : null;
}

/** An absolute http(s) URL, or null: other schemes never become links. */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A link a team puts in its pages (the header's `nav`), written as a browser reads it (`<`, spaces and the like
 * percent-encoded), or null: an absolute http(s) URL, or a path from the site's root (`/docs/`). Not `//host` or
 * `/\host`, which browsers read as another host, nor any other scheme (`javascript:`).
 */
export function linkTarget(value: string): string | null {
  if (/^\/(?![/\\])/.test(value)) {
    if (/[\s\\]/.test(value)) return null;
    const url = new URL(value, 'https://site.invalid');
    return url.origin === 'https://site.invalid' ? `${url.pathname}${url.search}${url.hash}` : null;
  }
  return /^https?:\/\//i.test(value) ? httpUrl(value) : null;
}

/** Code-unit order of two strings: stable across locales and machines, unlike `localeCompare`. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders records by id in code-unit order, so equal data always sorts the same. */
export function byId(a: { id: string }, b: { id: string }): number {
  return compareCodeUnits(a.id, b.id);
}

const THIS_MACHINE = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a URL's `hostname` names this machine (127.0.0.1, localhost, [::1]). */
export const onThisMachine = (hostname: string): boolean => THIS_MACHINE.has(hostname);

/**
 * Why a secret may not be sent to `url` (a webhook, a Mastodon server), or undefined when it may: it must be
 * https, and name no user (`user@host`: in `http://localhost:80@evil.example` the host is evil.example, and the
 * secret would travel there). Plain http only on this machine (127.0.0.1, localhost, [::1]), where nothing
 * crosses a network: a local test server.
 */
export function secretTargetProblem(url: URL): string | undefined {
  if (url.username !== '' || url.password !== '') return 'names a user ("…@" before the host)';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && onThisMachine(url.hostname)) return undefined;
  return 'is not https';
}
