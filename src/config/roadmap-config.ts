/**
 * The site configuration: one zod schema is the single source of truth for
 * what `roadmap.config.json` may hold, its defaults and its types.
 * Unknown keys fail, so a misspelt option never passes silently.
 *
 * The options are declared in src/config/schemas/, one file per group of options (the site, its languages,
 * columns, labels, theme, embed, notify, …), each field with the JSDoc that docs/reference/config.md is
 * generated from (`npm run docs:config`). This file puts them together in the order the reference lists them,
 * checks what spans several options, and reads the config file. A new option goes in the file of its group; a
 * new group is a file of its own, spread into `RoadmapConfigSchema` below.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { localeSegment } from '../i18n/locale-segment.ts';
import type { LabelOverrides } from '../i18n/labels.ts';
import { ConfigError } from '../shared/errors.ts';
import { parseWithFriendlyErrors } from '../shared/friendly-errors.ts';
import { statusKey } from '../shared/status-key.ts';
import { isObject, moveRenamedKeys } from './renamed-keys.ts';
import { boardOptions } from './schemas/board.ts';
import { columnOptions, DECLINED_COLUMN } from './schemas/columns.ts';
import { embedOptions } from './schemas/embed.ts';
import { hostOptions } from './schemas/host.ts';
import { labelOptions } from './schemas/labels.ts';
import { languageOptions } from './schemas/languages.ts';
import { linkOptions } from './schemas/links.ts';
import { checkLocalTexts, fallbackWarnings, isPerLanguage, textsIn, type LanguageTexts } from './schemas/local-text.ts';
import { navOptions } from './schemas/nav.ts';
import { notifyOptions } from './schemas/notify.ts';
import { privacyOptions } from './schemas/privacy.ts';
import { searchOptions } from './schemas/search.ts';
import { seoOptions } from './schemas/seo.ts';
import { shareCardOptions } from './schemas/share-cards.ts';
import { releaseNoteOptions } from './schemas/release-notes.ts';
import { shipDateOptions } from './schemas/ship-dates.ts';
import { shippedOptions } from './schemas/shipped.ts';
import { siteOptions } from './schemas/site.ts';
import { subscribeOptions } from './schemas/subscribe.ts';
import { themeOptions } from './schemas/theme.ts';

export const DEFAULT_CONFIG_FILE = 'roadmap.config.json';

export const RoadmapConfigSchema = z
  .strictObject({
    ...siteOptions,
    ...languageOptions,
    ...columnOptions,
    ...labelOptions,
    ...privacyOptions,
    ...boardOptions,
    ...linkOptions,
    ...navOptions,
    ...subscribeOptions,
    ...notifyOptions,
    ...shareCardOptions,
    ...shipDateOptions,
    ...hostOptions,
    ...themeOptions,
    ...shippedOptions,
    ...releaseNoteOptions,
    ...embedOptions,
    ...seoOptions,
    ...searchOptions,
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

/**
 * The config as checked, with a warning for each renamed key it still uses (src/config/renamed-keys.ts), and the
 * options it gives itself rather than takes by default (`givenOptions`: each key at the top and one level down, by
 * its dotted path, as `embed.allowedOrigins`), for the notes that an option written out silences (./config-notes.ts).
 */
export type RoadmapConfig = z.output<typeof RoadmapConfigSchema> & { renamedKeys: string[]; givenOptions: string[] };
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
  return { ...parsed, renamedKeys: warnings, givenOptions: givenOptionPaths(config) };
}

/** The keys of a checked config's input, at the top and one level down: `shareCards`, `embed`, `embed.allowedOrigins`. */
function givenOptionPaths(input: unknown): string[] {
  if (!isObject(input)) return [];
  return Object.entries(input).flatMap(([key, value]) => [key, ...(isObject(value) ? Object.keys(value).map((inner) => `${key}.${inner}`) : [])]);
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
