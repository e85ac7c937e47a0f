/**
 * The site configuration: one zod schema is the single source of truth for
 * what `roadmap.config.json` may hold, its defaults and its types.
 * Unknown keys fail, so a misspelt option never passes silently.
 */
import { isBrandFile } from './brand.ts';
import { PLAIN_PATH } from './site-url.ts';
import { moveRenamedKeys } from './renamed-keys.ts';
import { checkLocalTexts, fallbackWarnings, isPerLanguage, localText, textsIn, type LanguageTexts } from './local-text.ts';
import { localeSegment } from './locale-segment.ts';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../shared/errors.ts';
import { parseWithFriendlyErrors, SECRET_INPUT } from '../shared/friendly-errors.ts';
import { HOSTS } from './hosts.ts';
import { EN, suggestLocale, type LabelKey, type LabelOverrides, type PluralKey, type StringKey } from '../i18n/labels.ts';
import { HEX_COLOUR, httpUrl } from '../shared/values.ts';
import { withoutXmlForbidden } from '../shared/text.ts';
import { statusKey } from '../shared/status-key.ts';

/** Text that reaches pages and the feed: without the characters XML 1.0 forbids, which would make the feed invalid. */
const outputText = () => z.string().transform(withoutXmlForbidden);

export const DEFAULT_CONFIG_FILE = 'roadmap.config.json';

export const ColumnSchema = z.strictObject({
  /** Stable id: used in URLs and as a CSS hook. Lowercase letters, digits and dashes. */
  id: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lowercase letters, digits and single dashes, e.g. "in-progress"')
    .max(64, 'use at most 64 characters: the id is a folder name'),
  /**
   * Heading shown above the column, or one per language (`{"en": "Shipped", "de": "Ausgeliefert"}`).
   * Optional for the default column ids, which have labels in every language.
   */
  label: localText(outputText().pipe(z.string().trim().min(1, 'give the column a heading, e.g. "In progress"'))).optional(),
  /** Statuses that land in this column. Matched ignoring case, spaces, dashes and underscores. */
  statuses: z.array(z.string().trim().min(1, 'a status cannot be empty')).min(1, 'list at least one status, e.g. ["In Progress"]'),
  /** Leave these issues off the site: no card, no page. */
  hidden: z.boolean().default(false),
});

/** The default column of declined issues, hidden unless `board.showDeclined`. */
export const DECLINED_COLUMN = 'canceled';

/** Defaults that match the words common trackers use. */
export const DEFAULT_COLUMNS: z.input<typeof ColumnSchema>[] = [
  { id: 'backlog', statuses: ['backlog', 'triage', 'icebox', 'under consideration'] },
  { id: 'planned', statuses: ['todo', 'to do', 'planned', 'unstarted', 'next', 'up next'] },
  { id: 'in-progress', statuses: ['in progress', 'started', 'in review', 'review', 'doing', 'in development', 'testing'] },
  { id: 'done', statuses: ['done', 'completed', 'complete', 'shipped', 'released', 'closed'] },
  { id: DECLINED_COLUMN, statuses: ['canceled', 'cancelled', 'duplicate', "won't do", 'wont do'], hidden: true },
];

/** The name of an environment variable: what the config holds instead of a secret, which would be published with it. */
const envVariableName = () =>
  z
    .string()
    .refine((value) => !/^[a-z][a-z0-9+.-]*:|^[A-Za-z0-9_-]{30,}$/.test(value) || /^[A-Z_][A-Z0-9_]*$/.test(value), {
      message: 'this looks like the URL or token itself: put it in a CI secret, pass it as an environment variable, and name the variable here, e.g. "SLACK_WEBHOOK_URL"',
      params: SECRET_INPUT,
    })
    .pipe(z.string().regex(/^[A-Z_][A-Z0-9_]{0,99}$/, 'name the environment variable that holds it: capital letters, digits and "_", e.g. "SLACK_WEBHOOK_URL"'));

/** A form field's name as newsletter services use them: letters, digits, `_`, `-`, `[` and `]`. */
const formFieldName = () =>
  z.string().regex(/^[A-Za-z0-9_\-[\]]{1,100}$/, 'use the field name of your service\'s form: letters, digits, "_", "-", "[" and "]", e.g. "email" or "EMAIL"');

