/**
 * The `_headers` rules as Vercel routes. Vercel reads no `_headers` file; a
 * build that writes `.vercel/output/config.json` (Vercel's Build Output API,
 * version 3: https://vercel.com/docs/build-output-api/configuration) gives
 * each route's headers to the responses whose path its `src` expression
 * matches, and goes on to the next route where `continue` is set.
 *
 * `_headers` applies every rule that matches a path and joins same-name
 * headers with a comma. Vercel documents no such joining, so the routes made
 * here never overlap: each rule's route leaves out the paths of the rules
 * nested in it (a negative lookahead), and carries the joined headers of the
 * rule and of every rule it is nested in. A path then gets from exactly one
 * route exactly what `_headers` gives it, on any host that reads either.
 */
import type { HeaderRule } from './headers.ts';

export type VercelRoute = { src: string; headers?: Record<string, string>; continue?: boolean; dest?: string; status?: number } | { handle: 'filesystem' };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isPrefix = (rule: HeaderRule) => rule.path.endsWith('*');
/** The rule's paths as the start of an expression: a prefix is open at the end, an exact path is closed. */
const pattern = (rule: HeaderRule) => (isPrefix(rule) ? escape(rule.path.slice(0, -1)) : `${escape(rule.path)}$`);
/** Whether every path `inner` matches is one `outer` matches too (and they are not the same rule). */
const nestedIn = (inner: HeaderRule, outer: HeaderRule) => inner !== outer && isPrefix(outer) && inner.path.startsWith(outer.path.slice(0, -1)) && inner.path !== outer.path;

/** Same-name headers of several rules, joined with a comma in the order given, as `_headers` hosts join them. */
function joined(rules: readonly HeaderRule[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) for (const [name, value] of Object.entries(rule.headers)) headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  return headers;
}

/** One route per rule, in the rules' order, none overlapping another. */
export function vercelHeaderRoutes(rules: readonly HeaderRule[]): { src: string; headers: Record<string, string>; continue: true }[] {
  return rules.map((rule) => {
    const nested = rules.filter((other) => nestedIn(other, rule));
    const exclude = nested.length ? `(?!${nested.map(pattern).join('|')})` : '';
    return {
      src: `^${exclude}${pattern(rule)}${isPrefix(rule) ? '.*$' : ''}`,
      headers: joined(rules.filter((outer) => outer === rule || nestedIn(rule, outer))),
      continue: true as const,
    };
  });
}

/**
 * `.vercel/output/config.json`: the header routes, then the files themselves,
 * then `notFound` (the site's 404 page, under its base path) for any path no
 * file answers, with status 404.
 */
export function vercelOutputConfig(rules: readonly HeaderRule[], notFound?: { base: string; page: string }) {
  const routes: VercelRoute[] = [...vercelHeaderRoutes(rules), { handle: 'filesystem' }];
  if (notFound) routes.push({ src: `^${escape(notFound.base)}.*$`, dest: notFound.page, status: 404 });
  return { version: 3, routes };
}
