/** Links out of the site: where visitors vote on an issue and where they suggest a new one. */
import { z } from 'zod';
import { httpUrl } from '../../shared/values.ts';

export const linkOptions = {
  /**
   * Link each issue to a vote or discussion page: an http(s) URL with
   * `{issueId}` and/or `{identifier}` in it, e.g. `https://portal.example.com/r/{issueId}`.
   */
  voteUrl: z
    .string()
    .refine((template) => /\{(issueId|identifier)\}/.test(template), 'include {issueId} or {identifier}, e.g. "https://portal.example.com/r/{issueId}"')
    .refine((template) => httpUrl(template.replace(/\{(issueId|identifier)\}/g, 'x')) !== null, 'use an absolute http(s) URL, e.g. "https://portal.example.com/r/{issueId}"')
    .optional(),
  /**
   * Where visitors suggest something new: an absolute http(s) URL, e.g. your
   * portal's submission form. Adds a "Suggest an idea" link to the site
   * header and to the embed pages. Unset: no link.
   */
  submitUrl: z.url({ protocol: /^https?$/, error: 'use an absolute http(s) URL, e.g. "https://portal.example.com/new"' }).optional(),
};