const hexColour = z.string().regex(HEX_COLOUR, 'use a hex colour, e.g. "#1d4ed8"');

const labelKeys = Object.keys(EN) as LabelKey[];
const labelText = () => outputText().pipe(z.string().min(1));
/** Plural forms in an override: `other` is required; a missing form falls back to it (the build warns). */
const PluralOverrideSchema = z.strictObject({
  zero: labelText().optional(),
  one: labelText().optional(),
  two: labelText().optional(),
  few: labelText().optional(),
  many: labelText().optional(),
  other: outputText().pipe(z.string().min(1, 'give the "other" form, e.g. "{count} requests"')),
});
const pluralLabel = () => z.union([labelText(), PluralOverrideSchema]);
/**
 * A plain message for a plain key; for a counted key a plain message (every count) or plural forms. Either may
 * be given per language instead: `{"en": "Vote", "de": "Abstimmen"}`.
 */
const LabelsSchema = z.strictObject(
  Object.fromEntries(labelKeys.map((key) => [key, localText(typeof EN[key] === 'string' ? labelText() : pluralLabel()).optional()])) as {
    [K in StringKey]: z.ZodOptional<ReturnType<typeof localText<ReturnType<typeof labelText>>>>;
  } & { [K in PluralKey]: z.ZodOptional<ReturnType<typeof localText<ReturnType<typeof pluralLabel>>>> },
);

