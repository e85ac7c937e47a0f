/**
 * The site configuration: one zod schema is the single source of truth for
 * what `roadmap.config.json` may hold, its defaults and its types.
 * Unknown keys fail, so a misspelt option never passes silently.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../shared/errors.ts';
import { parseWithFriendlyErrors } from './friendly-errors.ts';
import { EN, suggestLocale, type LabelKey, type PluralKey, type StringKey } from '../site/labels.ts';
import { HEX_COLOUR, httpUrl } from '../shared/values.ts';
import { statusKey } from './status-key.ts';

export const DEFAULT_CONFIG_FILE = 'roadmap.config.json';

export const ColumnSchema = z.strictObject({
  /** Stable id: used in URLs and as a CSS hook. Lowercase letters, digits and dashes. */
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lowercase letters, digits and single dashes, e.g. "in-progress"'),
  /** Heading shown above the column. Optional for the default column ids, which have labels in every language. */
  label: z.string().trim().min(1, 'give the column a heading, e.g. "In progress"').optional(),
  /** Statuses that land in this column. Matched ignoring case, spaces, dashes and underscores. */
  statuses: z.array(z.string().trim().min(1, 'a status cannot be empty')).min(1, 'list at least one status, e.g. ["In Progress"]'),
  /** Leave these issues off the site: no card, no page. */
  hidden: z.boolean().default(false),
});

/** Defaults that match the words common trackers use. */
export const DEFAULT_COLUMNS: z.input<typeof ColumnSchema>[] = [
  { id: 'backlog', statuses: ['backlog', 'triage', 'icebox', 'under consideration'] },
  { id: 'planned', statuses: ['todo', 'to do', 'planned', 'unstarted', 'next', 'up next'] },
  { id: 'in-progress', statuses: ['in progress', 'started', 'in review', 'review', 'doing', 'in development', 'testing'] },
  { id: 'done', statuses: ['done', 'completed', 'complete', 'shipped', 'released', 'closed'] },
  { id: 'canceled', statuses: ['canceled', 'cancelled', 'duplicate', "won't do", 'wont do'], hidden: true },
];

const hexColour = z.string().regex(HEX_COLOUR, 'use a hex colour, e.g. "#1d4ed8"');

const labelKeys = Object.keys(EN) as LabelKey[];
/** Plural forms in an override: `other` is required; a missing form falls back to it (the build warns). */
const PluralOverrideSchema = z.strictObject({
  zero: z.string().min(1).optional(),
  one: z.string().min(1).optional(),
  two: z.string().min(1).optional(),
  few: z.string().min(1).optional(),
  many: z.string().min(1).optional(),
  other: z.string().min(1, 'give the "other" form, e.g. "{count} requests"'),
});
/** A plain message for a plain key; for a counted key a plain message (every count) or plural forms. */
const LabelsSchema = z.strictObject(
  Object.fromEntries(
    labelKeys.map((key) => [key, typeof EN[key] === 'string' ? z.string().min(1).optional() : z.union([z.string().min(1), PluralOverrideSchema]).optional()]),
  ) as { [K in StringKey]: z.ZodOptional<z.ZodString> } & { [K in PluralKey]: z.ZodOptional<z.ZodUnion<[z.ZodString, typeof PluralOverrideSchema]>> },
);

