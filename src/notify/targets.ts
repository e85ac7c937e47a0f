/**
 * Where `portal-roadmap notify` posts to each service: the webhook URL from the variable the config names, or the
 * Mastodon server's statuses endpoint with the token from its variable. A URL is refused, without being repeated
 * (it is the credential), when it is not https, or names a user (`user@host`, `http://localhost:80@evil.example`:
 * the host is then `evil.example`, and the secret would travel there). Plain http is allowed for this machine
 * only (127.0.0.1, localhost, [::1]), where nothing crosses a network: a local test server, as the tests use.
 * Pure.
 */
import type { RoadmapConfig } from '../config/roadmap-config.ts';
import type { ServiceName } from './services.ts';

const THIS_MACHINE = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why `url` may not be posted to, or undefined when it may. */
export function urlProblem(url: URL): string | undefined {
  if (url.username !== '' || url.password !== '') return 'names a user ("…@" before the host)';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && THIS_MACHINE.has(url.hostname)) return undefined;
  return 'is not https';
}

/** The URL (and token) to post to, or why there is none: the variable is unset, or holds no usable URL. */
export function targetOf(service: ServiceName, settings: RoadmapConfig['notify'], env: Record<string, string | undefined>): { url: string; token?: string } | string {
  if (service === 'mastodon') {
    const { instance, tokenEnv } = settings.mastodon!;
    const server = new URL(instance);
    const problem = urlProblem(server);
    if (problem) return `notify.mastodon.instance ${problem}: skipped. Set it to the https address of the Mastodon server, e.g. "https://mastodon.social".`;
    const token = env[tokenEnv];
    return token ? { url: new URL('/api/v1/statuses', server).toString(), token } : `${tokenEnv} is not set: skipped. Set it to the account's access token (a CI secret).`;
  }
  const variable = settings[service]!.webhookEnv;
  const value = env[variable]?.trim();
  if (!value) return `${variable} is not set: skipped. Set it to the webhook URL (a CI secret).`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${variable} does not hold a URL: skipped. Set it to the webhook URL.`;
  }
  // Never repeat the value: it is the credential.
  const problem = urlProblem(url);
  return problem ? `${variable} holds a URL that ${problem}: skipped. Set it to the https webhook URL.` : { url: url.toString() };
}