export const RoadmapConfigSchema = z
  .strictObject({
    /** Site title: header, `<title>` and feeds; a text, or one per language (`{"en": …, "de": …}`). Unset: "Product roadmap" in each language. */
    title: localText(
      outputText().pipe(z.string().trim().min(1, 'give the site a title').max(200, "use at most 200 characters: the title is in every page's header, <title> and feed")),
    ).optional(),
    /** One-sentence description for the home page and meta tags; a text, or one per language. Unset: a default in each language. */
    description: localText(outputText().pipe(z.string().max(1000, "use at most 1000 characters: the description is in every page's meta tags and feed"))).optional(),
    /**
     * Absolute URL the site is served from, path included, e.g. `https://user.github.io/repo`.
     * Needed for canonical URLs and the sitemap. Its path is the base path (src/config/site-url.ts).
     */
    site: z.url({ protocol: /^https?$/, error: 'use an absolute http(s) URL, e.g. "https://roadmap.example.com"' }).optional(),
    /**
     * Path prefix when the site is not served from the root, e.g. `/repo` for a GitHub Pages project site. Unset:
     * the path of `site`, else `/`. (Not `prefix`, the place of a roadmap mounted in a site of its own.)
     */
    base: z
      .string()
      .regex(
        PLAIN_PATH,
        'use a path of plain folders (ASCII letters, digits, "-", "_", "." and "~", one "/" before each), e.g. "/roadmap": "//host" or "/\\host" would send every link to another host',
      )
      .optional(),
    /**
     * Mounts the roadmap below this path of a site with pages of its own (a Starlight docs site, say), e.g.
     * `/roadmap`: the site keeps its own settings, 404 page, robots.txt and sitemap, and the roadmap's pages,
     * search and headers stay below the path. Unset: the roadmap is the whole site.
     */
    prefix: z
      .string()
      .regex(/^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*\/?$/, 'use a path of lowercase letters, digits and dashes below the site, e.g. "/roadmap"')
      .transform((path) => path.replace(/\/$/, ''))
      .optional(),
    /** BCP 47 locale: its language picks the interface's translation, the whole tag formats dates and numbers, e.g. `en`, `de-AT`. */
    locale: localeTag().optional(),
    /**
     * One site in several languages, e.g. `["en", "de"]`: the first at the
     * root, each other under `/{tag}/` (lower case). Unset: the one `locale`.
     */
    locales: z.array(localeTag()).min(1, 'list at least one language, e.g. ["en", "de"]').optional(),
    /** Board columns, in order, each with the statuses it collects. An unmapped status gets a column of its own. */
    columns: z.array(ColumnSchema).min(1, 'configure at least one column').prefault(DEFAULT_COLUMNS),
    /** Overrides of UI strings; the keys are those of src/i18n/translations/en.json. Counted keys take a string or plural forms. */
    labels: LabelsSchema.default({}),
    /** What may be published beyond the public fields. Everything here is off by default. */
    privacy: z
      .strictObject({
        /** Publish tracker-internal fields: `trackerTicketId`, `trackerProjectId`, `trackerTeamIds`, `workspaceId`, `version`. */
        publishTrackerFields: z.boolean().default(false),
        /** Link each issue to its `url`. Off by default: it usually points at the internal tracker. Only http(s) URLs are ever linked. */
        publishIssueUrl: z.boolean().default(false),
      })
      .default({ publishTrackerFields: false, publishIssueUrl: false }),
    /** The board. */
    board: z
      .strictObject({
        /** Cards shown per column on the board; the rest are on the column's own pages. */
        cardsPerColumn: z.number().int().min(1, 'show at least 1 card').max(500, 'at most 500').default(20),
        /** Cards per column page (`/status/{id}/`, `/status/{id}/2/`, …). */
        pageSize: z.number().int().min(5, 'at least 5').max(500, 'at most 500').default(50),
        /**
         * Show declined issues (the column with the id `canceled`: canceled, duplicate, won't do) in a column of
         * their own (in its place among `columns`: after `done`, by default) instead of leaving them off the site. Rename its heading with
         * `labels.columnCanceled`, e.g. `"Declined"`.
         */
        showDeclined: z.boolean().default(false),
        /**
         * A board of its own for each team (`/teams/{slug}/`, with its feed `/teams/{slug}/rss.xml` and its
         * embed `/embed/teams/{slug}/`), linked from the main board. `false`: no team boards.
         */
        teamBoards: z.boolean().default(true),
      })
      .default({ cardsPerColumn: 20, pageSize: 50, showDeclined: false, teamBoards: true }),
    /**
     * Show how many upvotes each issue and project has. `false` hides the counts everywhere: cards, issue and
     * project pages, embeds, search results, link previews, structured data, `roadmap.json`, `board-index.json`
     * and the upvote samples of `history.json`. Issues keep their order (the team's own order within a column, the
     * most upvoted first among issues it leaves equal).
     */
    showUpvotes: z.boolean().default(true),
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
              .refine(
                (url) => url.startsWith('https:') || /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url),
                'use the https address of the Mastodon server, e.g. "https://mastodon.social"',
              )
              .transform((url) => new URL(url).origin),
            /** The variable that holds an access token with the `write:statuses` scope, e.g. `MASTODON_TOKEN`. */
            tokenEnv: envVariableName(),
            /** Who sees the status: `public`, or `unlisted` (on the account, not in public timelines). */
            visibility: z.enum(['public', 'unlisted'], { error: 'use "public" or "unlisted"' }).default('unlisted'),
          })
          .optional(),
      })
      .default({}),
    /**
     * Draw a share card (a 1200×630 Open Graph image, `/og/issues/{id}.png` and `/og/projects/{id}.png`) for each
     * issue and project at build time: its title, column or state, project, the site's title and accent; never its
     * upvotes. And the site's card (`/og/site.png`; `/og/{language}/site.png` for a language whose title or
     * description differs): the site's title, description and accent, the image of every other page (board,
     * columns, changelog, shipped, teams, changes) unless `theme.socialImage` is set, which wins (no site card is
     * drawn then). Cards are cached in
     * the state folder. A text in a script the cards' fonts cannot draw (Arabic, Hebrew, CJK, …) gets no card: its
     * page shows `theme.socialImage`, else the site card, and the build says how many. Off and with no
     * `theme.socialImage`, pages have no image, and the build says so in one line.
     */
    shareCards: z.boolean().default(false),
    /**
     * Ship dates you already know, for what shipped before the site's history began: a JSON file inside the
     * project, relative to its root, mapping an issue's id or identifier to the day it shipped, e.g.
     * `{ "FN-12": "2025-03-14" }` (at most 10,000 entries, 1 MB). Those issues then show that date on the
     * changelog and the Shipped page instead of "shipped before {date}". A date the history itself recorded wins;
     * an entry for an issue that is not shipped, or not on the site, is named in a warning.
     */
    shipDates: z.string().min(1).optional(),
    /**
     * Where the site is hosted: `github-pages`, `netlify`, `cloudflare-pages` or `vercel`. The build then warns,
     * naming the limit and the way out, when its output passes a limit that host documents (Cloudflare Pages:
     * 20,000 files, 25 MiB a file, 100 `_headers` rules; GitHub Pages: 1 GB). Unset: no such check. With `vercel`, the
     * build also writes `.vercel/output/` (Vercel's Build Output API: the site, and the `_headers` rules as routes),
     * which Vercel deploys with those headers.
     */
    host: z.enum(HOSTS, { error: `use one of ${HOSTS.map((host) => `"${host}"`).join(', ')}` }).optional(),
    /** Look and feel. */
    theme: z
      .strictObject({
        /** Accent colour: header rule, column headers, progress bars, focus rings, active filter, link hovers, buttons; src/view/theme.ts keeps its contrast. */
        accent: hexColour.optional(),
        /**
         * Logo beside the title: an image file relative to the config file (e.g. `brand/logo.svg`, served
         * from `brand/` and checked by src/config/brand.ts), a path under `public/` (e.g. `/logo.svg`) or an https URL.
         */
        logo: brandImage('brand/logo.svg').optional(),
        /** The favicon, as `logo` takes it (e.g. `brand/favicon.svg`). Unset: portal-roadmap's own. */
        favicon: brandImage('brand/favicon.svg').optional(),
        /**
         * The default Open Graph / Twitter image, as `logo` takes it (e.g. `brand/social.png`, ideally 1200×630): on
         * every page with no share card of its own, over the site card of `shareCards`. Unset, with `shareCards` off:
         * link previews show no image (portal-roadmap ships none with its own branding). Was `seo.image`.
         */
        socialImage: brandImage('brand/social.png').optional(),
        /** A CSS file of yours inside the project, relative to its root, loaded after the site's own styles (checked by `customCssFile`). */
        customCss: z.string().min(1).optional(),
        /** `auto` follows the visitor's system setting; `light` or `dark` forces one. */
        colorScheme: z.enum(['auto', 'light', 'dark'], { error: 'use "auto", "light" or "dark"' }).default('auto'),
      })
      .default({ colorScheme: 'auto' }),
    /** The "Shipped" page. */
    shipped: z
      .strictObject({
        /** Columns whose issues count as shipped. */
        columns: z.array(z.string()).default(['done']),
        /** Project states that count as completed (a project at 100 % counts too). Matched ignoring case. */
        projectStates: z.array(z.string()).default(['completed', 'done', 'shipped', 'released']),
        /** Most issues listed. */
        limit: z.number().int().min(1).max(1000).default(50),
      })
      .default({ columns: ['done'], projectStates: ['completed', 'done', 'shipped', 'released'], limit: 50 }),
    /** Embedding the site in other pages by iframe (`/embed/`, `/embed/projects/{id}/`). */
    embed: z
      .strictObject({
        /**
         * Origins allowed to frame the embed pages and to receive their height
         * messages, e.g. `["https://docs.example.com"]`. Empty: no one may frame any page.
         */
        allowedOrigins: z.array(origin()).default([]),
        /** Transparent page background, so the embed takes the host page's. */
        transparent: z.boolean().default(false),
        /** Where links in an embed open: `_top` (the whole window) or `_blank` (a new tab). */
        linkTarget: z.enum(['_top', '_blank'], { error: 'use "_top" or "_blank"' }).default('_top'),
      })
      .default({ allowedOrigins: [], transparent: false, linkTarget: '_top' }),
    /** Search engines and link previews. */
    seo: z
      .strictObject({
        /** Let search engines index the site (robots.txt and a robots meta tag). */
        index: z.boolean().default(true),
      })
      .default({ index: true }),
  })
  .superRefine((config, ctx) => {
    if (config.locales && config.locale !== undefined && localeSegment(config.locale) !== localeSegment(config.locales[0]!)) {
      ctx.addIssue({
        code: 'custom',
        path: ['locale'],
        message: `"${config.locale}" is not the first of locales (${config.locales.map((l) => `"${l}"`).join(', ')}): the first of locales is the site's main language. Remove "locale" or list it first.`,
      });
    }
    const segments = new Map<string, number>();
    config.locales?.forEach((tag, index) => {
      const first = segments.get(localeSegment(tag));
      if (first !== undefined)
        ctx.addIssue({ code: 'custom', path: ['locales', index], message: `"${tag}" is listed twice (as "${config.locales![first]}"): list each language once` });
      segments.set(localeSegment(tag), index);
    });
    const ids = new Set<string>();
    const owner = new Map<string, string>();
    config.columns.forEach((column, index) => {
      if (ids.has(column.id)) {
        ctx.addIssue({ code: 'custom', path: ['columns', index, 'id'], message: `duplicate column id "${column.id}": give each column its own id` });
      }
      ids.add(column.id);
      column.statuses.forEach((status, statusIndex) => {
        const key = statusKey(status);
        const first = owner.get(key);
        if (first && first !== column.id) {
          ctx.addIssue({
            code: 'custom',
            path: ['columns', index, 'statuses', statusIndex],
            message: `status "${status}" is already in column "${first}": list each status in one column only`,
          });
        }
        owner.set(key, column.id);
      });
    });
    if (config.board.showDeclined && !config.columns.some((column) => column.id === DECLINED_COLUMN)) {
      ctx.addIssue({
        code: 'custom',
        path: ['board', 'showDeclined'],
        message: `no column has the id "${DECLINED_COLUMN}", the one showDeclined shows: add {"id": "${DECLINED_COLUMN}", "statuses": ["Canceled"]} to columns, or leave showDeclined off`,
      });
    }
    checkLocalTexts(config, config.locales ?? [config.locale ?? 'en'], ctx);
    // A shipped column that does not exist (or is hidden) leaves the Shipped page empty without a word.
    const shown = config.columns.filter((column) => !column.hidden).map((column) => JSON.stringify(column.id));
    config.shipped.columns.forEach((id, index) => {
      const column = config.columns.find((c) => c.id === id);
      if (!column || column.hidden) {
        ctx.addIssue({
          code: 'custom',
          path: ['shipped', 'columns', index],
          message:
            `${column ? `column "${id}" is hidden, so its issues are not published` : `no column has the id "${id}"`}: ` +
            `name the columns whose issues count as shipped, from: ${shown.join(', ')} (unless set, shipped.columns is ["done"])`,
        });
      }
    });
  })
  // One place decides the languages: `locales` when set, else `locale`, else English; `locale` is always the main (first) one.
  // The texts are the main language's; `languageTexts` holds every language's, for its pages (src/route-data/roadmap.ts).
  .transform(({ locale, locales, ...config }) => {
    const languages = locales ?? [locale ?? 'en'];
    const main = languages[0]!;
    const languageTexts: Record<string, LanguageTexts<LabelOverrides>> = Object.fromEntries(
      languages.map((language) => [language, textsIn<LabelOverrides>(config, language, main)]),
    );
    // Declined issues shown: their column is on the board like any other (the publish rule reads `hidden` alone).
    const columns = config.board.showDeclined ? config.columns.map((column) => (column.id === DECLINED_COLUMN ? { ...column, hidden: false } : column)) : config.columns;
    return {
      ...withTexts({ ...config, columns }, languageTexts[main]!),
      locale: main,
      locales: languages,
      languageTexts,
      /** One warning per text a language of the site falls back to the main language for. */
      textFallbacks: fallbackWarnings(config, languages),
      /** The label overrides given as one text, which every language shows as it is. */
      labelsInEveryLanguage: Object.entries(config.labels)
        .filter(([, value]) => value !== undefined && !isPerLanguage(value))
        .map(([key]) => key),
    };
  });

