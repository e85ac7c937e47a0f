/** A newsletter service's subscribe form. */
import { z } from 'zod';

/** A form field's name as newsletter services use them: letters, digits, `_`, `-`, `[` and `]`. */
const formFieldName = () =>
  z.string().regex(/^[A-Za-z0-9_\-[\]]{1,100}$/, 'use the field name of your service\'s form: letters, digits, "_", "-", "[" and "]", e.g. "email" or "EMAIL"');

export const subscribeOptions = {
  /**
   * A newsletter service's subscribe form, shown on the Shipped and changelog pages (the
   * [shipped feed](../newsletter.md) feeds the newsletter). Unset: no form, and forms may post nowhere.
   */
  subscribe: z
    .strictObject({
      /**
       * The address the service's own subscribe form posts to (its `action`), an https URL, e.g.
       * `https://buttondown.com/api/emails/embed-subscribe/acme`. The pages' CSP lets forms post to its origin
       * and nowhere else.
       */
      action: z.url({
        protocol: /^https$/,
        error: 'use the https address your newsletter service\'s subscribe form posts to (its action), e.g. "https://buttondown.com/api/emails/embed-subscribe/acme"',
      }),
      /** The name of the e-mail field the service reads: `email` (Buttondown), `EMAIL` (Mailchimp), `email_address` (Kit). */
      emailField: formFieldName().default('email'),
      /** Hidden fields the service's own form has, by name, e.g. `{"embed": "1"}` (Buttondown). */
      hiddenFields: z.record(formFieldName(), z.string().max(500, 'at most 500 characters')).default({}),
    })
    .optional(),
};
