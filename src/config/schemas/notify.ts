/** The chat services `portal-roadmap notify` posts the news to. */
import { z } from 'zod';
import { SECRET_INPUT } from '../../shared/friendly-errors.ts';
import { secretTargetProblem } from '../../shared/values.ts';

/**
 * The name of an environment variable: what the config holds instead of a secret, which would be published with it.
 * A value that is no such name is never repeated, whatever its spelling (` https://…`, `HTTPS://…`, no scheme,
 * `xoxb-…`, a short or dotted token): it may be the secret itself.
 */
const envVariableName = () =>
  z.string().superRefine((value, context) => {
    if (/^[A-Z_][A-Z0-9_]{0,99}$/.test(value)) return;
    const valueItself = /[:/.@\s-]/.test(value) || value.length >= 30 || /^xox/i.test(value);
    context.addIssue({
      code: 'custom',
      message: valueItself
        ? 'this looks like the URL or token itself: put it in a CI secret, pass it as an environment variable, and name the variable here, e.g. "SLACK_WEBHOOK_URL"'
        : 'name the environment variable that holds it: capital letters, digits and "_", e.g. "SLACK_WEBHOOK_URL"',
      params: SECRET_INPUT,
    });
  });

export const notifyOptions = {
  /**
   * Chat services `portal-roadmap notify` posts the news to ([notify](../notify.md)). Each names the
   * environment variable (a CI secret) that holds its webhook URL or token, never the URL or token itself.
   */
  notify: z
    .strictObject({
      /** Slack: the variable that holds an incoming webhook URL (`https://hooks.slack.com/services/…`). */
      slack: z.strictObject({ /** e.g. `SLACK_WEBHOOK_URL`. */ webhookEnv: envVariableName() }).optional(),
      /** Discord: the variable that holds a channel webhook URL (`https://discord.com/api/webhooks/…`). */
      discord: z.strictObject({ /** e.g. `DISCORD_WEBHOOK_URL`. */ webhookEnv: envVariableName() }).optional(),
      /** Microsoft Teams: the variable that holds a Workflows webhook URL ("Post to a channel when a webhook request is received"). */
      teams: z.strictObject({ /** e.g. `TEAMS_WEBHOOK_URL`. */ webhookEnv: envVariableName() }).optional(),
      /** Mastodon: a status posted by an account of the team's. */
      mastodon: z
        .strictObject({
          /** The account's server, e.g. `https://mastodon.social` (http only for a server on this machine, as in tests). */
          instance: z
            .url({ protocol: /^https?$/, error: 'use the https address of the Mastodon server, e.g. "https://mastodon.social"' })
            .refine((url) => secretTargetProblem(new URL(url)) === undefined, {
              message: 'use the https address of the Mastodon server, with no user in it, e.g. "https://mastodon.social"',
              params: SECRET_INPUT,
            })
            .transform((url) => new URL(url).origin),
          /** The variable that holds an access token with the `write:statuses` scope, e.g. `MASTODON_TOKEN`. */
          tokenEnv: envVariableName(),
          /** Who sees the status: `public`, or `unlisted` (on the account, not in public timelines). */
          visibility: z.enum(['public', 'unlisted'], { error: 'use "public" or "unlisted"' }).default('unlisted'),
        })
        .optional(),
    })
    .default({}),
};