/** A config whose texts are those of one language. */
type InOneLanguage<C extends { columns: { id: string }[] }> = Omit<C, 'title' | 'description' | 'columns' | 'labels'> & {
  title: string | undefined;
  description: string | undefined;
  columns: (Omit<C['columns'][number], 'label'> & { label?: string | undefined })[];
  labels: LabelOverrides;
};

/** The config with the texts of one language in place of the per-language ones. */
function withTexts<C extends { columns: { id: string }[] }>(config: C, texts: LanguageTexts<LabelOverrides>): InOneLanguage<C> {
  return {
    ...config,
    title: texts.title,
    description: texts.description,
    columns: config.columns.map((column) => ({ ...column, label: texts.columnLabels[column.id] })),
    labels: texts.labels,
  } as InOneLanguage<C>;
}

/** The config in `locale`, one of its languages: its title, description, column labels and label overrides in that language. */
export function configIn<C extends RoadmapConfig>(config: C, locale: string): C {
  const texts = config.languageTexts[locale];
  return texts ? ({ ...config, ...withTexts(config, texts) } as C) : config;
}

/** The config as checked, with a warning for each renamed key it still uses (src/config/renamed-keys.ts). */
export type RoadmapConfig = z.output<typeof RoadmapConfigSchema> & { renamedKeys: string[] };
export type RoadmapConfigInput = z.input<typeof RoadmapConfigSchema>;
export type ColumnConfig = RoadmapConfig['columns'][number];

