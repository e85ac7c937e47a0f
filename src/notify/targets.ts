/**
 * Where `portal-roadmap notify` posts to each service: the webhook URL from the variable the config names, or the
 * Mastodon server's statuses endpoint with the token from its variable. A URL is refused, without being repeated
 * (it is the credential), when it is not https or names a user (src/shared/values.ts, `secretTargetProblem`).
 * Pure.
 */
import type { RoadmapConfig } from '../config/roadmap-config.ts';
import { secretTargetProblem as urlProblem } from '../shared/values.ts';
import type { ServiceName } from './services.ts';

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