export const RoadmapConfigSchema = z
  .strictObject({
    /** Site title: header, `<title>` and feeds. Unset: "Product roadmap" in the site's language. */
    title: z.string().trim().min(1, 'give the site a title').optional(),
    /** One-sentence description for the home page and meta tags. Unset: a default in the site's language. */
    description: z.string().optional(),
    /** Absolute URL the site is served from, e.g. `https://example.com`. Needed for canonical URLs and the sitemap. */
    site: z.url({ protocol: /^https?$/, error: 'use an absolute http(s) URL, e.g. "https://roadmap.example.com"' }).optional(),
    /** Path prefix when the site is not served from the root, e.g. `/roadmap`. */
    base: z.string().regex(/^\/[^?#\s]*$/, 'start with "/", e.g. "/roadmap"').default('/'),
    /** BCP 47 locale: its language picks the interface's translation, the whole tag formats dates and numbers, e.g. `en`, `de-AT`. */
    locale: localeTag().optional(),
    /**
     * One site in several languages, e.g. `["en", "de"]`: the first at the
     * root, each other under `/{tag}/` (lower case). Unset: the one `locale`.
     */
    locales: z.array(localeTag()).min(1, 'list at least one language, e.g. ["en", "de"]').optional(),
    /** Board columns, in order, each with the statuses it collects. An unmapped status gets a column of its own. */
    columns: z.array(ColumnSchema).min(1, 'configure at least one column').prefault(DEFAULT_COLUMNS),
    /** Overrides of UI strings; the keys are those of src/site/i18n/en.json. Counted keys take a string or plural forms. */
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
      })
      .default({ cardsPerColumn: 20, pageSize: 50 }),
    /**
     * Link each issue to a vote or discussion page: an http(s) URL with
     * `{issueId}` and/or `{identifier}` in it, e.g. `https://portal.example.com/r/{issueId}`.
     */
    voteUrl: z
      .string()
      .refine((template) => /\{(issueId|identifier)\}/.test(template), 'include {issueId} or {identifier}, e.g. "https://portal.example.com/r/{issueId}"')
      .refine((template) => httpUrl(template.replace(/\{(issueId|identifier)\}/g, 'x')) !== null, 'use an absolute http(s) URL, e.g. "https://portal.example.com/r/{issueId}"')
      .optional(),
    /** Look and feel. */
    theme: z
      .strictObject({
        /** Accent colour of progress bars, focus rings and the header rule. Links keep their tested colours. */
        accent: hexColour.optional(),
        /** Logo beside the title: a path under `public/` (e.g. `/logo.svg`) or an https URL. */
        logo: publicAsset('/logo.svg').optional(),
        /** A CSS file of yours, relative to the project root, loaded after the site's own styles. */
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
        /** Open Graph / Twitter image: a path under `public/` (e.g. `/og.png`) or an https URL. */
        image: publicAsset('/og.png').optional(),
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
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['locales', index], message: `"${tag}" is listed twice (as "${config.locales![first]}"): list each language once` });
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
  })
  // One place decides the languages: `locales` when set, else `locale`, else English; `locale` is always the main (first) one.
  .transform(({ locale, locales, ...config }) => {
    const languages = locales ?? [locale ?? 'en'];
    return { ...config, locale: languages[0]!, locales: languages };
  });

export type RoadmapConfig = z.output<typeof RoadmapConfigSchema>;
export type RoadmapConfigInput = z.input<typeof RoadmapConfigSchema>;
export type ColumnConfig = z.output<typeof ColumnSchema>;

export function parseRoadmapConfig(input: unknown, file = DEFAULT_CONFIG_FILE): RoadmapConfig {
  return parseWithFriendlyErrors(RoadmapConfigSchema, input, file, `Fix ${file}; every option is listed in the README under "Configuration".`);
}

/**
 * Reads the config: `named` (the `ROADMAP_CONFIG` variable) names the file,
 * else `roadmap.config.json` in `root` is used when it exists, else the defaults.
 */
export function loadRoadmapConfig(root: string, named?: string): RoadmapConfig {
  const file = resolve(root, named || DEFAULT_CONFIG_FILE);
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
  const config = parseRoadmapConfig(json, file);
  const css = config.theme.customCss;
  if (css && !existsSync(resolve(root, css))) {
    throw new ConfigError(`Invalid ${file}:\n  - theme.customCss: ${resolve(root, css)} does not exist. Fix the path (relative to the project root) or remove the option.`);
  }
  return config;
}

/** The URL folder of a language's pages: the tag in lower case (`pt-BR` → `pt-br`). */
export function localeSegment(tag: string): string {
  return tag.toLowerCase();
}

function localeTag() {
  return z.string().refine((tag) => isLocale(tag), {
    error: (issue) => {
      const suggestion = typeof issue.input === 'string' ? suggestLocale(issue.input) : undefined;
      return `${JSON.stringify(issue.input)} is not a BCP 47 language tag: use ${suggestion ? `"${suggestion}"` : 'a tag such as "en" or "de-DE"'}`;
    },
  });
}

/** An http(s) origin: scheme, host and optional port, nothing else. */
function origin() {
  return z
    .string()
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
      } catch {
        return false;
      }
    }, 'use an origin: scheme, host and optional port, no path or trailing slash, e.g. "https://docs.example.com"');
}

/** A path under public/ (served with the base path, see `assetUrl`) or an https URL. */
function publicAsset(example: string) {
  return z.string().refine((v) => v.startsWith('/') || /^https:\/\//.test(v), `use a path under public/ such as "${example}", or an https URL`);
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