export function parseRoadmapConfig(input: unknown, file = DEFAULT_CONFIG_FILE): RoadmapConfig {
  const { config, warnings } = moveRenamedKeys(input, file);
  const parsed = parseWithFriendlyErrors(
    RoadmapConfigSchema,
    config,
    file,
    `Fix ${file}; every option is in docs/reference/config.md of portal-roadmap (node_modules/portal-roadmap/docs/reference/config.md).`,
  );
  return { ...parsed, renamedKeys: warnings };
}

/** The config file that `loadRoadmapConfig` reads (whether or not it exists): `named` or roadmap.config.json, in `root`. */
export function configFilePath(root: string, named?: string): string {
  return resolve(root, named || DEFAULT_CONFIG_FILE);
}

/** What errors call the integration's options, which take the config's place. */
export const INLINE_CONFIG_NAME = 'the options of portalRoadmap() in astro.config.mjs';

/**
 * Reads the config: `inline` (the integration's options) when given, else the
 * file `named` (the `ROADMAP_CONFIG` variable) names, else
 * `roadmap.config.json` in `root` when it exists, else the defaults.
 */
export function loadRoadmapConfig(root: string, named?: string, inline?: unknown): RoadmapConfig {
  if (inline !== undefined) return checkFiles(root, parseRoadmapConfig(inline, INLINE_CONFIG_NAME), INLINE_CONFIG_NAME);
  const file = configFilePath(root, named);
  if (!existsSync(file)) {
    if (named) throw new ConfigError(`ROADMAP_CONFIG names ${file}, which does not exist. Fix the path or unset ROADMAP_CONFIG.`);
    return parseRoadmapConfig({});
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new ConfigError(`${file} is not valid JSON: ${(cause as Error).message}. Fix the syntax.`, { cause });
  }
  return checkFiles(root, parseRoadmapConfig(json, file), file);
}

/** The files a valid config names must exist where they are looked for. */
function checkFiles(root: string, config: RoadmapConfig, file: string): RoadmapConfig {
  if (config.theme.customCss) customCssFile(root, config.theme.customCss, file);
  if (config.shipDates) projectFile(root, config.shipDates, { option: 'shipDates', what: 'a JSON file', example: 'ship-dates.json' }, file);
  // A path under public/ that is not there would be a broken image on every page.
  for (const [option, asset] of [
    ['theme.logo', config.theme.logo],
    ['theme.favicon', config.theme.favicon],
    ['theme.socialImage', config.theme.socialImage],
  ] as const) {
    const missing = asset?.startsWith('/') ? missingPublicFile(root, asset) : undefined;
    if (missing) {
      throw new ConfigError(
        `Invalid ${file}:\n  - ${option}: "${asset}" is served from public/, but ${missing} does not exist. Put the file there, use an https URL, or remove the option.`,
      );
    }
  }
  return config;
}

export { localeSegment };

/** A BCP 47 tag; a language named in words ("german") is refused with the tag to use instead. */
function localeTag() {
  return z.string().refine((tag) => isLocale(tag), {
    error: (issue) => {
      const suggestion = typeof issue.input === 'string' ? suggestLocale(issue.input) : undefined;
      return `${JSON.stringify(issue.input)} is not a BCP 47 language tag: use ${suggestion ? `"${suggestion}"` : 'a tag such as "en" or "de-DE"'}`;
    },
  });
}

/** The file a `/path` asset is served from, when it is not there. */
function missingPublicFile(root: string, asset: string): string | undefined {
  const file = resolve(root, 'public', `.${asset.split(/[?#]/)[0]}`);
  return existsSync(file) ? undefined : file;
}

/**
 * The real path of `theme.customCss`, checked: a file (not a folder) inside
 * the project root, also once symbolic links are followed. Its content is
 * published in site.css, so a path such as `/proc/self/environ` or
 * `../.env` must never be read.
 */
export function customCssFile(root: string, css: string, configFile = DEFAULT_CONFIG_FILE): string {
  return projectFile(root, css, { option: 'theme.customCss', what: 'a CSS file', example: 'roadmap.css' }, configFile);
}

/**
 * The real path of a file the config names (`path`, relative to the project root), checked as
 * `customCssFile` says: a file inside the project, also once symbolic links are followed.
 */
export function projectFile(root: string, path: string, named: { option: string; what: string; example: string }, configFile = DEFAULT_CONFIG_FILE): string {
  const fail = (problem: string) =>
    new ConfigError(`Invalid ${configFile}:\n  - ${named.option}: ${problem}. Give the path of ${named.what} inside the project, relative to its root, e.g. "${named.example}".`);
  const candidate = resolve(root, path);
  if (!existsSync(candidate)) throw fail(`${candidate} does not exist`);
  const realRoot = realpathSync(root);
  const real = realpathSync(candidate);
  const inside = relative(realRoot, real);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) throw fail(`${candidate} is outside the project root ${realRoot}`);
  if (!statSync(real).isFile()) throw fail(`${candidate} is not a file`);
  return real;
}

/**
 * An http(s) origin exactly as a browser writes it: scheme, lowercase host
 * (punycode for other scripts) and an optional port, nothing else. The value
 * goes into a CSP header line, so `;`, `,`, spaces, paths and wildcards
 * (which the URL parser would take as part of a host) are refused.
 */
const ORIGIN = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/;

function origin() {
  return z.string().refine((value) => {
    if (!ORIGIN.test(value)) return false;
    try {
      return new URL(value).origin === value;
    } catch {
      return false;
    }
  }, 'use an origin: http(s), a lowercase host name and an optional port, nothing else (no path, trailing slash, wildcard, ";" or ","), e.g. "https://docs.example.com"');
}

/** Where a relative asset path is resolved to check that it stays on the site. */
const ASSET_BASE = 'https://site.invalid/';

/**
 * A path under public/ (served with the base path, see `assetUrl`) or an
 * https URL. Checked the way a browser will read it: `/\other.example/x.png`
 * and `//other.example/x.png` are URLs of another site, so a path must start
 * with one `/`, hold no backslash, space or control character and no `.` or
 * `..` segment, and resolve to this site.
 */
export function isPublicAsset(value: string): boolean {
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith('https://')) {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  const path = value.split(/[?#]/, 1)[0]!;
  if (path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment))) return false;
  try {
    return new URL(value, ASSET_BASE).origin === new URL(ASSET_BASE).origin;
  } catch {
    return false;
  }
}

function brandImage(example: string) {
  return z
    .string()
    .refine(
      (value) => isPublicAsset(value) || (isBrandFile(value) && value.trim() !== '' && !/[\\\u0000-\u001f\u007f]/.test(value)),
      `use an image file relative to the config file such as "${example}", a path under public/ (one leading "/", no backslash), or an https URL`,
    );
}

/**
 * A well-formed BCP 47 tag whose language subtag can exist: two or three
 * letters. The grammar also allows 5–8 letter language subtags, but none is
 * registered, so `"german"` (which `Intl` accepts) is refused here.
 */
function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1 && /^[a-z]{2,3}$/i.test(new Intl.Locale(tag).language);
  } catch {
    return false;
  }
}
